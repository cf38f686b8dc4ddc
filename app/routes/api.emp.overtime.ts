import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { askOvertime } from "~/models/overtime/notices.server";
import { listOwnOvertime } from "~/models/overtime/overtime.server";
import { OVERTIME_INPUT_MESSAGES, OvertimeRequestSchema } from "~/models/overtime/schema";

/**
 * GET: the employee's own overtime requests, the latest date first → `{overtime}`.
 * POST `{date, start, end, reason}` → 201 `{overtime}` (pending; the approvers' groups get a card).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ employee }) => jsonAnswer({ overtime: listOwnOvertime(employee.id) }),
    POST: async ({ request, employee }) => {
      const input = parseOrThrow(OvertimeRequestSchema, await readBody(request), OVERTIME_INPUT_MESSAGES.invalid);
      return jsonAnswer({ overtime: askOvertime(employee.id, input) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
