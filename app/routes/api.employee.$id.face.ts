import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { resetFace } from "~/models/employees/face.server";
import { apiRoute } from "~/http/api-route.server";

/** DELETE: an admin resets the employee's registered face. */
export const { loader, action } = apiRoute(
  { DELETE: ({ params, actor }) => jsonAnswer({ employee: resetFace(intParam(params.id), actor) }) },
  { auth: "admin" },
);
