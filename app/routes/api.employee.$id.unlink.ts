import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { unlinkLineUser } from "~/models/line-link.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { POST: ({ params, actor }) => json({ employee: unlinkLineUser(intParam(params.id), actor) }) },
  { auth: "admin" },
);
