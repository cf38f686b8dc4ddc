import type { ScheduleDay } from "./schedule-day";

// The schedules' Thai wording (client-safe: the schedule page, the employee profile, the audit log).

export const WEEKDAY_NAMES: Record<number, string> = {
  1: "จันทร์",
  2: "อังคาร",
  3: "พุธ",
  4: "พฤหัสบดี",
  5: "ศุกร์",
  6: "เสาร์",
  7: "อาทิตย์",
};

export const WEEKDAY_SHORT_NAMES: Record<number, string> = { 1: "จ.", 2: "อ.", 3: "พ.", 4: "พฤ.", 5: "ศ.", 6: "ส.", 7: "อา." };

export const NO_WORK_DAYS = "ไม่มีวันทำงาน";

const hoursText = (day: ScheduleDay) => `${day.start}–${day.end}`;
const hoursKey = (day: ScheduleDay) => `${day.start}-${day.end}-${day.break_start ?? ""}-${day.break_end ?? ""}`;

/** Weekdays as runs: [1,2,3,5] → "จ.–พ., ศ.". */
function weekdayRuns(weekdays: number[]): string {
  const runs: number[][] = [];
  for (const day of weekdays) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => (run.length === 1 ? WEEKDAY_SHORT_NAMES[run[0]] : `${WEEKDAY_SHORT_NAMES[run[0]]}–${WEEKDAY_SHORT_NAMES[run[run.length - 1]]}`))
    .join(", ");
}

/**
 * A schedule's days in one line, the days with the same hours together: "จ.–ศ. 08:30–17:30",
 * "จ.–ศ. 08:30–17:30, ส. 08:30–12:00". Days off are not named.
 */
export function daysSummary(days: readonly ScheduleDay[]): string {
  const sorted = [...days].sort((a, b) => a.weekday - b.weekday);
  const groups = new Map<string, { day: ScheduleDay; weekdays: number[] }>();
  for (const day of sorted) {
    const group = groups.get(hoursKey(day));
    if (group) group.weekdays.push(day.weekday);
    else groups.set(hoursKey(day), { day, weekdays: [day.weekday] });
  }
  if (groups.size === 0) return NO_WORK_DAYS;
  return [...groups.values()].map((g) => `${weekdayRuns(g.weekdays)} ${hoursText(g.day)}`).join(", ");
}

/** One day's hours with its break: "08:30–17:30 (พัก 12:00–13:00)". */
export function dayHoursText(day: ScheduleDay): string {
  const rest = day.break_start && day.break_end ? ` (พัก ${day.break_start}–${day.break_end})` : "";
  return `${hoursText(day)}${rest}`;
}
