import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";
import { parseOrThrow } from "~/lib/validation";
import { assignScheduleToEmployees } from "~/models/schedules/assignments.server";
import { ScheduleBulkAssignSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";

/** PUT `{employee_ids, from}` → `{assigned}`: every employee listed works under the schedule from `from` on. */
export const { loader, action } = apiRoute(
  {
    PUT: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ScheduleBulkAssignSchema, await readBody(request), SCHEDULE_MESSAGES.assignInvalid);
      return jsonAnswer(assignScheduleToEmployees(id, input, actor));
    },
  },
  { auth: "admin" },
);
