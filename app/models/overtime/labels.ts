// The overtime domain's Thai wording, one copy for the admin page, the LIFF page and the LINE cards
// (client-safe). The statuses and sources are db/schema's OVERTIME_STATUSES / OVERTIME_SOURCES
// (overtime.server.ts checks that the two lists agree).

export const OVERTIME_STATUS_VALUES = ["pending", "approved", "rejected", "cancelled"] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUS_VALUES)[number];
export const OVERTIME_SOURCE_VALUES = ["employee", "admin"] as const;
export type OvertimeSource = (typeof OVERTIME_SOURCE_VALUES)[number];

export const OVERTIME_STATUS_LABELS: Record<OvertimeStatus, string> = {
  pending: "รออนุมัติ",
  approved: "อนุมัติแล้ว",
  rejected: "ไม่อนุมัติ",
  cancelled: "ยกเลิกแล้ว",
};

export const OVERTIME_STATUS_COLORS: Record<OvertimeStatus, string> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
  cancelled: "gray",
};

export const OVERTIME_SOURCE_LABELS: Record<OvertimeSource, string> = {
  employee: "พนักงานขอ",
  admin: "ผู้ดูแลบันทึก",
};

/** The warning shown with a week over the Ministerial Regulation's 36 hours (a warning, not a refusal). */
export const weeklyLimitWarning = (hours: string) =>
  `สัปดาห์นี้ทำงานล่วงเวลาและทำงานในวันหยุดรวม ${hours} ชม. เกิน 36 ชม. ต่อสัปดาห์ตามกฎกระทรวง`;
