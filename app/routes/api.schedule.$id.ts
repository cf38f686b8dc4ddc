import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";
import { parseOrThrow } from "~/lib/validation";
import { ScheduleUpdateSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";
import { getSchedule, updateSchedule } from "~/models/schedules/schedules.server";

/** GET → `{schedule}`; PATCH `{name?, days?, late_grace_minutes?, early_grace_minutes?, from?}` → `{schedule}`. */
export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ schedule: getSchedule(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ScheduleUpdateSchema, await readBody(request), SCHEDULE_MESSAGES.invalid);
      return jsonAnswer({ schedule: updateSchedule(id, input, actor) });
    },
  },
  { auth: "admin" },
);
