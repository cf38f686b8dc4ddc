import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { signOut } from "~/auth/auth.server";
import { apiError, isSameOriginRequest } from "~/lib/http.server";

async function logout({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return json({ ok: true }, { headers: { "Set-Cookie": await signOut(request) } });
}

// GET stays (the spec's), but a link or image on another site must not sign the admin out.
// POST is checked for its origin by server/security.mjs like every other POST.
export const loader = (args: LoaderFunctionArgs) =>
  isSameOriginRequest(args.request) ? logout(args) : apiError(403, "ออกจากระบบได้จากหน้าเว็บของระบบเท่านั้น");
export const action = logout;
