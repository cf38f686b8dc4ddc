// A row's stored `changes` (which models write in several shapes) as Thai lines, field by field,
// and the ids in it that name a record. One renderer for the audit page, the profile's history
// and the CSV; client-safe (the server passes the names it read, names.server.ts).
import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, MACHINE_TYPE_LABELS, TITLE_LABELS } from "~/lib/enums";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import { CORRECTION_STATUS_LABELS, REVIEW_STATUS_LABELS } from "~/models/attendance/labels";
import { HALF_LABELS, HOLIDAY_KIND_LABELS, HOLIDAY_SOURCE_LABELS } from "~/models/leave/labels";
import { MATCH_LABELS, PUSH_KIND_LABELS } from "~/models/line/labels";
import { PAY_BASIS_LABELS } from "~/models/employees/labels";
import { ACTOR_TYPE_LABELS, fieldLabel } from "./labels";

/** Records a row may point at by id; the server reads their names, one query per kind for a page. */
export const AUDIT_REF_KINDS = [
  "employee",
  "admin",
  "province",
  "amphur",
  "district",
  "machine",
  "line_group",
  "reply_message",
  "leave_petition",
  "attendance",
  "attendance_correction",
] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];
/** Each kind's names by id (a record not found keeps its number: `#12`). */
export type AuditNames = Partial<Record<AuditRefKind, ReadonlyMap<number, string>>>;

/** Fields whose value is the id of a record. */
const REF_FIELDS: Record<string, AuditRefKind> = {
  employee_id: "employee",
  province_id: "province",
  amphur_id: "amphur",
  district_id: "district",
  machine_id: "machine",
  attendance_id: "attendance",
  correction_id: "attendance_correction",
};

/** Entities whose entity_id is the id of a record with a name. */
const REF_ENTITIES: Record<string, AuditRefKind> = {
  employee: "employee",
  leave_quota: "employee",
  admin: "admin",
  machine: "machine",
  line_group: "line_group",
  reply_message: "reply_message",
  leave_petition: "leave_petition",
  attendance: "attendance",
  attendance_correction: "attendance_correction",
};

/** One line of a row's changes: a field that went from → to, or a field (or the whole record) with a value. */
export type ChangeLine = { field: string; label: string } & ({ from: string; to: string } | { value: string });

type Context = { entity: string; field: string; names: AuditNames };
/** A field's own wording of a value, or null for the general rules. */
type Format = (value: unknown, c: Context) => string | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const UPLOAD_PATH = /^\/uploads\/([a-z]+)\/[\w-]+\.\w+$/;
const BACKUP_FILE = /^tn-(\d{4}-\d{2}-\d{2})\.sqlite$/;
const MAX_TEXT = 300;
const EMPTY = "-";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === "";
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

const words =
  (table: Record<string | number, string>): Format =>
  (v) =>
    (typeof v === "string" || typeof v === "number") && Object.hasOwn(table, String(v)) ? table[String(v)] : null;
const byEntity =
  (formats: Record<string, Format>): Format =>
  (v, c) =>
    formats[c.entity]?.(v, c) ?? null;

const yesNo = (v: boolean) => (v ? "ใช่" : "ไม่ใช่");
const WEEKDAYS: Record<number, string> = { 1: "จ.", 2: "อ.", 3: "พ.", 4: "พฤ.", 5: "ศ.", 6: "ส.", 7: "อา." };
const REMINDER_AFTER: Record<string, string> = { remind_checkin: "นาทีหลังเวลาเข้างาน", remind_checkout: "นาทีหลังเวลาเลิกงาน" };
/** What an upload is, by its folder: a leave's attachment may be a document. */
const uploadWord = (folder: string) => (folder === "leaves" ? "ไฟล์แนบ" : "รูปภาพ");
const UPLOAD_FIELDS: Record<string, string> = { photo_url: "รูปภาพ", face_url: "รูปภาพ", picture_url: "รูปภาพ", attachment_url: "ไฟล์แนบ" };

