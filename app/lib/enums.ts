// The spec's enumerations (§3), with their Thai labels beside them.

export const YesNo = { yes: 1, no: 0 } as const;

export const Title = { mr: 1, mrs: 2, miss: 3 } as const;
export const TITLE_LABELS: Record<number, string> = { 1: "นาย", 2: "นาง", 3: "นางสาว" };

export const MachineType = { normal: 1, sync: 2 } as const;
export const MACHINE_TYPE_LABELS: Record<number, string> = { 1: "ทั่วไป", 2: "ผูกกับตู้" };
/** What a cabinet visit found. */
export const MACHINE_VISIT_STATUSES = ["normal", "refilled", "out_of_stock", "broken"] as const;

/**
 * The spec's three leave types (1–3), and the rest of the Labour Protection Act's catalogue as
 * amended in 2025 (models/leave/catalogue.ts holds each one's rules).
 */
export const LeaveType = {
  business: 1,
  sick: 2,
  vacation: 3,
  maternity: 4,
  spouseBirth: 5,
  childCare: 6,
  military: 7,
  sterilisation: 8,
  training: 9,
  ordination: 10,
} as const;
export const LEAVE_TYPE_LABELS: Record<number, string> = {
  1: "ลากิจ",
  2: "ลาป่วย",
  3: "ลาพักร้อน",
  4: "ลาคลอด",
  5: "ลาช่วยเหลือคู่สมรสคลอดบุตร",
  6: "ลาดูแลบุตรที่เจ็บป่วยหรือพิการ",
  7: "ลารับราชการทหาร",
  8: "ลาทำหมัน",
  9: "ลาฝึกอบรม",
  10: "ลาอุปสมบท",
};

export const LeaveStatus = { cancel: 0, request: 1, approve: 2, reject: 3 } as const;
export const LEAVE_STATUS_LABELS: Record<number, string> = {
  0: "ยกเลิก",
  1: "ยื่นคำขอ",
  2: "อนุมัติ",
  3: "ไม่อนุมัติ",
};

export const Checked = { unchecked: 0, checked: 1 } as const;
export const Match = { notMatch: 0, match: 1 } as const;
export const Action = { accept: "accept", reject: "reject" } as const;

export const UPLOAD_FOLDERS = ["employees", "machines", "checkinouts", "linegroups", "leaves"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** The spec's constants: 23 is the hour after which a day without check-out counts as missing; 2024 the first statistics year. */
export const MISSING_CHECKOUT_HOUR = 23;
export const FIRST_STATISTICS_YEAR = 2024;

/**
 * The one displayed name: the spec's "title, first name, a space, last name" (นายสมชาย ใจดี), or,
 * when the employee has a free prefix, that prefix and a space in the title's place (ดร. สมชาย ใจดี);
 * docs/decisions/037-free-name-prefix.md. The prefix is required here so no caller forgets it.
 */
export function fullName(e: { title: number; name_prefix: string | null; first_name: string; last_name: string }) {
  const lead = e.name_prefix ? `${e.name_prefix} ` : (TITLE_LABELS[e.title] ?? "");
  return `${lead}${e.first_name} ${e.last_name}`;
}

/** fullName of a database row (camelCase columns). */
export const rowFullName = (e: { title: number; namePrefix: string | null; firstName: string; lastName: string }) =>
  fullName({ title: e.title, name_prefix: e.namePrefix, first_name: e.firstName, last_name: e.lastName });

/** A day's attendance statuses (the day ledger's, ADR 043); Thai labels in models/attendance/labels.ts. */
export const ATTENDANCE_STATUSES = [
  "present",
  "late",
  "early_leave",
  "absent",
  "leave",
  "holiday",
  "day_off",
  "missing_checkout",
] as const;
