import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { resetFace } from "~/models/face.server";
import { apiRoute } from "~/server/api-route.server";

/** DELETE: an admin resets the employee's registered face. */
export const { loader, action } = apiRoute(
  { DELETE: ({ params, actor }) => json({ employee: resetFace(intParam(params.id), actor) }) },
  { auth: "admin" },
);
