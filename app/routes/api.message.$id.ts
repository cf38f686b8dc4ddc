import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseReplyInput, ReplyUpdateSchema } from "~/models/line-message-schema";
import { deleteReply, requireReply, updateReply } from "~/models/reply-message.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => json({ message: requireReply(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseReplyInput(ReplyUpdateSchema, await readBody(request));
      return json({ message: updateReply(id, input, actor) });
    },
    DELETE: ({ params, actor }) => {
      deleteReply(intParam(params.id), actor);
      return json({ ok: true });
    },
  },
  { auth: "admin" },
);
