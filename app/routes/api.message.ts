import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseReplyInput, ReplyCreateSchema } from "~/models/line-message-schema";
import { createReply, listReplies } from "~/models/reply-message.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: () => json(listReplies()),
    POST: async ({ request, actor }) => {
      const input = parseReplyInput(ReplyCreateSchema, await readBody(request));
      return json({ message: createReply(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
