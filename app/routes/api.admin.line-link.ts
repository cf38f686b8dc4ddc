import { json } from "~/lib/answer-bytes.server";
import { adminLineState, unlinkAdminLine } from "~/models/admin-line.server";
import { apiRoute } from "~/server/api-route.server";

/** GET → `{linked, linked_at}` of the signed-in admin; DELETE removes the link (409 when there is none). */
export const { loader, action } = apiRoute(
  {
    GET: ({ admin }) => json(adminLineState(admin.id)),
    DELETE: ({ admin, actor }) => json(unlinkAdminLine(admin.id, actor)),
  },
  { auth: "admin" },
);
