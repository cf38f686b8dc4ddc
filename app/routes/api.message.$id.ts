import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseReplyInput, ReplyUpdateSchema } from "~/models/line/message-schema";
import { deleteReply, requireReply, updateReply } from "~/models/line/reply-message.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ message: requireReply(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseReplyInput(ReplyUpdateSchema, await readBody(request));
      return jsonAnswer({ message: updateReply(id, input, actor) });
    },
    DELETE: ({ params, actor }) => {
      deleteReply(intParam(params.id), actor);
      return jsonAnswer({ ok: true });
    },
  },
  { auth: "admin" },
);
