import { keptUntilWrite, preparedQuery, type Db } from "~/lib/db.server";
import type { DayRules } from "~/models/attendance/ledger-day";
import { isoWeekday } from "~/models/attendance/status";
import { rulesOn } from "~/models/attendance/work-rules.server";
import { getSetting } from "~/models/core/settings.server";
import { dayRulesOf, type ScheduleVersion } from "./schedule-day";

// Which hours an employee works on a date: the schedule assigned to them on that date (the
// default one without an assignment), in the version of that schedule in force on that date.
// The default schedule's hours are the settings' (with their history in work_rules).

export const DEFAULT_SCHEDULE_ID = 1;

type VersionRow = ScheduleVersion & { schedule_id: number; effective_from: string };

const versionsStatement = preparedQuery((d) =>
  d.$client.prepare<[], { schedule_id: number; effective_from: string; days: string; late_grace_minutes: number; early_grace_minutes: number }>(
    "select schedule_id, effective_from, days, late_grace_minutes, early_grace_minutes from schedule_versions order by schedule_id, effective_from desc",
  ),
);

/** Every schedule's versions, newest first per schedule; kept until a write. */
function versionsBySchedule(): Map<number, VersionRow[]> {
  return keptUntilWrite("schedule versions", "", () => {
    const out = new Map<number, VersionRow[]>();
    for (const row of versionsStatement().all()) {
      const version: VersionRow = { ...row, days: JSON.parse(row.days) };
      const list = out.get(row.schedule_id);
      if (list) list.push(version);
      else out.set(row.schedule_id, [version]);
    }
    return out;
  });
}

/** The version of a schedule in force on `date` (its first one for a date before it), or null for the default schedule. */
export function scheduleVersionOn(scheduleId: number, date: string): VersionRow | null {
  const versions = versionsBySchedule().get(scheduleId);
  if (!versions || versions.length === 0) return null;
  return versions.find((v) => v.effective_from <= date) ?? versions[versions.length - 1];
}

/** The rules of a schedule on a date. */
export function scheduleRulesOn(scheduleId: number, date: string, d?: Db): DayRules {
  const version = scheduleId === DEFAULT_SCHEDULE_ID ? null : scheduleVersionOn(scheduleId, date);
  if (!version) return rulesOn(date, d);
  return dayRulesOf(version, isoWeekday(date), getSetting("missing_checkout_hour"));
}

const ASSIGNED = `select s.schedule_id from employee_schedules s where s.employee_id = @employeeId and s.effective_from <= @date
  order by s.effective_from desc limit 1`;
const assignedOne = preparedQuery((d) => d.$client.prepare<[{ employeeId: number; date: string }], number>(ASSIGNED).pluck());
const assignedAll = preparedQuery((d) =>
  d.$client.prepare<[{ date: string }], { employeeId: number; scheduleId: number }>(
    `select s.employee_id as employeeId, s.schedule_id as scheduleId from employee_schedules s
       where s.effective_from = (select max(x.effective_from) from employee_schedules x where x.employee_id = s.employee_id and x.effective_from <= @date)`,
  ),
);

/** The schedule an employee works under on a date. */
export const employeeScheduleIdOn = (employeeId: number, date: string) => assignedOne().get({ employeeId, date }) ?? DEFAULT_SCHEDULE_ID;

/** The assigned schedules on a date of everyone who has one (the others work under the default). */
export function scheduleIdsOn(date: string): Map<number, number> {
  return new Map(assignedAll().all({ date }).map((r) => [r.employeeId, r.scheduleId]));
}

/** An employee's schedule and its rules on a date. */
export function employeeRulesOn(employeeId: number, date: string, d?: Db): { scheduleId: number; rules: DayRules } {
  const scheduleId = employeeScheduleIdOn(employeeId, date);
  return { scheduleId, rules: scheduleRulesOn(scheduleId, date, d) };
}

/** The rules of every schedule on a date (for the date's clock thresholds). */
export function allScheduleRulesOn(date: string, d?: Db): DayRules[] {
  return [rulesOn(date, d), ...[...versionsBySchedule().keys()].map((id) => scheduleRulesOn(id, date, d))];
}
