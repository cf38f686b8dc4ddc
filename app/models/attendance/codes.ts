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

export const DAY_CODE_LEGEND: { code: string; label: string }[] = [
  { code: "ม", label: "มาทำงาน" },
  { code: "ส", label: "มาสาย" },
  { code: "อ", label: "ออกก่อนเวลา" },
  { code: "ลืม", label: "ไม่ได้ลงเวลาออก" },
  { code: "ข", label: "ขาดงาน" },
  { code: "ล", label: "ลา" },
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
  absent: number;
  missing_checkout: number;
  /** Work days on approved leave: 1 for a full day, 0.5 for a half day. */
  leave_days: number;
};

export const TOTAL_KEYS = Object.keys(TOTAL_LABELS) as (keyof MonthlyTotals)[];

/** Thai short weekday names, Monday (1) first. */
export const WEEKDAY_SHORT = ["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."] as const;
