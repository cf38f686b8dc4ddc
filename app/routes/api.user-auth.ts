import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminApi(request);
  return json({ user: { username: user.username, permission: user.permission } });
}
