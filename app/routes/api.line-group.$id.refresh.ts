import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed } from "~/lib/http.server";
import { refreshGroup } from "~/models/line-group.server";

export const loader = () => methodNotAllowed();

/** Reads the group's name and picture again from LINE → `{group}` · 404 · 409 left · 502/503 LINE. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    return json({ group: await refreshGroup(id, { type: "admin", id: admin.id }) });
  });
}
