// Thai words for the audit log's actions, entities and changed fields, and the renderer of a
// row's stored `changes` (which models write in several shapes). Shared by the admin page, the
// profile and the CSV; no server imports.
import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, MACHINE_TYPE_LABELS, TITLE_LABELS } from "~/lib/enums";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";

export const AUDIT_ACTOR_TYPES = ["admin", "employee", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const ACTOR_TYPE_LABELS: Record<AuditActorType, string> = { admin: "ผู้ดูแลระบบ", employee: "พนักงาน", system: "ระบบ" };

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: "เพิ่ม",
  update: "แก้ไข",
  delete: "ลบ",
  resign: "บันทึกการลาออก",
  reinstate: "กลับเข้าทำงาน",
  photo: "เปลี่ยนรูป",
  face_consent: "ยินยอมเก็บข้อมูลใบหน้า",
  register_face: "ลงทะเบียนใบหน้า",
  reset_face: "รีเซ็ตใบหน้า",
  confirm_face: "ยืนยันใบหน้า",
  reject_face: "ปฏิเสธใบหน้า",
  issue_verify_code: "ออกรหัสเชื่อม LINE",
  issue_line_code: "ออกรหัสเชื่อม LINE ของผู้ดูแล",
  link_line: "เชื่อม LINE",
  unlink_line: "ยกเลิกการเชื่อม LINE",
  line_push: "ส่งข้อความ LINE",
  map: "มอบหมายตู้",
  unmap: "ยกเลิกการมอบหมายตู้",
  deactivate: "ปิดใช้งาน",
  reactivate: "เปิดใช้งาน",
  refresh: "ดึงข้อมูลจาก LINE",
  seed: "เพิ่มวันหยุดประจำปี",
  reseed: "เพิ่มวันหยุดประจำปีใหม่",
  accept: "อนุมัติ",
  reject: "ไม่อนุมัติ",
  cancel: "ยกเลิก",
  correct: "แก้ไขเวลา",
  purge_selfies: "ลบรูปเซลฟีที่เกินระยะเก็บ",
  sync: "ซิงก์กับ LINE",
  reset_password: "รีเซ็ตรหัสผ่าน",
  change_password: "เปลี่ยนรหัสผ่าน",
  backup: "สำรองข้อมูล",
  end_session: "ออกจากระบบอุปกรณ์",
  end_sessions: "ออกจากระบบอุปกรณ์อื่นทั้งหมด",
  import: "นำเข้า",
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  employee: "พนักงาน",
  admin: "ผู้ดูแลระบบ",
  attendance: "การลงเวลา",
  attendance_correction: "คำขอแก้ไขเวลา",
  leave_petition: "ใบลา",
  leave_quota: "สิทธิ์การลา",
  machine: "ตู้",
  holiday: "วันหยุด",
  holiday_year: "วันหยุดประจำปี",
  line_group: "กลุ่มไลน์",
  reply_message: "ข้อความตอบกลับ",
  settings: "การตั้งค่า",
  database: "ฐานข้อมูล",
};

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  code: "รหัส",
  title: "คำนำหน้า",
  first_name: "ชื่อ",
  last_name: "นามสกุล",
  nickname: "ชื่อเล่น",
  phone: "เบอร์โทร",
  email: "อีเมล",
  position: "ตำแหน่ง",
  department: "แผนก",
  start_date: "วันเริ่มงาน",
  resign_date: "วันที่ลาออก",
  address: "ที่อยู่",
  province_id: "จังหวัด (รหัส)",
  amphur_id: "อำเภอ/เขต (รหัส)",
  district_id: "ตำบล/แขวง (รหัส)",
  zipcode: "รหัสไปรษณีย์",
  photo_url: "รูป",
  face_url: "รูปใบหน้า",
  face_consent_at: "เวลาที่ยินยอม",
  line_user_id: "บัญชี LINE",
  status: "สถานะ",
  review_status: "ผลการตรวจสอบ",
  checked: "ตรวจแล้ว",
  note: "หมายเหตุ",
  reason: "เหตุผล",
  type: "ประเภท",
  year: "ปี",
  quota: "สิทธิ์ (วัน)",
  checkin_at: "เวลาเข้างาน",
  checkout_at: "เวลาออกงาน",
  late_minutes: "สาย (นาที)",
  early_minutes: "ออกก่อนเวลา (นาที)",
  created: "สร้างรายการใหม่",
  attendance_id: "การลงเวลา (รหัส)",
  employee_id: "พนักงาน (รหัส)",
  name: "ชื่อ",
  date: "วันที่",
  end_date: "วันสิ้นสุด",
  half: "ครึ่งวัน",
  days: "จำนวนวัน",
  lat: "ละติจูด",
  lng: "ลองจิจูด",
  radius_m: "รัศมี (ม.)",
  visit_every_days: "เข้าตู้ทุก (วัน)",
  active: "ใช้งาน",
  keyword: "คำสำคัญ",
  match_mode: "การจับคู่",
  messages: "ข้อความ",
  kind: "ชนิด",
  push_id: "รหัสการส่ง",
  via: "ช่องทาง",
  added: "เพิ่ม",
  offered: "ทั้งหมด",
  synced: "ซิงก์แล้ว",
  invalid: "ไม่ผ่าน",
  revoked_sessions: "ออกจากระบบอุปกรณ์อื่น",
  notify_leave: "แจ้งเตือนการลา",
  notify_machine: "แจ้งเตือนตู้",
  username: "ชื่อผู้ใช้",
  full_name: "ชื่อ-นามสกุล",
  password: "รหัสผ่าน",
  mode: "วิธีนำเข้า",
  total: "ทั้งหมด (แถว)",
  skipped: "ข้าม (แถว)",
};