function refName(kind: AuditRefKind, id: number, names: AuditNames) {
  return names[kind]?.get(id) ?? `#${id}`;
}

/** A LINE account or rich menu id says nothing to a person: its last characters tell two apart. */
const lineId = (v: unknown) => (typeof v === "string" && v ? `บัญชีที่ลงท้ายด้วย ${v.slice(-4)}` : null);

/** LINE message objects: a text's words, a card's alt text, else what kind of message it is. */
function lineMessagesText(v: unknown): string | null {
  if (!Array.isArray(v)) return null;
  const KINDS: Record<string, string> = { image: "รูปภาพ", video: "วิดีโอ", audio: "เสียง", sticker: "สติกเกอร์", location: "ตำแหน่ง" };
  return v
    .map((m) => {
      if (!isRecord(m)) return String(m);
      if (typeof m.text === "string") return m.text;
      if (typeof m.altText === "string") return `การ์ด: ${m.altText}`;
      if (typeof m.type === "string") return `[${KINDS[m.type] ?? m.type}]`;
      return "[ข้อความ]";
    })
    .join(" / ");
}

/** A reminder's setting: off, or on at a time / so many minutes after the work hours. */
function reminderText(v: unknown, c: Context): string | null {
  if (!isRecord(v) || typeof v.on !== "boolean") return null;
  if (!v.on) return "ปิด";
  if (typeof v.time === "string") return `เปิด เวลา ${v.time} น.`;
  if (typeof v.after_minutes === "number") return `เปิด ${v.after_minutes} ${REMINDER_AFTER[c.field] ?? "นาที"}`;
  return "เปิด";
}

function officesText(v: unknown): string | null {
  if (!Array.isArray(v)) return null;
  if (v.length === 0) return "ไม่มี";
  return v
    .map((o) =>
      isRecord(o) ? `${String(o.name ?? "")} (${String(o.lat ?? EMPTY)}, ${String(o.lng ?? EMPTY)} รัศมี ${String(o.radius_m ?? EMPTY)} ม.)` : String(o),
    )
    .join("; ");
}

/** The replies LINE refused at a sync: which reply (by keyword) and why. */
function invalidRepliesText(v: unknown, c: Context): string | null {
  if (!Array.isArray(v)) return null;
  if (v.length === 0) return "ไม่มี";
  return v
    .map((item) => (isRecord(item) && isId(item.id) ? `${refName("reply_message", item.id, c.names)}: ${String(item.error ?? "")}` : formatAuditValue(item)))
    .join("; ");
}

/** Each field's own wording; the rest follow formatAuditValue's general rules. */
const FIELD_FORMATS: Record<string, Format> = {
  title: words(TITLE_LABELS),
  status: byEntity({ leave_petition: words(LEAVE_STATUS_LABELS), attendance_correction: words(CORRECTION_STATUS_LABELS) }),
  review_status: words(REVIEW_STATUS_LABELS),
  checked: (v) => (v === 0 || v === 1 ? yesNo(v === 1) : null),
  type: byEntity({ leave_petition: words(LEAVE_TYPE_LABELS), leave_quota: words(LEAVE_TYPE_LABELS), machine: words(MACHINE_TYPE_LABELS) }),
  half: words(HALF_LABELS),
  cancelled_by: words(ACTOR_TYPE_LABELS),
  year: (v) => (typeof v === "number" && Number.isInteger(v) ? String(v + 543) : null),
  kind: byEntity({ holiday: words(HOLIDAY_KIND_LABELS), employee: words(PUSH_KIND_LABELS) }),
  source: byEntity({ holiday: words(HOLIDAY_SOURCE_LABELS) }),
  match: words(MATCH_LABELS),
  match_mode: words(MATCH_LABELS),
  messages: lineMessagesText,
  password: words({ set: "ตั้งรหัสใหม่", generated: "สุ่มรหัสใหม่" }),
  mode: words({ all_or_nothing: "ทั้งหมดหรือไม่นำเข้าเลย", valid_only: "เฉพาะแถวที่ถูกต้อง" }),
  via: words({ line_code: "รหัสเชื่อมที่ส่งใน LINE", disabled: "ปิดใช้งานผู้ดูแลระบบ" }),
  reason: byEntity({ machine: words({ resigned: "พนักงานลาออก" }) }),
  line_user_id: lineId,
  line_rich_menu_id: (v) => (typeof v === "string" && v ? `เมนูที่ลงท้ายด้วย ${v.slice(-4)}` : null),
  pay_basis: words(PAY_BASIS_LABELS),
  outside_radius: words({ review: "รับไว้และส่งให้ตรวจสอบ", reject: "ไม่ให้ลงเวลา" }),
  work_days: (v) => (Array.isArray(v) && v.every((d) => typeof d === "number") ? v.map((d) => WEEKDAYS[d] ?? String(d)).join(" ") || "ไม่มี" : null),
  offices: officesText,
  remind_checkin: reminderText,
  remind_checkout: reminderText,
  daily_summary: reminderText,
  remind_pending_leave: reminderText,
  remind_overdue_machines: reminderText,
  invalid: byEntity({ reply_message: invalidRepliesText }),
};

