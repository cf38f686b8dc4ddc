import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { unlinkLineUser } from "~/models/line/link.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { POST: ({ params, actor }) => jsonAnswer({ employee: unlinkLineUser(intParam(params.id), actor) }) },
  { auth: "admin" },
);
