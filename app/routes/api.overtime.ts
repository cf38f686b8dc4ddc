import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readBody } from "~/http/request.server";
import { workDate } from "~/lib/business-day.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { recordOvertimeAndNotify } from "~/models/overtime/notices.server";
import { listOvertime } from "~/models/overtime/overtime.server";
import { AdminOvertimeSchema, OVERTIME_INPUT_MESSAGES, overtimeListQuery } from "~/models/overtime/schema";

/**
 * GET `?month=YYYY-MM&status=&employee_id=` → `{overtime}` of the month, with who and the week's hours.
 * POST `{employee_id, date, start, end, reason}` → 201 `{overtime}`, approved at once by the admin.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => jsonAnswer({ overtime: listOvertime(parseQuery(overtimeListQuery(workDate().slice(0, 7)), request)) }),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(AdminOvertimeSchema, await readBody(request), OVERTIME_INPUT_MESSAGES.invalid);
      return jsonAnswer({ overtime: recordOvertimeAndNotify(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