/**
 * A stored value as Thai text. Nothing is "-"; then the field's own wording (an enumeration's
 * label, an id's name, a year in BE, an upload as "รูปภาพ"/"ไฟล์แนบ"); else dates and instants in
 * Thai BE, yes/no, lists joined, a nested record as "label: value" pairs. Never throws.
 */
export function formatAuditValue(value: unknown, context: { entity?: string; field?: string; names?: AuditNames } = {}): string {
  const c: Context = { entity: context.entity ?? "", field: context.field ?? "", names: context.names ?? {} };
  if (isEmpty(value)) return EMPTY;
  const ref = REF_FIELDS[c.field];
  if (ref && isId(value)) return refName(ref, value, c.names);
  const own = FIELD_FORMATS[c.field]?.(value, c);
  if (own != null) return clip(own || EMPTY);
  if (typeof value === "string" && UPLOAD_FIELDS[c.field]) return UPLOAD_FIELDS[c.field];
  return clip(generalText(value, c));
}

function generalText(value: unknown, c: Context): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === "boolean") return yesNo(value);
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (ISO_DATE.test(value)) return formatThaiDate(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatThaiDateTime(value);
    const upload = UPLOAD_PATH.exec(value);
    return upload ? uploadWord(upload[1]) : value;
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => (isRecord(v) ? `(${generalText(v, c)})` : formatAuditValue(v, c)));
    return parts.join(isRecord(value[0]) ? "; " : ", ") || EMPTY;
  }
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .filter(([, v]) => !isEmpty(v))
      .map(([field, v]) => `${fieldLabel(field, c.entity)}: ${formatAuditValue(v, { ...c, field })}`);
    return parts.join(", ") || EMPTY;
  }
  return String(value);
}

const isFromTo = (v: unknown): v is { from: unknown; to: unknown } =>
  isRecord(v) && "from" in v && "to" in v && Object.keys(v).length === 2;

/** Fields that say nothing to a person: the row's own id (the entity's), LINE's retry key. */
const HIDDEN_FIELDS = new Set(["id", "retry_key"]);

/**
 * A row's stored `changes` as lines, field by field, whatever shape the model wrote:
 * `{field: {from, to}}` → before → after; `{before, after}` → the fields that differ (or every
 * field of a record created/removed); a plain `{field: value}` → the value (an empty one is left
 * out); anything else (a list, a number) → one line with the value. Field order is the stored
 * order; a `x_label` beside `x` (a stored DTO's Thai label) is left out, `x` is shown in Thai.
 * `names` are the names of the records the ids point at (from the server).
 */
