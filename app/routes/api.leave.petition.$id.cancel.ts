import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { CancelSchema } from "~/models/leave-schema";
import { cancelLeave } from "~/models/leave-notices.server";
import { apiRoute } from "~/server/api-route.server";

/** POST `{note?}`: an admin cancels a pending or approved petition → `{petition}`; otherwise 409. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const { note } = parseOrThrow(CancelSchema, await readBody(request), "ข้อมูลการยกเลิกไม่ถูกต้อง");
      return json({ petition: cancelLeave(id, actor, note).petition });
    },
  },
  { auth: "admin" },
);
