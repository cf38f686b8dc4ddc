import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { methodNotAllowed } from "~/lib/http.server";
import { listGroups } from "~/models/line-group.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json(listGroups());
}

/** Groups come from LINE's join events, never from a POST. */
export const action = () => methodNotAllowed();
