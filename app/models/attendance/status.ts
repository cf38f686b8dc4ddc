import { ATTENDANCE_STATUSES } from "~/lib/enums";
import { dayjs } from "~/lib/thai-date";

// A day's attendance statuses and the types around them (client-safe). The one rule that decides
// a status is ledgerDay in ledger-day.ts; every view reads its stored rows (ADR 043).

export { ATTENDANCE_STATUSES };
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type LeavePart = "morning" | "afternoon" | "full";

/** The settings a day's status is computed against. */
export type StatusSettings = {
  work_start: string;
  work_end: string;
  break_start: string;
  break_end: string;
  late_grace_minutes: number;
  early_grace_minutes: number;
  missing_checkout_hour: number;
};

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string) {
  const day = dayjs(date).day();
  return day === 0 ? 7 : day;
}

export type StatusCounts = Record<AttendanceStatus, number>;

export const emptyCounts = (): StatusCounts =>
  Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as StatusCounts;
