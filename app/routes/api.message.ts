import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseReplyInput, ReplyCreateSchema } from "~/models/line-message-schema";
import { createReply, listReplies } from "~/models/reply-message.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return json(listReplies());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const input = parseReplyInput(ReplyCreateSchema, await readBody(request));
    return json({ message: createReply(input, { type: "admin", id: admin.id }) }, { status: 201 });
  });
}
