import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { admins, attendance, auditLog, employees, leavePetitions } from "../../../db/schema";
import { appTimeZoneFromEnv } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { columnPlaceholders, db, encodeColumns, keptUntilWrite, preparedQuery } from "~/lib/db.server";
import { iterateSelect } from "~/lib/db-reader.server";
import { rowFullName } from "~/lib/enums";
import { dayjs, formatThaiDateTime, zonedTime } from "~/lib/thai-date";
import { idField, isoDate, pageOffset, PageFields, type Page } from "~/lib/validation";
import { changesText, describeChanges, entityName, type AuditNames, type ChangeLine } from "./changes";
import { ACTOR_TYPE_LABELS, actionLabel, AUDIT_ACTOR_TYPES, entityLabel, type AuditActorType } from "./labels";
import { readAuditNames } from "./names.server";

export type Actor = { type: "admin" | "employee" | "system"; id?: number | null };

export function recordAudit(entry: {
  actor: Actor;
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes?: unknown;
}) {
  insertAudit().run(
    encodeColumns(auditLog, {
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      changes: entry.changes ?? null,
    }),
  );
}

const insertAudit = preparedQuery((d) =>
  d.insert(auditLog).values(columnPlaceholders(["actorType", "actorId", "action", "entity", "entityId", "changes"] as const)).prepare(),
);

export function listAudit(filter: { entity?: string; entityId?: string | number } = {}, limit = 50) {
  const conditions = [
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId != null ? eq(auditLog.entityId, String(filter.entityId)) : undefined,
  ].filter(Boolean);
  return db()
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}

const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);
const ACTOR_MESSAGE = "ผู้ทำ (actor) ต้องเป็น admin, employee หรือ system";

/** `GET /api/audit` and the /admin/audit page: filters by entity, who acted, a date range (the business zone), paged. */
export const AuditQuery = z
  .object({
    entity: z.preprocess(blankAsMissing, z.string().regex(/^[a-z_]{1,40}$/, "ประเภทรายการ (entity) ไม่ถูกต้อง").optional()),
    entity_id: z.preprocess(blankAsMissing, z.string().regex(/^[\w-]{1,64}$/, "รหัสรายการ (entity_id) ไม่ถูกต้อง").optional()),
    actor: z.preprocess(blankAsMissing, z.enum(AUDIT_ACTOR_TYPES, { error: ACTOR_MESSAGE }).optional()),
    actor_id: z.preprocess(blankAsMissing, idField("รหัสผู้ทำ (actor_id) ").optional()),
    from: z.preprocess(blankAsMissing, isoDate("วันที่เริ่ม (from) ").optional()),
    to: z.preprocess(blankAsMissing, isoDate("วันที่สิ้นสุด (to) ").optional()),
    format: z.preprocess(blankAsMissing, z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional()),
    ...PageFields,
  })
  .superRefine((q, ctx) => {
    if (q.actor_id !== undefined && q.actor !== "admin" && q.actor !== "employee") {
      ctx.addIssue({ code: "custom", path: ["actor_id"], message: "ระบุรหัสผู้ทำ (actor_id) ได้เมื่อผู้ทำ (actor) เป็น admin หรือ employee" });
    }
    if (q.from && q.to && q.to < q.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "วันที่สิ้นสุด (to) ต้องไม่ก่อนวันที่เริ่ม (from)" });
    }
  });
export type AuditQuery = z.infer<typeof AuditQuery>;
export type AuditFilter = Omit<AuditQuery, "format" | "page" | "page_size">;

export type AuditEntry = {
  id: number;
  created_at: string;
  actor: { type: AuditActorType; id: number | null; name: string };
  action: string;
  action_label: string;
  entity: string;
  entity_label: string;
  entity_id: string | null;
  /** What the row is about in words (a person's or a cabinet's name, a leave, a holiday's date), or null. */
  entity_name: string | null;
  /** The employee the row is about (an employee's own row or their leave quota), for a link to the profile. */
  subject: { id: number; code: string; full_name: string } | null;
  changes: unknown;
  lines: ChangeLine[];
};

// Entities whose entity_id is an employee's id.
const EMPLOYEE_ENTITIES = ["employee", "leave_quota"];

const actorAdmin = alias(admins, "actor_admin");
const actorEmployee = alias(employees, "actor_employee");
const subject = alias(employees, "subject");

