import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { sendGroupTestMessage, TestMessageSchema } from "~/models/line/group.server";
import { apiRoute } from "~/http/api-route.server";

/** Pushes a test text (`{text?}`) to the group → `{ok, retry_key}` · 404 · 409 left · 502/503 LINE. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const hasBody = Boolean(request.headers.get("content-type"));
      const input = parseOrThrow(TestMessageSchema, hasBody ? await readBody(request) : {}, "ข้อความทดสอบไม่ถูกต้อง");
      return jsonAnswer(await sendGroupTestMessage(id, input.text, actor));
    },
  },
  { auth: "admin" },
);
