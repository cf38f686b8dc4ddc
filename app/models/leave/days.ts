import { DomainError } from "~/lib/errors";
import { dayNumber, fromDayNumber, weekdayOfDayNumber } from "~/lib/iso-day";

// How many days a leave takes: the one count used by the petition form's preview and by the
// server. Pure and client-safe.

export const LEAVE_HALVES = ["morning", "afternoon"] as const;
export type LeaveHalf = (typeof LEAVE_HALVES)[number];

export type LeaveRange = { start: string; end: string; half?: LeaveHalf | null };

export type WorkCalendar = {
  /** ISO weekdays, 1 Monday … 7 Sunday, as in the attendance settings' work_days. */
  workDays: readonly number[];
  /** Holiday dates (YYYY-MM-DD), substitution days included. */
  holidays: ReadonlySet<string> | readonly string[];
};

export type LeaveDayCount = {
  /** Working days taken; 0.5 for a half day; 0 when the range covers no working day. */
  days: number;
  /** The working dates the leave covers, in order. */
  dates: string[];
};

/** The longest range counted, so a mistyped year cannot make the server walk centuries. */
export const MAX_LEAVE_SPAN_DAYS = 366;

function parse(date: string, field: "start" | "end", message: string) {
  const day = typeof date === "string" ? dayNumber(date) : null;
  if (day === null) throw new DomainError(400, message, { [field]: message });
  return day;
}

/**
 * The working days between `start` and `end` inclusive: weekly days off and holidays do not
 * count. A half day (`half`, with start = end) counts 0.5, or 0 on a day off. A range with no
 * working day gives `days: 0`; the caller refuses it (400).
 * Throws a DomainError 400 with a Thai message (and the field) for an impossible date, an end
 * before the start, a half day over several days, or a range over MAX_LEAVE_SPAN_DAYS.
 */
export function countLeaveDays(range: LeaveRange, calendar: WorkCalendar): LeaveDayCount {
  const first = parse(range.start, "start", "วันที่เริ่มลาไม่ถูกต้อง");
  const last = parse(range.end, "end", "วันที่สิ้นสุดการลาไม่ถูกต้อง");
  if (last < first) {
    const message = "วันที่สิ้นสุดการลาต้องไม่ก่อนวันที่เริ่มลา";
    throw new DomainError(400, message, { end: message });
  }
  if (last - first + 1 > MAX_LEAVE_SPAN_DAYS) {
    const message = `ช่วงวันลาต้องไม่เกิน ${MAX_LEAVE_SPAN_DAYS} วัน`;
    throw new DomainError(400, message, { end: message });
  }
  const half = range.half ?? null;
  if (half !== null && !LEAVE_HALVES.includes(half)) {
    const message = "การลาครึ่งวันต้องเป็นช่วงเช้าหรือช่วงบ่าย";
    throw new DomainError(400, message, { half: message });
  }
  if (half !== null && first !== last) {
    const message = "การลาครึ่งวันต้องเริ่มและสิ้นสุดในวันเดียวกัน";
    throw new DomainError(400, message, { half: message });
  }

  const working = new Set(calendar.workDays);
  const holidays = calendar.holidays instanceof Set ? calendar.holidays : new Set(calendar.holidays);
  const dates: string[] = [];
  for (let day = first; day <= last; day++) {
    if (!working.has(weekdayOfDayNumber(day))) continue;
    const date = fromDayNumber(day);
    if (!holidays.has(date)) dates.push(date);
  }
  return { days: half !== null ? dates.length / 2 : dates.length, dates };
}

const EVERY_DAY: WorkCalendar = { workDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] };

/**
 * A petition's days in its type's unit: working days (countLeaveDays with the office's calendar),
 * or calendar days, where days off and holidays count too (maternity leave, s.41).
 */
export function countPetitionDays(range: LeaveRange, calendar: WorkCalendar, unit: "working_day" | "calendar_day"): LeaveDayCount {
  return countLeaveDays(range, unit === "calendar_day" ? EVERY_DAY : calendar);
}

/** The counted days that fall after the start's year (a petition across 31 December), charged to the next year's balance. */
export function daysAfterStartYear(count: LeaveDayCount, start: string): number {
  const year = start.slice(0, 4);
  const later = count.dates.filter((d) => d.slice(0, 4) > year).length;
  return count.dates.length === 0 ? 0 : (later * count.days) / count.dates.length;
}
