import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";
import { employeeListResponse } from "~/http/api/employee-list.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => employeeListResponse("active", request),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(EmployeeCreateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
      return jsonAnswer({ employee: createEmployee(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
