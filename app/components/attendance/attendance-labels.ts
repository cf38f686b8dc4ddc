import { clockTimeOf } from "~/lib/thai-date";
import { matchText } from "~/models/attendance/labels";
import type { AttendanceStatus } from "~/models/attendance/status";
import { thaiNumber } from "~/lib/thai-number";

export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: "green",
  late: "orange",
  early_leave: "yellow",
  absent: "red",
  leave: "blue",
  holiday: "grape",
  day_off: "gray",
  missing_checkout: "pink",
};

export { FLAG_LABELS, flagLabel } from "~/models/attendance/labels";

/** `08:42` in the app's zone, or a dash. */
export function clockTime(iso: string | null | undefined) {
  return iso ? clockTimeOf(iso) : "–";
}

/** The face check of one side: ตรง / ไม่ตรง / รอตรวจ (a selfie nobody could match), or null without a selfie. */
/** Where a check-in selfie was until the retention period deleted it. */
export const PHOTO_PURGED_LABEL = "ลบรูปตามระยะเวลาเก็บรักษาแล้ว";

export function matchLabel(match: number | null, hasPhoto: boolean): { label: string; color: string } | null {
  const label = matchText(match, hasPhoto);
  return label ? { label, color: MATCH_COLORS[label] } : null;
}

const MATCH_COLORS = { ตรง: "green", ไม่ตรง: "red", รอตรวจ: "yellow" } as const;

export function metres(m: number | null | undefined) {
  return m == null ? "–" : `${thaiNumber(Math.round(m))} ม.`;
}

export { mapLink } from "~/lib/geo";
