import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { EmployeeCreateSchema } from "~/models/employee-schema";
import { createEmployee } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";
import { employeeListResponse } from "~/server/employee-list.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => employeeListResponse("active", request),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(EmployeeCreateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
      return json({ employee: createEmployee(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
