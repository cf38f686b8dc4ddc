import { formatThaiMonth } from "~/lib/thai-date";
import type { PayBasis } from "~/models/employees/schema";
import type { LeaveTypeRules } from "~/models/leave/catalogue";

// The payroll domain's Thai wording (client-safe): the export's columns, the pay rates and the
// state of a month. The pay bases' own words are the employees domain's (PAY_BASIS_LABELS).


/**
 * What work on a holiday or a day off within the normal hours is paid on top (Labour Protection
 * Act s.62): one more day's rate for a monthly-paid employee (whose month already pays the day),
 * twice the rate for a daily-paid one.
 */
export const HOLIDAY_WORK_RATE: Record<PayBasis, number> = { monthly: 1, daily: 2 };

/** Overtime on a working day (s.61) and on a holiday or day off (s.63). */
export const OVERTIME_RATE = 1.5;
export const HOLIDAY_OVERTIME_RATE = 3;

/**
 * Whether a leave type is paid, from its rules: the law's types are paid within their paid days
 * (s.57 sick leave up to 30 working days a year, s.57/1 business leave up to 3, ...); a type whose
 * paid_days is 0 (training, ordination as seeded) is not. null ("as the certificate says") is paid.
 */
export const leaveTypePaid = (type: Pick<LeaveTypeRules, "paid_days">) => type.paid_days !== 0;

export const leaveColumnLabel = (type: Pick<LeaveTypeRules, "name_th" | "paid_days">) =>
  `${type.name_th} ${leaveTypePaid(type) ? "ได้รับค่าจ้าง" : "ไม่ได้รับค่าจ้าง"} (วัน)`;

/** The export's and the timesheet's columns, one wording for both. */
export const PAYROLL_LABELS = {
  code: "รหัสพนักงาน",
  name: "ชื่อ-นามสกุล",
  payBasis: "การจ่ายค่าจ้าง",
  scheduledDays: "วันทำงานตามตาราง",
  workedDays: "วันที่มาทำงาน",
  absentDays: "ขาดงาน (วัน)",
  lateCount: "มาสาย (ครั้ง)",
  lateMinutes: "มาสาย (นาที)",
  earlyMinutes: "ออกก่อนเวลา (นาที)",
  leaveMixed: "ลาสองประเภทในวันเดียว (วัน)",
  leaveDays: "ลารวม (วัน)",
  overtimeHours: `ล่วงเวลาวันทำงาน ${OVERTIME_RATE} เท่า (ชม.)`,
  holidayWorkHours: "ทำงานวันหยุด (ชม.)",
  holidayWorkRate: "ค่าทำงานวันหยุด (เท่า)",
  holidayOvertimeHours: `ล่วงเวลาวันหยุด ${HOLIDAY_OVERTIME_RATE} เท่า (ชม.)`,
  missingCheckouts: "ไม่ได้ลงเวลาออก (ครั้ง)",
  weeksOver: "สัปดาห์ที่ล่วงเวลาและทำงานวันหยุดเกิน 36 ชม.",
} as const;

/** A closed month as the API and the pages show it. */
export type PayrollClose = {
  month: string;
  closed_at: string;
  /** The admin who closed it (admins.id), null when that admin is gone. */
  closed_by: number | null;
  closed_by_name: string | null;
};

/** `ปิดงวดแล้ว` / `ยังไม่ปิดงวด` with who and when. */
export function closeStateText(close: Pick<PayrollClose, "closed_at" | "closed_by_name"> | null, when: (iso: string) => string) {
  if (!close) return "ยังไม่ปิดงวด: ตัวเลขยังเปลี่ยนได้เมื่อมีการแก้ไขเวลา การลา หรือการตรวจสอบ";
  return `ปิดงวดแล้ว${close.closed_by_name ? ` โดย ${close.closed_by_name}` : ""} เมื่อ ${when(close.closed_at)}`;
}

export const payrollTitle = (month: string) => `สรุปเวลาทำงานสำหรับคิดเงินเดือน เดือน${formatThaiMonth(month)}`;
