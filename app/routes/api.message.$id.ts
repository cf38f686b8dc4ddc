import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseReplyInput, ReplyUpdateSchema } from "~/models/line-message-schema";
import { deleteReply, requireReply, updateReply } from "~/models/reply-message.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return handleApi(() => json({ message: requireReply(intParam(params.id)) }));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  const actor = { type: "admin" as const, id: admin.id };
  return handleApi(async () => {
    const id = intParam(params.id);
    if (request.method === "DELETE") {
      deleteReply(id, actor);
      return json({ ok: true });
    }
    const input = parseReplyInput(ReplyUpdateSchema, await readBody(request));
    return json({ message: updateReply(id, input, actor) });
  });
}
