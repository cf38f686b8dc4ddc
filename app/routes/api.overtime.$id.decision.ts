import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { decideOvertimeAndNotify } from "~/models/overtime/notices.server";
import { OVERTIME_INPUT_MESSAGES, OvertimeDecisionSchema } from "~/models/overtime/schema";

/** POST `{decision: "approve"|"reject", note}` → `{overtime}`; a reject without a note → 400 (`note`); not pending → 409. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(OvertimeDecisionSchema, await readBody(request), OVERTIME_INPUT_MESSAGES.decision);
      return jsonAnswer({ overtime: decideOvertimeAndNotify(id, input, actor) });
    },
  },
  { auth: "admin" },
);
