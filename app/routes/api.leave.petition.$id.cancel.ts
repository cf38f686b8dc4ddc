import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { CancelSchema } from "~/models/leave/schema";
import { cancelLeave } from "~/models/leave/notices.server";
import { apiRoute } from "~/http/api-route.server";

/** POST `{note?}`: an admin cancels a pending or approved petition → `{petition}`; otherwise 409. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const { note } = parseOrThrow(CancelSchema, await readBody(request), "ข้อมูลการยกเลิกไม่ถูกต้อง");
      return jsonAnswer({ petition: cancelLeave(id, actor, note).petition });
    },
  },
  { auth: "admin" },
);
