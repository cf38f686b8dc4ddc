import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { syncReplies } from "~/models/reply-message.server";

export const loader = () => methodNotAllowed();

/** Validates every active reply with LINE → `{synced, invalid:[{id, error}], synced_at}`; 502/503 when LINE fails. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => json(await syncReplies({ type: "admin", id: admin.id })));
}
