import { apiRoute } from "~/http/api-route.server";
import { employeeImportResponse } from "~/http/api/employee-import.server";

export const { loader, action } = apiRoute(
  { POST: ({ request, actor }) => employeeImportResponse(request, actor) },
  { auth: "admin" },
);
