import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { DecisionSchema } from "~/models/leave/schema";
import { decideLeave } from "~/models/leave/notices.server";
import { apiRoute } from "~/http/api-route.server";

/** POST `{id, action: "accept"|"reject", note}` → `{petition}`; a reject without a note → 400 (`note`); not pending → 409. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(DecisionSchema, await readBody(request), "ข้อมูลการพิจารณาไม่ถูกต้อง");
      return jsonAnswer({ petition: decideLeave(input, actor).petition });
    },
  },
  { auth: "admin" },
);
