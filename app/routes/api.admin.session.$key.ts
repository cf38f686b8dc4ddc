import { jsonAnswer } from "~/http/answers.server";
import { endOwnSession } from "~/models/admins/sessions.server";
import { apiRoute } from "~/http/api-route.server";

/** DELETE ends one other session of the signed-in admin, by the `key` the list gives → `{ok:true}`. */
export const { loader, action } = apiRoute(
  {
    DELETE: ({ admin, params }) => {
      endOwnSession(admin, params.key ?? "");
      return jsonAnswer({ ok: true });
    },
  },
  { auth: "admin" },
);
