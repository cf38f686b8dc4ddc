import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { refreshGroup } from "~/models/line-group.server";
import { apiRoute } from "~/server/api-route.server";

/** Reads the group's name and picture again from LINE → `{group}` · 404 · 409 left · 502/503 LINE. */
export const { loader, action } = apiRoute(
  { POST: async ({ params, actor }) => json({ group: await refreshGroup(intParam(params.id), actor) }) },
  { auth: "admin" },
);
