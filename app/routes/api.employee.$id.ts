import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { EmployeeUpdateSchema } from "~/models/employee-schema";
import { requireEmployee, updateEmployee } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => json({ employee: requireEmployee(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(EmployeeUpdateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
      return json({ employee: updateEmployee(id, input, actor) });
    },
  },
  { auth: "admin" },
);
