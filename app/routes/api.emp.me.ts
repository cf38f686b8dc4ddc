import { json } from "~/lib/answer-bytes.server";
import { requireEmployee } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ employee }) => json({ employee: requireEmployee(employee.id) }) },
  { auth: "employee" },
);
