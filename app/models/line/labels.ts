import type { MatchMode } from "./message-schema";

// The LINE domain's Thai wording (client-safe: the auto-reply form and table).

export const MATCH_LABELS: Record<MatchMode, string> = { exact: "แบบตรงทั้งหมด", contains: "มีคำนี้" };

/** What a LINE push was for (line_pushes.kind); an unknown kind shows as it is. */
export const PUSH_KIND_LABELS: Record<string, string> = {
  manual: "ข้อความจากผู้ดูแล",
  leave_request: "แจ้งคำขอลา",
  leave_decision: "แจ้งผลการลา",
  leave_recount: "แจ้งปรับจำนวนวันลาตามวันหยุด",
  correction_request: "แจ้งคำขอแก้ไขเวลา",
  correction_decision: "แจ้งผลคำขอแก้ไขเวลา",
  overtime_request: "แจ้งคำขอทำงานล่วงเวลา",
  overtime_decision: "แจ้งผลการทำงานล่วงเวลา",
  machine_visit: "รายงานการเข้าตู้",
  group_test: "ข้อความทดสอบกลุ่ม",
  reminder_checkin: "เตือนลงเวลาเข้างาน",
  reminder_checkout: "เตือนลงเวลาออกงาน",
  daily_summary: "สรุปประจำวัน",
  reminder_pending_leave: "เตือนคำขอลารออนุมัติ",
  reminder_overdue_machine: "เตือนตู้เลยกำหนด",
};
