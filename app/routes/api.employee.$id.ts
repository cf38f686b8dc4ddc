import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { EmployeeUpdateSchema } from "~/models/employees/schema";
import { requireEmployee, updateEmployee } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ employee: requireEmployee(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(EmployeeUpdateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
      return jsonAnswer({ employee: updateEmployee(id, input, actor) });
    },
  },
  { auth: "admin" },
);
