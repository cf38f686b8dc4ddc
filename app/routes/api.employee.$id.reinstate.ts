import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { reinstateEmployee } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { POST: ({ params, actor }) => jsonAnswer({ employee: reinstateEmployee(intParam(params.id), actor) }) },
  { auth: "admin" },
);
