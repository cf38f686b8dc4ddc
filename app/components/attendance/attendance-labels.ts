import { clockTimeOf } from "~/lib/thai-date";
import type { AttendanceStatus } from "~/models/attendance-status";

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

/** Flag codes the check-in writes, in Thai. An unknown code shows as it is. */
export const FLAG_LABELS: Record<string, string> = {
  outside: "อยู่นอกรัศมีสำนักงาน",
  uncertain: "ตำแหน่งไม่แน่ชัดว่าอยู่ในรัศมี",
  poor_accuracy: "ตำแหน่งคลาดเคลื่อนมาก",
  stale_position: "ตำแหน่งเก่าเกิน 60 วินาที",
  clock_drift: "เวลาเครื่องคลาดเคลื่อนเกิน 2 นาที",
  face_not_matched: "ใบหน้าไม่ตรงกับที่ลงทะเบียน",
  face_review: "ตรวจใบหน้าอัตโนมัติไม่ได้",
  no_selfie: "ไม่มีรูปถ่าย",
};

export const flagLabel = (code: string) => FLAG_LABELS[code] ?? code;

/** `08:42` in the app's zone, or a dash. */
export function clockTime(iso: string | null | undefined) {
  return iso ? clockTimeOf(iso) : "–";
}

/** The face check of one side: ตรง / ไม่ตรง / รอตรวจ (a selfie nobody could match), or null without a selfie. */
/** Where a check-in selfie was until the retention period deleted it. */
export const PHOTO_PURGED_LABEL = "ลบรูปตามระยะเวลาเก็บรักษาแล้ว";

export function matchLabel(match: number | null, hasPhoto: boolean): { label: string; color: string } | null {
  if (match === 1) return { label: "ตรง", color: "green" };
  if (match === 0) return { label: "ไม่ตรง", color: "red" };
  return hasPhoto ? { label: "รอตรวจ", color: "yellow" } : null;
}

export function metres(m: number | null | undefined) {
  return m == null ? "–" : `${Math.round(m).toLocaleString("th-TH")} ม.`;
}

export function mapLink(lat: number | null, lng: number | null) {
  return lat == null || lng == null ? null : `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}
