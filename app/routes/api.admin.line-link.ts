import { jsonAnswer } from "~/http/answers.server";
import { adminLineState, unlinkAdminLine } from "~/models/admins/line-account.server";
import { apiRoute } from "~/http/api-route.server";

/** GET → `{linked, linked_at}` of the signed-in admin; DELETE removes the link (409 when there is none). */
export const { loader, action } = apiRoute(
  {
    GET: ({ admin }) => jsonAnswer(adminLineState(admin.id)),
    DELETE: ({ admin, actor }) => jsonAnswer(unlinkAdminLine(admin.id, actor)),
  },
  { auth: "admin" },
);
