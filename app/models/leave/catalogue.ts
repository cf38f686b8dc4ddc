import { LEAVE_TYPE_LABELS, LeaveType } from "~/lib/enums";

// The leave catalogue: what each type grants under the Labour Protection Act B.E. 2541 as amended
// by Act No. 9 B.E. 2568 (in force December 2025), as seeded into the leave_types table
// (migration 0020). An admin turns types on and off and changes their numbers; the names and the
// sections are the law's. Client-safe: the petition form and the admin pages read the shape.

export const LEAVE_PERS = ["year", "event"] as const;
export type LeavePer = (typeof LEAVE_PERS)[number];
export const LEAVE_UNITS = ["working_day", "calendar_day"] as const;
export type LeaveUnit = (typeof LEAVE_UNITS)[number];

export type LeaveTypeRules = {
  id: number;
  name_th: string;
  /** The Act's section(s), in Thai, shown beside the type in the admin view. */
  section_th: string;
  /** Who may take it, in Thai (shown, not enforced: the employee record keeps no sex or family). */
  who_th: string;
  /** Days a year, or per event; null: as long as the medical certificate says (sterilisation). */
  quota_days: number | null;
  per: LeavePer;
  /** Working days skip the weekly days off and holidays; calendar days count every day (maternity). */
  unit: LeaveUnit;
  /** Days of the quota the employer pays; null: every day taken. */
  paid_days: number | null;
  /** The share of the wage paid for the paid days, in percent (child care: half pay). */
  pay_percent: number;
  half_day: boolean;
  /** A petition of this many days or more needs a certificate or an explanation; null: never. */
  certificate_from_days: number | null;
  /** The leave must lie within this many days from the event's date (spouse birth: 90); null: no limit. */
  event_window_days: number | null;
  active: boolean;
};

/** The fields an admin may change (PATCH /api/leave/types/:id). */
export const EDITABLE_LEAVE_FIELDS = [
  "quota_days",
  "per",
  "unit",
  "paid_days",
  "pay_percent",
  "half_day",
  "certificate_from_days",
  "event_window_days",
  "active",
] as const;

const type = (id: number, rules: Omit<LeaveTypeRules, "id" | "name_th">): LeaveTypeRules => ({
  id,
  name_th: LEAVE_TYPE_LABELS[id]!,
  ...rules,
});

const ANYONE = "ลูกจ้างทุกคน";

export const LEAVE_CATALOGUE: readonly LeaveTypeRules[] = [
  type(LeaveType.business, {
    section_th: "มาตรา 34, 57/1",
    who_th: ANYONE,
    quota_days: 3,
    per: "year",
    unit: "working_day",
    paid_days: 3,
    pay_percent: 100,
    half_day: true,
    certificate_from_days: null,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.sick, {
    section_th: "มาตรา 32, 57",
    who_th: ANYONE,
    quota_days: 30,
    per: "year",
    unit: "working_day",
    paid_days: 30,
    pay_percent: 100,
    half_day: true,
    certificate_from_days: 3,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.vacation, {
    section_th: "มาตรา 30, 56",
    who_th: "ลูกจ้างที่ทำงานครบ 1 ปี",
    quota_days: 6,
    per: "year",
    unit: "working_day",
    paid_days: 6,
    pay_percent: 100,
    half_day: true,
    certificate_from_days: null,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.maternity, {
    section_th: "มาตรา 41, 59 (แก้ไขโดย พ.ร.บ. ฉบับที่ 9 พ.ศ. 2568)",
    who_th: "ลูกจ้างหญิงมีครรภ์",
    quota_days: 120,
    per: "event",
    unit: "calendar_day",
    paid_days: 60,
    pay_percent: 100,
    half_day: false,
    certificate_from_days: null,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.spouseBirth, {
    section_th: "พ.ร.บ. คุ้มครองแรงงาน (ฉบับที่ 9) พ.ศ. 2568",
    who_th: "ลูกจ้างที่คู่สมรสคลอดบุตร",
    quota_days: 15,
    per: "event",
    unit: "working_day",
    paid_days: 15,
    pay_percent: 100,
    half_day: false,
    certificate_from_days: null,
    event_window_days: 90,
    active: true,
  }),
  type(LeaveType.childCare, {
    section_th: "พ.ร.บ. คุ้มครองแรงงาน (ฉบับที่ 9) พ.ศ. 2568",
    who_th: "ลูกจ้างที่บุตรแรกเกิดเจ็บป่วยหรือพิการ",
    quota_days: 15,
    per: "event",
    unit: "working_day",
    paid_days: 15,
    pay_percent: 50,
    half_day: false,
    certificate_from_days: 1,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.military, {
    section_th: "มาตรา 35, 58",
    who_th: ANYONE,
    quota_days: 60,
    per: "year",
    unit: "working_day",
    paid_days: 60,
    pay_percent: 100,
    half_day: false,
    certificate_from_days: null,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.sterilisation, {
    section_th: "มาตรา 33, 57",
    who_th: ANYONE,
    quota_days: null,
    per: "event",
    unit: "working_day",
    paid_days: null,
    pay_percent: 100,
    half_day: false,
    certificate_from_days: 1,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.training, {
    section_th: "มาตรา 36",
    who_th: ANYONE,
    quota_days: 30,
    per: "year",
    unit: "working_day",
    paid_days: 0,
    pay_percent: 100,
    half_day: true,
    certificate_from_days: null,
    event_window_days: null,
    active: true,
  }),
  type(LeaveType.ordination, {
    section_th: "นโยบายบริษัท (ไม่มีในพระราชบัญญัติ)",
    who_th: "ลูกจ้างชายที่จะอุปสมบท",
    quota_days: 15,
    per: "event",
    unit: "calendar_day",
    paid_days: 0,
    pay_percent: 100,
    half_day: false,
    certificate_from_days: null,
    event_window_days: null,
    active: false,
  }),
];

export const LEAVE_TYPE_IDS = LEAVE_CATALOGUE.map((t) => t.id);

/** `120 วัน/ครั้ง (นับวันปฏิทิน)`, `3 วัน/ปี`, `ตามใบรับรองแพทย์`. */
export function quotaText(t: Pick<LeaveTypeRules, "quota_days" | "per" | "unit">) {
  if (t.quota_days === null) return "ตามใบรับรองแพทย์";
  const unit = t.unit === "calendar_day" ? " (นับวันปฏิทิน)" : "";
  return `${t.quota_days} วัน/${t.per === "year" ? "ปี" : "ครั้ง"}${unit}`;
}

/** `ได้รับค่าจ้าง 60 วัน`, `ไม่ได้รับค่าจ้าง`, `ได้รับค่าจ้างครึ่งหนึ่ง 15 วัน`. */
export function payText(t: Pick<LeaveTypeRules, "paid_days" | "pay_percent">) {
  if (t.paid_days === 0) return "ไม่ได้รับค่าจ้าง";
  const rate = t.pay_percent === 100 ? "ได้รับค่าจ้าง" : `ได้รับค่าจ้างร้อยละ ${t.pay_percent}`;
  return t.paid_days === null ? `${rate}ตลอดการลา` : `${rate} ${t.paid_days} วัน`;
}
