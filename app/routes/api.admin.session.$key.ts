import { json } from "~/lib/answer-bytes.server";
import { endOwnSession } from "~/models/admin-sessions.server";
import { apiRoute } from "~/server/api-route.server";

/** DELETE ends one other session of the signed-in admin, by the `key` the list gives → `{ok:true}`. */
export const { loader, action } = apiRoute(
  {
    DELETE: ({ admin, params }) => {
      endOwnSession(admin, params.key ?? "");
      return json({ ok: true });
    },
  },
  { auth: "admin" },
);
