import type { Geofence } from "~/lib/geo";
import type { MonthlyTotals } from "./codes";
import type { AttendanceStatus, LeavePart } from "./status";

// Thai labels of the attendance record's codes (client-safe: the admin screens and the CSV
// exports print the same words).

export const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: "มาทำงาน",
  late: "มาสาย",
  early_leave: "ออกก่อนเวลา",
  absent: "ขาดงาน",
  leave: "ลา",
  holiday: "วันหยุด",
  day_off: "วันหยุดประจำสัปดาห์",
  missing_checkout: "ไม่ได้ลงเวลาออก",
};

export const LEAVE_PART_LABELS: Record<LeavePart, string> = {
  morning: "ลาครึ่งวันเช้า",
  afternoon: "ลาครึ่งวันบ่าย",
  full: "ลาทั้งวัน",
};

/** The monthly sheet's totals, as its columns and the CSV head them. */
export const TOTAL_LABELS: Record<keyof MonthlyTotals, string> = {
  present: "มาทำงาน (วัน)",
  late: "สาย (ครั้ง)",
  late_minutes: "สาย (นาที)",
  early_leave: "ออกก่อน (ครั้ง)",
  absent: "ขาด (วัน)",
  missing_checkout: "ไม่ลงเวลาออก (ครั้ง)",
  leave_days: "ลา (วัน)",
  overtime_hours: "โอที 1.5 เท่า (ชม.)",
  holiday_work_hours: "ทำงานวันหยุด (ชม.)",
  holiday_overtime_hours: "โอที 3 เท่า (ชม.)",
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
  face_unconfirmed: "ใบหน้าที่ลงทะเบียนยังไม่ได้รับการยืนยันจากผู้ดูแล",
  liveness_low: "รูปถ่ายอาจไม่ใช่ใบหน้าจริง (คะแนนตรวจใบหน้าจริงต่ำ)",
  impossible_travel: "เดินทางเร็วเกินจริงจากการลงเวลาครั้งก่อน",
  repeated_position: "พิกัดซ้ำกับการลงเวลาวันอื่นทุกตำแหน่งทศนิยม",
  position_accuracy_suspect: "ค่าความแม่นยำของตำแหน่งผิดปกติ",
};

export const flagLabel = (code: string) => FLAG_LABELS[code] ?? code;

export const GEOFENCE_LABELS: Record<Geofence, string> = {
  inside: "ในรัศมี",
  outside: "นอกรัศมี",
  uncertain: "ไม่แน่ชัด",
};

/** What placed the employee at the office (PRESENCE_PROOFS): the position, the office's QR, a kiosk's PIN. */
export const PROOF_LABELS: Record<"gps" | "qr" | "pin", string> = {
  gps: "GPS",
  qr: "QR",
  pin: "PIN",
};

/** The same in words, where there is room (the review queue). */
export const PROOF_TEXT: Record<"gps" | "qr" | "pin", string> = {
  gps: "GPS",
  qr: "QR ที่สำนักงาน",
  pin: "รหัสพนักงานที่คิออสก์",
};

export const REVIEW_STATUS_LABELS: Record<"none" | "pending" | "accepted" | "rejected", string> = {
  none: "ไม่ต้องตรวจ",
  pending: "รอตรวจสอบ",
  accepted: "ยอมรับแล้ว",
  rejected: "ปฏิเสธแล้ว",
};

/** A time-correction request's status. */
export const CORRECTION_STATUS_LABELS: Record<"pending" | "approved" | "rejected", string> = {
  pending: "รออนุมัติ",
  approved: "อนุมัติแล้ว",
  rejected: "ไม่อนุมัติ",
};

/** The face check of one side: ตรง / ไม่ตรง / รอตรวจ (a selfie nobody could match), or null without a selfie. */
export function matchText(match: number | null, hasPhoto: boolean): "ตรง" | "ไม่ตรง" | "รอตรวจ" | null {
  if (match === 1) return "ตรง";
  if (match === 0) return "ไม่ตรง";
  return hasPhoto ? "รอตรวจ" : null;
}
