import { json } from "@remix-run/node";
import { signOut } from "~/auth/auth.server";
import { apiRoute } from "~/server/api-route.server";

const logout = async ({ request }: { request: Request }) =>
  json({ ok: true }, { headers: { "Set-Cookie": await signOut(request) } });

/** The spec's GET (and POST) ends the server-side session → `{ok:true}`. */
export const { loader, action } = apiRoute({ GET: logout, POST: logout }, { auth: "none" });
