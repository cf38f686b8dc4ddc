import { json } from "~/lib/answer-bytes.server";
import { issueAdminLineCode } from "~/models/admin-line.server";
import { apiRoute } from "~/server/api-route.server";

/** POST → `{code, expires_at}`: a one-time code (10 minutes) the signed-in admin sends to the bot to link their LINE. */
export const { loader, action } = apiRoute({ POST: ({ admin }) => json(issueAdminLineCode(admin.id)) }, { auth: "admin" });
