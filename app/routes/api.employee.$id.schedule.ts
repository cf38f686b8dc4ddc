import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";
import { parseOrThrow } from "~/lib/validation";
import { assignSchedule, employeeSchedule } from "~/models/schedules/assignments.server";
import { ScheduleAssignSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";

/** GET → `{current, history}`; PUT `{schedule_id, from}` → `{schedule, history}`. */
export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer(employeeSchedule(intParam(params.id))),
    PUT: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ScheduleAssignSchema, await readBody(request), SCHEDULE_MESSAGES.assignInvalid);
      return jsonAnswer(assignSchedule(id, input, actor));
    },
  },
  { auth: "admin" },
);
