import { formatThaiDate } from "~/lib/thai-date";
import { payText, type LeaveTypeRules } from "~/models/leave/catalogue";
import { eventWindowEnd } from "~/models/leave/rules";
import { formatDays } from "./leave-format";
import type { LeaveBalance } from "./leave-types";

// What the petition form tells the employee about a type's rules before sending. The server
// decides; these only say early what it will say (the event window) or what it lets through
// (unpaid and over-quota leave, which the approver sees).

export const OVER_QUOTA_NOTICE = "เกินสิทธิ์การลา ยังยื่นได้ แต่ผู้อนุมัติจะเห็นว่าคำขอนี้เกินสิทธิ์";

/**
 * The notices for a petition of `days` of the type: an unpaid kind, more days than the balance has
 * left, more than the type's paid days (maternity: 60 paid of 120). Not errors: the server accepts
 * such a petition. Without the balance (still loading) only the unpaid notice can be known.
 */
export function petitionNotices(
  type: Pick<LeaveTypeRules, "name_th" | "quota_days" | "paid_days" | "pay_percent">,
  balance: Pick<LeaveBalance, "used" | "pending" | "remaining"> | null,
  days: number,
): string[] {
  if (days <= 0) return [];
  const notices: string[] = [];
  if (type.paid_days === 0) notices.push(`${type.name_th}เป็นการลาโดยไม่ได้รับค่าจ้าง`);
  if (!balance) return notices;
  if (balance.remaining !== null && days > balance.remaining) notices.push(OVER_QUOTA_NOTICE);
  const paid = type.paid_days;
  // Where every day of the quota is paid, going over the pay is going over the quota (said above).
  if (paid !== null && paid > 0 && (type.quota_days === null || paid < type.quota_days)) {
    const unpaid = Math.min(days, balance.used + balance.pending + days - paid);
    if (unpaid > 0) notices.push(`${type.name_th}${payText(type)} คำขอนี้มี ${formatDays(unpaid)}ที่ไม่ได้รับค่าจ้าง`);
  }
  return notices;
}

/** Under the certificate field: `ลาป่วยตั้งแต่ 3 วันทำงานขึ้นไป ต้องมีใบรับรองแพทย์`, `ลาทำหมันต้องมีใบรับรองแพทย์`. */
export function certificateRule(type: Pick<LeaveTypeRules, "name_th" | "certificate_from_days" | "unit">) {
  const from = type.certificate_from_days;
  if (from === null || from <= 1) return `${type.name_th}ต้องมีใบรับรองแพทย์`;
  return `${type.name_th}ตั้งแต่ ${from} ${type.unit === "calendar_day" ? "วัน" : "วันทำงาน"}ขึ้นไป ต้องมีใบรับรองแพทย์`;
}

export const EVENT_MESSAGES = {
  label: "วันที่คลอด / วันที่เกิดเหตุ",
  missing: "กรุณาระบุวันที่คลอดหรือวันที่เกิดเหตุ",
  beforeEvent: "วันที่ลาต้องไม่ก่อนวันที่เกิดเหตุ",
  /** `ต้องลาให้เสร็จภายใน 90 วันนับแต่วันที่คลอด (วันสุดท้าย 1 มี.ค. 2570)` */
  window: (days: number, eventDate: string | null) =>
    `ต้องลาให้เสร็จภายใน ${days} วันนับแต่วันที่คลอดหรือวันที่เกิดเหตุ${eventDate ? ` (วันสุดท้าย ${formatThaiDate(eventWindowEnd(eventDate, days))})` : ""}`,
} as const;

type EventFields = Partial<Record<"event_date" | "start_date" | "end_date", string>>;

/** The event date's own problems, as the server would name them (field → Thai message). */
export function eventDateProblems(
  type: Pick<LeaveTypeRules, "event_window_days">,
  eventDate: string | null,
  start: string | null,
  end: string | null,
): EventFields {
  const window = type.event_window_days;
  if (window === null) return {};
  if (!eventDate) return { event_date: EVENT_MESSAGES.missing };
  if (start && start < eventDate) return { start_date: EVENT_MESSAGES.beforeEvent };
  if (end && end > eventWindowEnd(eventDate, window)) return { end_date: EVENT_MESSAGES.window(window, eventDate) };
  return {};
}
