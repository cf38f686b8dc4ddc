import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { issueLinkHandover } from "~/models/line/link-handover.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) =>
      jsonAnswer(await issueLinkHandover(intParam(params.id), actor, new URL(request.url).origin)),
  },
  { auth: "admin" },
);
