import { jsonAnswer } from "~/http/answers.server";
import { endOtherSessions, listOwnSessions } from "~/models/admins/sessions.server";
import { apiRoute } from "~/http/api-route.server";

/** The signed-in admin's own sessions: GET → `{sessions, total}` (this one and the newest others) · DELETE ends all but this one → `{ended}`. */
export const { loader, action } = apiRoute(
  {
    GET: ({ admin }) => jsonAnswer(listOwnSessions(admin)),
    DELETE: ({ admin }) => jsonAnswer({ ended: endOtherSessions(admin) }),
  },
  { auth: "admin" },
);
