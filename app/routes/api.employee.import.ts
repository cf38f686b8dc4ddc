import { apiRoute } from "~/server/api-route.server";
import { employeeImportResponse } from "~/server/employee-import.server";

export const { loader, action } = apiRoute(
  { POST: ({ request, actor }) => employeeImportResponse(request, actor) },
  { auth: "admin" },
);
