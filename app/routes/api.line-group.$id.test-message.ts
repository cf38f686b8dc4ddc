import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { sendGroupTestMessage, TestMessageSchema } from "~/models/line-group.server";

export const loader = () => methodNotAllowed();

/** Pushes a test text (`{text?}`) to the group → `{ok, retry_key}` · 404 · 409 left · 502/503 LINE. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    const hasBody = Boolean(request.headers.get("content-type"));
    const input = parseOrThrow(TestMessageSchema, hasBody ? await readBody(request) : {}, "ข้อความทดสอบไม่ถูกต้อง");
    return json(await sendGroupTestMessage(id, input.text, { type: "admin", id: admin.id }));
  });
}