const FIELDS = {
  id: auditLog.id,
  created_at: auditLog.createdAt,
  actor_type: auditLog.actorType,
  actor_id: auditLog.actorId,
  action: auditLog.action,
  entity: auditLog.entity,
  entity_id: auditLog.entityId,
  changes: auditLog.changes,
  admin_username: actorAdmin.username,
  admin_full_name: actorAdmin.fullName,
  actor_title: actorEmployee.title,
  actor_name_prefix: actorEmployee.namePrefix,
  actor_first_name: actorEmployee.firstName,
  actor_last_name: actorEmployee.lastName,
  subject_id: subject.id,
  subject_code: subject.code,
  subject_title: subject.title,
  subject_name_prefix: subject.namePrefix,
  subject_first_name: subject.firstName,
  subject_last_name: subject.lastName,
};

// The joins look up one row each by primary key. entity_id is text: comparing it with the integer
// id converts it to a number (SQLite's affinity rule), so the employees' key still serves.
const joinedSelect = () =>
  db()
    .select(FIELDS)
    .from(auditLog)
    .leftJoin(actorAdmin, and(eq(auditLog.actorType, "admin"), eq(actorAdmin.id, auditLog.actorId)))
    .leftJoin(actorEmployee, and(eq(auditLog.actorType, "employee"), eq(actorEmployee.id, auditLog.actorId)))
    .leftJoin(subject, and(inArray(auditLog.entity, EMPLOYEE_ENTITIES), sql`${subject.id} = ${auditLog.entityId}`));
type JoinedRow = ReturnType<typeof joinedSelect>["_"]["result"][number];

function actorName(r: JoinedRow): string {
  if (r.actor_type === "system") return ACTOR_TYPE_LABELS.system;
  if (r.actor_type === "admin") {
    if (r.admin_username != null) return r.admin_full_name || r.admin_username;
    return r.actor_id != null ? `${ACTOR_TYPE_LABELS.admin} #${r.actor_id}` : ACTOR_TYPE_LABELS.admin;
  }
  if (r.actor_first_name != null && r.actor_last_name != null && r.actor_title != null) {
    return rowFullName({ title: r.actor_title, namePrefix: r.actor_name_prefix, firstName: r.actor_first_name, lastName: r.actor_last_name });
  }
  return r.actor_id != null ? `${ACTOR_TYPE_LABELS.employee} #${r.actor_id}` : ACTOR_TYPE_LABELS.employee;
}

const refSource = (r: JoinedRow) => ({ entity: r.entity, entity_id: r.entity_id, changes: r.changes });

function toEntry(r: JoinedRow, names: AuditNames): AuditEntry {
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    actor: { type: r.actor_type, id: r.actor_id, name: actorName(r) },
    action: r.action,
    action_label: actionLabel(r.action),
    entity: r.entity,
    entity_label: entityLabel(r.entity),
    entity_id: r.entity_id,
    entity_name: entityName(r.entity, r.entity_id, names),
    subject:
      r.subject_id != null && r.subject_code != null && r.subject_title != null && r.subject_first_name != null && r.subject_last_name != null
        ? { id: r.subject_id, code: r.subject_code, full_name: rowFullName({ title: r.subject_title, namePrefix: r.subject_name_prefix, firstName: r.subject_first_name, lastName: r.subject_last_name }) }
        : null,
    changes: r.changes,
    lines: describeChanges(r.changes, r.entity, names),
  };
}

/** The start of a business-zone date as an instant (a range's `from`, or the day after its `to`). */
const startOfDay = (date: string) => zonedTime(date, "00:00", appTimeZoneFromEnv());
const nextDay = (date: string) => dayjs(date).add(1, "day").format("YYYY-MM-DD");

