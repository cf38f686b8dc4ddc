// /admin/schedule: its data and its intents, calling the same model functions as /api/schedule*.
import { intent, type Fields } from "~/http/page-action.server";
import { workDate } from "~/lib/business-day.server";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { ScheduleCreateSchema, ScheduleUpdateSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";
import { createSchedule, listSchedules, updateSchedule } from "~/models/schedules/schedules.server";

export function schedulesPageData(now: Date = new Date()) {
  return { schedules: listSchedules(now), today: workDate(now) };
}

/**
 * The form's fields as the API's body (the schemas are strict): the days come as one JSON field;
 * a field the form left empty is not sent.
 */
function scheduleInput(fields: Fields, names: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = fields[name];
    if (value === undefined) continue;
    if (name !== "days") out[name] = value;
    else {
      try {
        out.days = JSON.parse(value);
      } catch {
        out.days = value; // the schema then says the list is not valid
      }
    }
  }
  return out;
}

const CREATE_FIELDS = ["name", "days", "late_grace_minutes", "early_grace_minutes"] as const;

export const scheduleIntents = (actor: Actor) => ({
  create: intent({
    schema: (fields) => parseOrThrow(ScheduleCreateSchema, scheduleInput(fields, CREATE_FIELDS), SCHEDULE_MESSAGES.invalid),
    run: (input) => createSchedule(input, actor),
    done: (s) => `เพิ่มตารางเวลา “${s.name}” แล้ว`,
  }),
  update: intent({
    id: true,
    schema: (fields) => parseOrThrow(ScheduleUpdateSchema, scheduleInput(fields, [...CREATE_FIELDS, "from"]), SCHEDULE_MESSAGES.invalid),
    run: (input, ctx) => updateSchedule(ctx.id(), input, actor),
    done: (s) => `บันทึกตารางเวลา “${s.name}” แล้ว`,
  }),
});
