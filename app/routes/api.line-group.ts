import { json } from "~/lib/answer-bytes.server";
import { listGroups } from "~/models/line-group.server";
import { apiRoute } from "~/server/api-route.server";

/** Groups come from LINE's join events, never from a POST. */
export const { loader, action } = apiRoute({ GET: () => json(listGroups()) }, { auth: "admin" });
