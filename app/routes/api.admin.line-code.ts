import { jsonAnswer } from "~/http/answers.server";
import { issueAdminLineCode } from "~/models/admins/line-account.server";
import { apiRoute } from "~/http/api-route.server";

/** POST → `{code, expires_at}`: a one-time code (10 minutes) the signed-in admin sends to the bot to link their LINE. */
export const { loader, action } = apiRoute({ POST: ({ admin }) => jsonAnswer(issueAdminLineCode(admin.id)) }, { auth: "admin" });
