import { jsonAnswer, apiError } from "~/http/answers.server";
import { signOut } from "~/http/auth.server";
import { isSameOriginRequest } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";

const logout = async ({ request }: { request: Request }) =>
  jsonAnswer({ ok: true }, { headers: { "Set-Cookie": await signOut(request) } });

/**
 * The spec's GET (and POST) ends the server-side session → `{ok:true}`. GET stays, but a link or
 * image on another site must not sign the admin out; POST is checked for its origin by
 * server/security.mjs like every other POST.
 */
export const { loader, action } = apiRoute(
  {
    GET: (args) =>
      isSameOriginRequest(args.request) ? logout(args) : apiError(403, "ออกจากระบบได้จากหน้าเว็บของระบบเท่านั้น"),
    POST: logout,
  },
  { auth: "none" },
);
