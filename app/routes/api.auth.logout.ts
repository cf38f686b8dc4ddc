import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { signOut } from "~/auth/auth.server";

async function logout({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return json({ ok: true }, { headers: { "Set-Cookie": await signOut(request) } });
}

export const loader = logout;
export const action = logout;
