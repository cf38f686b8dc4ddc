import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";
import { parseOrThrow } from "~/lib/validation";
import { ScheduleCreateSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";
import { createSchedule, listSchedules } from "~/models/schedules/schedules.server";

/** GET → `{schedules}`; POST `{name, days, late_grace_minutes?, early_grace_minutes?}` → 201 `{schedule}`. */
export const { loader, action } = apiRoute(
  {
    GET: () => jsonAnswer({ schedules: listSchedules() }),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(ScheduleCreateSchema, await readBody(request), SCHEDULE_MESSAGES.invalid);
      return jsonAnswer({ schedule: createSchedule(input, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
