import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { refreshGroup } from "~/models/line/group.server";
import { apiRoute } from "~/http/api-route.server";

/** Reads the group's name and picture again from LINE → `{group}` · 404 · 409 left · 502/503 LINE. */
export const { loader, action } = apiRoute(
  { POST: async ({ params, actor }) => jsonAnswer({ group: await refreshGroup(intParam(params.id), actor) }) },
  { auth: "admin" },
);