function filterWhere(filter: AuditFilter): SQL | undefined {
  const conditions = [
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entity_id ? eq(auditLog.entityId, filter.entity_id) : undefined,
    filter.actor ? eq(auditLog.actorType, filter.actor) : undefined,
    filter.actor_id !== undefined ? eq(auditLog.actorId, filter.actor_id) : undefined,
    filter.from ? gte(auditLog.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(auditLog.createdAt, startOfDay(nextDay(filter.to))) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/** Rows as entries, with the names of what they point at read once for all of them. */
function toEntries(rows: JoinedRow[]): AuditEntry[] {
  const names = readAuditNames(rows.map(refSource));
  return rows.map((r) => toEntry(r, names));
}

/** One page of the log, newest first, with who acted (by name), Thai labels and the changes as lines. */
export function listAuditEntries(query: AuditFilter & { page: number; page_size: number }): Page<AuditEntry> {
  const where = filterWhere(query);
  const total = db().select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const rows = joinedSelect().where(where).orderBy(...newestFirst).limit(query.page_size).offset(pageOffset(query)).all();
  return { items: toEntries(rows), total, page: query.page, page_size: query.page_size };
}

const employeeRowsWhere = (employeeId: number) => {
  const id = String(employeeId);
  return or(
    and(inArray(auditLog.entity, EMPLOYEE_ENTITIES), eq(auditLog.entityId, id)),
    and(eq(auditLog.actorType, "employee"), eq(auditLog.actorId, employeeId)),
    and(
      eq(auditLog.entity, "leave_petition"),
      inArray(auditLog.entityId, db().select({ id: sql<string>`cast(${leavePetitions.id} as text)` }).from(leavePetitions).where(eq(leavePetitions.employeeId, employeeId))),
    ),
    and(
      eq(auditLog.entity, "attendance"),
      inArray(auditLog.entityId, db().select({ id: sql<string>`cast(${attendance.id} as text)` }).from(attendance).where(eq(attendance.employeeId, employeeId))),
    ),
  )!;
};

/**
 * An employee's history for their profile, newest first: rows about them (their record, their
 * leave quota), what they did themselves, and decisions on their leaves and attendance records.
 * Each part is an indexed lookup (entity + entity_id, actor); `total` counts them all. Kept until
 * a write.
 */
export function employeeAuditHistory(employeeId: number, limit = 30): { items: AuditEntry[]; total: number } {
  return keptUntilWrite("employee history", `${employeeId}|${limit}`, () => readEmployeeHistory(employeeId, limit));
}

function readEmployeeHistory(employeeId: number, limit: number): { items: AuditEntry[]; total: number } {
  const where = employeeRowsWhere(employeeId);
  const total = db().select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const rows = joinedSelect().where(where).orderBy(desc(auditLog.id)).limit(limit).all();
  return { items: toEntries(rows), total };
}

/** The admins the actor filter offers (every admin, disabled ones too: their past rows stay). */
export function auditAdminOptions(): { id: number; name: string }[] {
  return db()
    .select({ id: admins.id, username: admins.username, fullName: admins.fullName })
    .from(admins)
    .orderBy(asc(admins.username))
    .all()
    .map((a) => ({ id: a.id, name: a.fullName ? `${a.fullName} (${a.username})` : a.username }));
}

/** A row of the export with the names of its batch. */
type CsvRow = { row: JoinedRow; names: AuditNames };

function csvColumns(): CsvColumn<CsvRow>[] {
  const tz = appTimeZoneFromEnv();
  return [
    { label: "วันที่เวลา", value: ({ row }) => formatThaiDateTime(row.created_at, tz) },
    { label: "วันที่เวลา (ค.ศ.)", value: ({ row }) => dayjs(row.created_at).tz(tz).format("YYYY-MM-DD HH:mm:ss") },
    { label: "ผู้ทำ", value: ({ row }) => ACTOR_TYPE_LABELS[row.actor_type] },
    { label: "ชื่อผู้ทำ", value: ({ row }) => actorName(row) },
    { label: "การกระทำ", value: ({ row }) => actionLabel(row.action) },
    { label: "รายการ", value: ({ row }) => entityLabel(row.entity) },
    { label: "รหัสรายการ", value: ({ row }) => row.entity_id },
    { label: "ชื่อรายการ", value: ({ row, names }) => entityName(row.entity, row.entity_id, names) },
    {
      label: "พนักงานที่เกี่ยวข้อง",
      value: ({ row: r }) => (r.subject_code != null && r.subject_title != null && r.subject_first_name != null && r.subject_last_name != null
        ? `${r.subject_code} ${rowFullName({ title: r.subject_title, namePrefix: r.subject_name_prefix, firstName: r.subject_first_name, lastName: r.subject_last_name })}`
        : null),
    },
    { label: "รายละเอียด", value: ({ row, names }) => changesText(describeChanges(row.changes, row.entity, names)) },
  ];
}

/** Rows read for names at a time in an export: one query per kind of record for each batch. */
const NAMES_BATCH = 500;

function* named(batch: JoinedRow[]): Generator<CsvRow, void, undefined> {
  if (batch.length === 0) return;
  const names = readAuditNames(batch.map(refSource));
  for (const row of batch) yield { row, names };
}

function* withNames(rows: Iterable<JoinedRow>): Generator<CsvRow, void, undefined> {
  let batch: JoinedRow[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === NAMES_BATCH) {
      yield* named(batch);
      batch = [];
    }
  }
  yield* named(batch);
}

/** Every row of the filter (no paging), newest first, streamed on the reader connection (ADR 012). */
export function auditCsv(filter: AuditFilter) {
  const rows = iterateSelect(joinedSelect().where(filterWhere(filter)).orderBy(...newestFirst));
  return csvStream(csvColumns(), withNames(rows));
}

/** An /admin/audit filter from a hand-edited address: a bad value shows the unfiltered first page, not an error. */
export function auditPageQuery(params: URLSearchParams): AuditQuery {
  const parsed = AuditQuery.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : AuditQuery.parse({});
}
