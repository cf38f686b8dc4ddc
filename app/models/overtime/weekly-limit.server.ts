import { and, between, eq, gt, inArray, type SQL } from "drizzle-orm";
import { attendanceDays, overtimeRequests } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { addDays, dayNumber, shiftMonth, weekdayOfDayNumber } from "~/lib/iso-day";
import { hoursOf, WEEKLY_LIMIT_HOURS, windowMinutes } from "./window";

// The Ministerial Regulation's 36 hours a week (a warning, never a refusal): for the Monday–Sunday
// week of a date, the employee's approved overtime windows plus the ledger's holiday work
// (attendance_days.holiday_work_minutes). A pending request's own window is added where it is shown.

/** Monday of the ISO week holding the date. */
export function weekStart(date: string) {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a calendar date: ${date}`);
  return addDays(date, 1 - weekdayOfDayNumber(day));
}

const key = (employeeId: number, monday: string) => `${employeeId}|${monday}`;

/**
 * Minutes per employee and week (key `employeeId|monday`) of the weeks from the one holding `from`
 * to the one holding `to`; only pairs with some minutes are in the map.
 */
export function weekMinutes(from: string, to: string, employeeIds?: readonly number[]): Map<string, number> {
  const first = weekStart(from);
  const last = addDays(weekStart(to), 6);
  const out = new Map<string, number>();
  const add = (employeeId: number, date: string, minutes: number) => {
    const k = key(employeeId, weekStart(date));
    out.set(k, (out.get(k) ?? 0) + minutes);
  };
  const scope = (column: typeof overtimeRequests.employeeId | typeof attendanceDays.employeeId): SQL | undefined =>
    employeeIds ? inArray(column, [...employeeIds]) : undefined;
  if (employeeIds?.length === 0) return out;

  const windows = db()
    .select({ employeeId: overtimeRequests.employeeId, date: overtimeRequests.workDate, start: overtimeRequests.startTime, end: overtimeRequests.endTime })
    .from(overtimeRequests)
    .where(and(eq(overtimeRequests.status, "approved"), between(overtimeRequests.workDate, first, last), scope(overtimeRequests.employeeId)))
    .all();
  for (const w of windows) add(w.employeeId, w.date, windowMinutes(w.start, w.end));

  const holidayWork = db()
    .select({ employeeId: attendanceDays.employeeId, date: attendanceDays.workDate, minutes: attendanceDays.holidayWorkMinutes })
    .from(attendanceDays)
    .where(and(between(attendanceDays.workDate, first, last), gt(attendanceDays.holidayWorkMinutes, 0), scope(attendanceDays.employeeId)))
    .all();
  for (const h of holidayWork) add(h.employeeId, h.date, h.minutes);
  return out;
}

/** The week's minutes for an employee and a date, from a map of weekMinutes. */
export const minutesInWeek = (totals: ReadonlyMap<string, number>, employeeId: number, date: string) =>
  totals.get(key(employeeId, weekStart(date))) ?? 0;

/** Hours of approved overtime and holiday work in the Monday–Sunday week of `date`. */
export function weeklyOvertimeHours(employeeId: number, date: string) {
  return hoursOf(minutesInWeek(weekMinutes(date, date, [employeeId]), employeeId, date));
}

/** The first and last date of a month (YYYY-MM). */
export const monthRange = (month: string): [string, string] => [`${month}-01`, addDays(`${shiftMonth(month, 1)}-01`, -1)];

export const overWeeklyLimit = (hours: number) => hours > WEEKLY_LIMIT_HOURS;

export type WeekOver = { week_start: string; hours: number };

/**
 * The weeks touching the month (YYYY-MM) in which an employee's approved overtime and holiday
 * work passed 36 hours, by employee id (employees with no such week are absent): for the payroll
 * sheet's warning.
 */
export function overWeeklyLimitByEmployee(month: string, employeeIds?: readonly number[]): Map<number, WeekOver[]> {
  const out = new Map<number, WeekOver[]>();
  for (const [k, minutes] of weekMinutes(...monthRange(month), employeeIds)) {
    const hours = hoursOf(minutes);
    if (!overWeeklyLimit(hours)) continue;
    const [id, monday] = k.split("|");
    const employeeId = Number(id);
    out.set(employeeId, [...(out.get(employeeId) ?? []), { week_start: monday, hours }].sort((a, b) => a.week_start.localeCompare(b.week_start)));
  }
  return out;
}
