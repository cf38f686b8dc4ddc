import { json } from "~/lib/answer-bytes.server";
import { signOut } from "~/auth/auth.server";
import { apiError, isSameOriginRequest } from "~/lib/http.server";
import { apiRoute } from "~/server/api-route.server";

const logout = async ({ request }: { request: Request }) =>
  json({ ok: true }, { headers: { "Set-Cookie": await signOut(request) } });

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
