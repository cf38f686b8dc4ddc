import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { issueLinkHandover } from "~/models/link-handover.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) =>
      json(await issueLinkHandover(intParam(params.id), actor, new URL(request.url).origin)),
  },
  { auth: "admin" },
);
