import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseReplyInput, ReplyCreateSchema } from "~/models/line/message-schema";
import { createReply, listReplies } from "~/models/line/reply-message.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: () => jsonAnswer(listReplies()),
    POST: async ({ request, actor }) => {
      const input = parseReplyInput(ReplyCreateSchema, await readBody(request));
      return jsonAnswer({ message: createReply(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
