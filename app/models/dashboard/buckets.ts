import type { AttendanceStatus } from "~/models/attendance/status";
import { STATUS_LABELS } from "~/models/attendance/labels";

// Today's attendance on the dashboard (client-safe: the model counts, the card labels).

/**
 * Every employee working today is in exactly one bucket, so the buckets add up to the headcount.
 * A record waiting for review is counted there and not under its time status (it may yet be
 * rejected, which makes the day an absence); the rest follow the daily view's status, with a
 * public holiday and a weekly day off together as `off`. Late is its own bucket, not part of
 * present.
 */
export const TODAY_BUCKETS = ["present", "late", "early_leave", "missing_checkout", "pending_review", "leave", "absent", "off"] as const;
export type TodayBucket = (typeof TODAY_BUCKETS)[number];

export function todayBucket(day: { status: AttendanceStatus; reviewPending: boolean }): TodayBucket {
  if (day.reviewPending) return "pending_review";
  return day.status === "holiday" || day.status === "day_off" ? "off" : day.status;
}

export const TODAY_BUCKET_LABELS: Record<TodayBucket, string> = {
  present: STATUS_LABELS.present,
  late: STATUS_LABELS.late,
  early_leave: STATUS_LABELS.early_leave,
  missing_checkout: STATUS_LABELS.missing_checkout,
  pending_review: "รอตรวจสอบ",
  leave: STATUS_LABELS.leave,
  absent: "ขาดงาน / ยังไม่ลงเวลา",
  off: "วันหยุด",
};

export type DayKind = { kind: "work" | "day_off" } | { kind: "holiday"; name: string };
