import { json } from "~/lib/answer-bytes.server";
import { endOtherSessions, listOwnSessions } from "~/models/admin-sessions.server";
import { apiRoute } from "~/server/api-route.server";

/** The signed-in admin's own sessions: GET → `{sessions, total}` (this one and the newest others) · DELETE ends all but this one → `{ended}`. */
export const { loader, action } = apiRoute(
  {
    GET: ({ admin }) => json(listOwnSessions(admin)),
    DELETE: ({ admin }) => json({ ended: endOtherSessions(admin) }),
  },
  { auth: "admin" },
);
