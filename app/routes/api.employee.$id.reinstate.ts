import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { reinstateEmployee } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { POST: ({ params, actor }) => json({ employee: reinstateEmployee(intParam(params.id), actor) }) },
  { auth: "admin" },
);
