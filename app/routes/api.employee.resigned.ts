import { apiRoute } from "~/server/api-route.server";
import { employeeListResponse } from "~/server/employee-list.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => employeeListResponse("resigned", request) },
  { auth: "admin" },
);
