import type { DayRules } from "~/models/attendance/ledger-day";
import { DEFAULT_SCHEDULE_ID, scheduleIdsOn, scheduleRulesOn } from "./schedule-rules.server";

// The schedules a set of employees work under on one date, for what runs over many employees at
// once (the reminders): one read of the date's assignments and one rules look-up per schedule in
// use, however many employees share it.

export type EmployeeDayRules = { scheduleId: number; rules: DayRules };

/** Each given employee's schedule and its rules on `date` (the default schedule without an assignment). */
export function rulesByEmployeeOn(date: string, employeeIds: Iterable<number>): Map<number, EmployeeDayRules> {
  const assigned = scheduleIdsOn(date);
  const rulesOf = new Map<number, DayRules>();
  const out = new Map<number, EmployeeDayRules>();
  for (const id of employeeIds) {
    const scheduleId = assigned.get(id) ?? DEFAULT_SCHEDULE_ID;
    let rules = rulesOf.get(scheduleId);
    if (!rules) {
      rules = scheduleRulesOn(scheduleId, date);
      rulesOf.set(scheduleId, rules);
    }
    out.set(id, { scheduleId, rules });
  }
  return out;
}
