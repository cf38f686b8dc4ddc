import { jsonAnswer } from "~/http/answers.server";
import { requireEmployee } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ employee }) => jsonAnswer({ employee: requireEmployee(employee.id) }) },
  { auth: "employee" },
);
