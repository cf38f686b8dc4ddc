import { TOTAL_LABELS } from "./labels";
import type { AttendanceStatus } from "./status";

// The monthly sheet's short Thai codes (client-safe: the sheet, its legend and its CSV).

/** One code per status; a holiday and a weekly day off read the same (ห). */
export const DAY_CODES: Record<AttendanceStatus, string> = {
  present: "ม",
  late: "ส",
  early_leave: "อ",
  absent: "ข",
  leave: "ล",
  holiday: "ห",
  day_off: "ห",
  missing_checkout: "ลืม",
};

/**
 * A half day's approved leave and no show in the other half: its own code, so the sheet shows
 * both halves (the totals count 0.5 leave and 0.5 absence).
 */
export const HALF_LEAVE_HALF_ABSENT = "ล½/ข½";

/** What the sheet needs of a day ledger row to code it. */
export type CodedDay = { status: AttendanceStatus; absentFraction: number; leaveFraction: number };

/**
 * A ledger day's code: its status's, but blank for an absence whose hours are not over yet (it
 * counts nothing so far) and HALF_LEAVE_HALF_ABSENT for half a day's leave and half an absence.
 */
export function dayCode(day: CodedDay): string {
  if (day.status === "absent" && day.absentFraction === 0) return "";
  if (day.status === "absent" && day.leaveFraction > 0) return HALF_LEAVE_HALF_ABSENT;
  return DAY_CODES[day.status];
}

export const DAY_CODE_LEGEND: { code: string; label: string }[] = [
  { code: "ม", label: "มาทำงาน" },
  { code: "ส", label: "มาสาย" },
  { code: "อ", label: "ออกก่อนเวลา" },
  { code: "ลืม", label: "ไม่ได้ลงเวลาออก" },
  { code: "ข", label: "ขาดงาน" },
  { code: "ล", label: "ลา" },
  { code: HALF_LEAVE_HALF_ABSENT, label: "ลาครึ่งวัน ขาดงานอีกครึ่งวัน" },
  { code: "ห", label: "วันหยุด / วันหยุดประจำสัปดาห์" },
];

export const DAY_KINDS = ["work", "day_off", "holiday"] as const;
export type DayKind = (typeof DAY_KINDS)[number];

export type MonthlyTotals = {
  /** Days worked (present, late, early leave or without a check-out). */
  present: number;
  /** Days with late minutes, and their sum. */
  late: number;
  late_minutes: number;
  /** Days with early-leave minutes. */
  early_leave: number;
  /** Days absent: 1 for a whole day, 0.5 for the other half of a half day's leave. */
  absent: number;
  missing_checkout: number;
  /** Work days on approved leave: 1 for a full day, 0.5 for a half day. */
  leave_days: number;
  /** Hours of approved overtime on working days (1.5×). */
  overtime_hours: number;
  /** Hours worked on holidays and days off within the schedule's hours. */
  holiday_work_hours: number;
  /** Hours of approved overtime on holidays and days off (3×). */
  holiday_overtime_hours: number;
};

export const TOTAL_KEYS = Object.keys(TOTAL_LABELS) as (keyof MonthlyTotals)[];

/** Thai short weekday names, Monday (1) first. */
export const WEEKDAY_SHORT = ["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."] as const;