/** Words a model stores for a field, in Thai (an admin's password is stored as how it was set, never itself). */
const STORED_WORDS: Record<string, Record<string, string>> = {
  password: { set: "ตั้งรหัสใหม่", generated: "สุ่มรหัสใหม่" },
  mode: { all_or_nothing: "ทั้งหมดหรือไม่นำเข้าเลย", valid_only: "เฉพาะแถวที่ถูกต้อง" },
};

/** Fields whose meaning depends on the entity (a leave's start date is not a start of work). */
const ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  leave_petition: { start_date: "วันเริ่มลา", end_date: "วันสิ้นสุดการลา", type: "ประเภทการลา", employee_id: "พนักงาน (รหัส)" },
  leave_quota: { type: "ประเภทการลา" },
  machine: { type: "ประเภทตู้", note: "หมายเหตุ" },
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;
export const fieldLabel = (field: string, entity = "") => ENTITY_FIELD_LABELS[entity]?.[field] ?? AUDIT_FIELD_LABELS[field] ?? field;

/** One line of a row's changes: a field that went from → to, or a field (or the whole record) with a value. */
export type ChangeLine = { field: string; label: string } & ({ from: string; to: string } | { value: string });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_TEXT = 300;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** Enumerations whose stored number means something only with the entity: a leave's status and type. */
function enumText(entity: string, field: string, value: number): string | null {
  if (field === "title") return TITLE_LABELS[value] ?? null;
  if (entity === "leave_petition" && field === "status") return LEAVE_STATUS_LABELS[value] ?? null;
  if ((entity === "leave_petition" || entity === "leave_quota") && field === "type") return LEAVE_TYPE_LABELS[value] ?? null;
  if (entity === "machine" && field === "type") return MACHINE_TYPE_LABELS[value] ?? null;
  return null;
}

/** A stored value as Thai text: "-" for nothing, dates in Thai BE, yes/no, lists and records as short JSON. */
export function formatAuditValue(value: unknown, context: { entity?: string; field?: string } = {}): string {
  if (value === null || value === undefined || value === "") return "-";
  if (typeof value === "boolean") return value ? "ใช่" : "ไม่ใช่";
  if (typeof value === "number") {
    return (context.field && enumText(context.entity ?? "", context.field, value)) ?? String(value);
  }
  if (typeof value === "string") {
    const word = context.field ? STORED_WORDS[context.field]?.[value] : undefined;
    if (word) return word;
    if (ISO_DATE.test(value)) return formatThaiDate(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatThaiDateTime(value);
    return clip(value);
  }
  if (Array.isArray(value) && value.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
    return clip(value.map((v) => formatAuditValue(v)).join(", ")) || "-";
  }
  return clip(JSON.stringify(value) ?? String(value));
}

const isFromTo = (v: unknown): v is { from: unknown; to: unknown } =>
  isRecord(v) && "from" in v && "to" in v && Object.keys(v).length === 2;

/**
 * A row's stored `changes` as lines, field by field, whatever shape the model wrote:
 * `{field: {from, to}}` → before → after; `{before, after}` → the fields that differ (or every
 * field of a record created/removed); a plain `{field: value}` → the value; anything else (a list,
 * a number) → one line with the value. Field order is the stored order; a `x_label` beside `x`
 * (a stored DTO's Thai label) is left out, `x` is shown in Thai already.
 */
export function describeChanges(changes: unknown, entity = ""): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  const line = (field: string, value: unknown): ChangeLine => ({ field, label: fieldLabel(field, entity), value: formatAuditValue(value, { entity, field }) });
  const fromTo = (field: string, from: unknown, to: unknown): ChangeLine => ({
    field,
    label: fieldLabel(field, entity),
    from: formatAuditValue(from, { entity, field }),
    to: formatAuditValue(to, { entity, field }),
  });
  if (!isRecord(changes)) return [{ field: "", label: "ข้อมูล", value: formatAuditValue(changes, { entity }) }];

  // A DTO stored whole (a created leave) carries `status_label` beside `status`: the label is shown once.
  const keys = Object.keys(changes).filter((k) => !(k.endsWith("_label") && k.slice(0, -6) in changes));
  if (keys.length === 2 && "before" in changes && "after" in changes) {
    const asRecord = (v: unknown) => (isRecord(v) ? v : v == null ? {} : null);
    const before = asRecord(changes.before);
    const after = asRecord(changes.after);
    if (before && after) {
      const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
      return fields
        .filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
        .map((f) => fromTo(f, before[f], after[f]));
    }
    return [{ ...fromTo("", changes.before, changes.after), label: "ข้อมูล" }];
  }
  return keys.map((field) => {
    const value = changes[field];
    return isFromTo(value) ? fromTo(field, value.from, value.to) : line(field, value);
  });
}

/** The lines as one text (the CSV's cell): `ชื่อ: ก → ข; หมายเหตุ: …`. */
export function changesText(lines: ChangeLine[]): string {
  return lines.map((l) => `${l.label}: ${"value" in l ? l.value : `${l.from} → ${l.to}`}`).join("; ");
}
