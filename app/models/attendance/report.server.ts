import { and, asc, between, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { attendance, attendanceDays, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { csvHeader } from "~/lib/csv.server";
import { databasePath, db } from "~/lib/db.server";
import { rowFullName } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { isoDaysBetween } from "~/lib/iso-day";
import { portableStatement } from "~/lib/portable-statement";
import { appTimeZone, dayjs } from "~/lib/thai-date";
import { idField, isoDate, pageOffset, PageFields, type Page } from "~/lib/validation";
import { partsStream, workerFile } from "~/lib/worker-parts.server";
import { toAttendanceDto, type AttendanceDto } from "./dto.server";
import { ensureLedger } from "./ledger.server";
import { EXPORT_EMPLOYEE_FIELDS, EXPORT_FIELDS, exportColumns, type AttendanceExportTask, type ExportContext } from "./export.server";

/** The longest range one list or export may cover. */
export const MAX_REPORT_DAYS = 366;

const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

export const AttendanceListQuery = z.object({
  from: z.preprocess(blankAsMissing, isoDate("วันที่เริ่ม (from) ").optional()),
  to: z.preprocess(blankAsMissing, isoDate("วันที่สิ้นสุด (to) ").optional()),
  employee_id: z.preprocess(blankAsMissing, idField("รหัสพนักงาน (employee_id) ").optional()),
  format: z.preprocess(blankAsMissing, z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional()),
  ...PageFields,
});
export type AttendanceListQuery = z.infer<typeof AttendanceListQuery>;

export type AttendanceListItem = {
  employee: { id: number; code: string; full_name: string };
  record: AttendanceDto;
};

const isoOf = (d: dayjs.Dayjs) => d.format("YYYY-MM-DD");

/**
 * The dates a report covers: both given, or one end's month, or the current work month. `to`
 * before `from`, or more than MAX_REPORT_DAYS, is a 400 naming `to`.
 */
export function reportRange(query: { from?: string; to?: string }, now: Date = new Date()) {
  const today = workDate(now);
  const from = query.from ?? isoOf(dayjs(query.to ?? today).startOf("month"));
  const to = query.to ?? isoOf(dayjs(query.from ?? today).endOf("month"));
  if (to < from) {
    throw new DomainError(400, "วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม", { to: "วันที่สิ้นสุด (to) ต้องไม่ก่อนวันที่เริ่ม (from)" });
  }
  if (dayjs(to).diff(dayjs(from), "day") + 1 > MAX_REPORT_DAYS) {
    const message = `ช่วงวันที่ต้องไม่เกิน ${MAX_REPORT_DAYS} วัน`;
    throw new DomainError(400, message, { to: message });
  }
  return { from, to };
}

function rangeWhere(from: string, to: string, employeeId: number | undefined): SQL {
  const inRange = between(attendance.workDate, from, to);
  return employeeId ? and(eq(attendance.employeeId, employeeId), inRange)! : inRange;
}

// The unary + keeps SQLite from walking employees in code order (which sorts the whole range
// before the first row): it reads the work_date index and sorts each date's ~1,000 rows by code,
// so a year's CSV starts streaming at once.
const byWorkDateFirst = eq(employees.id, sql`+${attendance.employeeId}`);

const employeeOrder = [sql`${employees.code} collate nocase`, asc(employees.id)];

/**
 * The records of a date range (optionally one employee's), newest work date first, then by code;
 * paged. The work_date index (or the (employee_id, work_date) one) serves the range.
 */
export function listAttendance(query: AttendanceListQuery, now: Date = new Date()): Page<AttendanceListItem> & { from: string; to: string } {
  const { from, to } = reportRange(query, now);
  // The records' late and early minutes are the ledger's copy: the range is filled first.
  ensureLedger(from, to, now);
  const where = rangeWhere(from, to, query.employee_id);
  const total = db().select({ n: count() }).from(attendance).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      a: attendance,
      e: { id: employees.id, code: employees.code, title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName },
    })
    .from(attendance)
    .innerJoin(employees, byWorkDateFirst)
    .where(where)
    .orderBy(desc(attendance.workDate), ...employeeOrder)
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all();
  const items = rows.map(({ a, e }) => ({
    employee: { id: e.id, code: e.code, full_name: rowFullName(e) },
    record: toAttendanceDto(a),
  }));
  return { from, to, items, total, page: query.page, page_size: query.page_size };
}

const employeeCells = (employeeId: number | undefined) =>
  db()
    .select({ id: employees.id, ...EXPORT_EMPLOYEE_FIELDS })
    .from(employees)
    .where(employeeId ? eq(employees.id, employeeId) : undefined)
    .all();

/** The employees of a range, read once for the export's workers. */
function exportContext(employeeId: number | undefined): ExportContext {
  return {
    timeZone: appTimeZone(),
    employees: new Map(employeeCells(employeeId).map((e) => [e.id, { code: e.code, name: rowFullName(e) }])),
  };
}

// A date's ledger rows, each with its record when there is one. The unary + keeps SQLite on the
// ledger's (work_date, employee_id) key, sorting the date's rows by code, as the records did.
const exportSelect = () =>
  db()
    .select(EXPORT_FIELDS)
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, sql`+${attendanceDays.employeeId}`))
    .leftJoin(attendance, eq(attendance.id, attendanceDays.attendanceId));

/** Threads an export formats with: the second core of a small server, without taking the first from requests. */
const EXPORT_WORKERS = 2;

/**
 * Every day of the range (no paging) that the day ledger holds (filled first), oldest first then
 * by code, as a streamed CSV (ADR 012): one row per employee per date, with the day's record when
 * there is one. Each day is read and formatted by one of EXPORT_WORKERS worker threads on its own
 * read-only connection (app/workers/attendance-csv.ts), a day at a time: bounded memory.
 */
export function attendanceCsv(query: AttendanceListQuery, now: Date = new Date()) {
  const { from, to } = reportRange(query, now);
  ensureLedger(from, to, now);
  const context = exportContext(query.employee_id);
  const day = and(
    eq(attendanceDays.workDate, sql.placeholder("day")),
    query.employee_id ? eq(attendanceDays.employeeId, query.employee_id) : undefined,
  );
  const task: AttendanceExportTask = {
    file: databasePath(),
    statement: portableStatement(exportSelect().where(day).orderBy(...employeeOrder)),
    employee: portableStatement(db().select(EXPORT_EMPLOYEE_FIELDS).from(employees).where(eq(employees.id, sql.placeholder("id")))),
    days: isoDaysBetween(from, to),
    context,
  };
  const head = csvHeader(exportColumns(context));
  return { from, to, stream: partsStream(workerFile("attendance-csv"), head, { parts: task.days.length, workers: EXPORT_WORKERS, data: task }) };
}
