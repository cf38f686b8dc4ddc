import type { DayRules } from "~/models/attendance/ledger-day";

// A schedule's hours as the day ledger reads them (client-safe). A schedule lists its working
// weekdays, each with its own hours; the ledger's rule takes one day's hours at a time (DayRules).

export type ScheduleDay = { weekday: number; start: string; end: string; break_start?: string; break_end?: string };

export type ScheduleVersion = { days: readonly ScheduleDay[]; late_grace_minutes: number; early_grace_minutes: number };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** Whether a day's hours run past midnight (22:00–06:00): the work date is the date the shift starts. */
export const crossesMidnight = (rules: Pick<DayRules, "work_start" | "work_end">) => minutesOf(rules.work_end) <= minutesOf(rules.work_start);

/** Without a break the half days split at the middle of the hours. */
function breakOf(day: ScheduleDay) {
  if (day.break_start && day.break_end) return { break_start: day.break_start, break_end: day.break_end };
  const start = minutesOf(day.start);
  let end = minutesOf(day.end);
  if (end <= start) end += 1440;
  const middle = hhmm(Math.floor((start + end) / 2));
  return { break_start: middle, break_end: middle };
}

/**
 * The rules of one weekday of a schedule version: that day's hours, or on a day off the hours of
 * the schedule's first working day (the normal hours that holiday work is counted against).
 */
export function dayRulesOf(version: ScheduleVersion, weekday: number, missingCheckoutHour: number): DayRules {
  const days = [...version.days].sort((a, b) => a.weekday - b.weekday);
  const day = days.find((d) => d.weekday === weekday) ?? days[0];
  const work_days = days.map((d) => d.weekday);
  if (!day) {
    return {
      work_start: "00:00",
      work_end: "00:00",
      break_start: "00:00",
      break_end: "00:00",
      late_grace_minutes: version.late_grace_minutes,
      early_grace_minutes: version.early_grace_minutes,
      missing_checkout_hour: missingCheckoutHour,
      work_days,
    };
  }
  return {
    work_start: day.start,
    work_end: day.end,
    ...breakOf(day),
    late_grace_minutes: version.late_grace_minutes,
    early_grace_minutes: version.early_grace_minutes,
    missing_checkout_hour: missingCheckoutHour,
    work_days,
  };
}

/** The default schedule's days from the settings' one set of hours. */
export function daysOfRules(rules: DayRules): ScheduleDay[] {
  return [...rules.work_days]
    .sort((a, b) => a - b)
    .map((weekday) => ({ weekday, start: rules.work_start, end: rules.work_end, break_start: rules.break_start, break_end: rules.break_end }));
}
