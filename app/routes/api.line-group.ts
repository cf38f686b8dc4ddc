import { jsonAnswer } from "~/http/answers.server";
import { listGroups } from "~/models/line/group.server";
import { apiRoute } from "~/http/api-route.server";

/** Groups come from LINE's join events, never from a POST. */
export const { loader, action } = apiRoute({ GET: () => jsonAnswer(listGroups()) }, { auth: "admin" });