export function describeChanges(changes: unknown, entity = "", names: AuditNames = {}): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  const fromTo = (field: string, from: unknown, to: unknown): ChangeLine => {
    const line = {
      field,
      label: fieldLabel(field, entity),
      from: formatAuditValue(from, { entity, field, names }),
      to: formatAuditValue(to, { entity, field, names }),
    };
    // One picture replaced by another: both would read "รูปภาพ".
    if (UPLOAD_FIELDS[field] && !isEmpty(from) && !isEmpty(to)) return { ...line, from: `${UPLOAD_FIELDS[field]}เดิม`, to: `${UPLOAD_FIELDS[field]}ใหม่` };
    return line;
  };
  if (!isRecord(changes)) return [{ field: "", label: "ข้อมูล", value: formatAuditValue(changes, { entity, names }) }];

  const keys = Object.keys(changes).filter((k) => !HIDDEN_FIELDS.has(k) && !(k.endsWith("_label") && k.slice(0, -6) in changes));
  if (keys.length === 2 && "before" in changes && "after" in changes) {
    const asRecord = (v: unknown) => (isRecord(v) ? v : v == null ? {} : null);
    const before = asRecord(changes.before);
    const after = asRecord(changes.after);
    if (before && after) {
      const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !HIDDEN_FIELDS.has(f));
      return fields
        .filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
        .map((f) => fromTo(f, before[f], after[f]));
    }
    return [{ ...fromTo("", changes.before, changes.after), label: "ข้อมูล" }];
  }
  return keys.flatMap((field): ChangeLine[] => {
    const value = changes[field];
    if (isFromTo(value)) return [fromTo(field, value.from, value.to)];
    if (isEmpty(value)) return [];
    return [{ field, label: fieldLabel(field, entity), value: formatAuditValue(value, { entity, field, names }) }];
  });
}

/** The lines as one text (the CSV's cell): `ชื่อ: ก → ข; หมายเหตุ: …`. */
export function changesText(lines: ChangeLine[]): string {
  return lines.map((l) => `${l.label}: ${"value" in l ? l.value : `${l.from} → ${l.to}`}`).join("; ");
}

/** What a row is about, in words: a holiday's date, a year in BE, a backup's date, else the record's name. */
export function entityName(entity: string, entityId: string | null, names: AuditNames = {}): string | null {
  if (entityId == null || entityId === "") return null;
  if (entity === "holiday" && ISO_DATE.test(entityId)) return formatThaiDate(entityId);
  if (entity === "holiday_year" && /^\d{4}$/.test(entityId)) return `ปี ${Number(entityId) + 543}`;
  const backup = entity === "database" ? BACKUP_FILE.exec(entityId) : null;
  if (backup) return `ไฟล์สำรองวันที่ ${formatThaiDate(backup[1])}`;
  const kind = REF_ENTITIES[entity];
  const id = Number(entityId);
  return kind && isId(id) ? (names[kind]?.get(id) ?? null) : null;
}

/** A row as far as its references go. */
export type AuditRefSource = { entity: string; entity_id: string | null; changes: unknown };

/** The ids a set of rows points at, by kind: the entity ids and the id fields inside `changes`. */
export function auditRefs(rows: Iterable<AuditRefSource>): Map<AuditRefKind, Set<number>> {
  const found = new Map<AuditRefKind, Set<number>>();
  const add = (kind: AuditRefKind, id: unknown) => {
    if (!isId(id)) return;
    let ids = found.get(kind);
    if (!ids) found.set(kind, (ids = new Set()));
    ids.add(id);
  };
  const visit = (value: unknown, field: string, entity: string) => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (field === "invalid" && entity === "reply_message" && isRecord(item)) add("reply_message", item.id);
        else visit(item, field, entity);
      }
    } else if (isRecord(value)) {
      if (isFromTo(value)) {
        visit(value.from, field, entity);
        visit(value.to, field, entity);
      } else {
        for (const [key, v] of Object.entries(value)) visit(v, key === "before" || key === "after" ? field : key, entity);
      }
    } else if (REF_FIELDS[field]) {
      add(REF_FIELDS[field], value);
    }
  };
  for (const row of rows) {
    const kind = REF_ENTITIES[row.entity];
    if (kind && row.entity_id != null && /^\d+$/.test(row.entity_id)) add(kind, Number(row.entity_id));
    visit(row.changes, "", row.entity);
  }
  return found;
}
