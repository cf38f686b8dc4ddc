import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { methodNotAllowed } from "~/lib/http.server";
import { listProvinces } from "~/models/address.server";

// Reference data changes only with a package upgrade; per-user cache since the route is admin-only.
const CACHE = { "Cache-Control": "private, max-age=3600" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json({ items: listProvinces() }, { headers: CACHE });
}

export const action = () => methodNotAllowed();
