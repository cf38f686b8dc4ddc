import { apiRoute } from "~/http/api-route.server";
import { employeeListResponse } from "~/http/api/employee-list.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => employeeListResponse("resigned", request) },
  { auth: "admin" },
);
