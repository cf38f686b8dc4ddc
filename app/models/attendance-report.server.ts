import { and, asc, between, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { attendance, employees } from "../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db, preparedQuery } from "~/lib/db.server";
import { iterateSelect } from "~/lib/db-reader.server";
import { rowFullName } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { appTimeZone, clockFormatter, dayjs, formatThaiDate } from "~/lib/thai-date";
import { idField, isoDate, pageOffset, PageFields, type Page } from "~/lib/validation";
import { WEEKDAY_SHORT } from "./attendance-codes";
import { DAILY_SETTING_KEYS } from "./attendance-daily.server";
import { toAttendanceDto, type AttendanceDto } from "./attendance-dto.server";
import { flagLabel, GEOFENCE_LABELS, matchText, REVIEW_STATUS_LABELS } from "./attendance-labels";
import { periodCalendar } from "./attendance-calendar.server";
import { attendanceStatus, isoWeekday, STATUS_LABELS } from "./attendance-status";
import { getSettings } from "./settings.server";

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
  const where = rangeWhere(from, to, query.employee_id);
  const total = db().select({ n: count() }).from(attendance).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      a: attendance,
      e: { id: employees.id, code: employees.code, title: employees.title, firstName: employees.firstName, lastName: employees.lastName },
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

// Timestamps and flags as stored (epoch ms, JSON text), each row read by exportRow: a year's
// export formats each straight from that, where decoding would make half a million Dates and
// parse a quarter of a million arrays of a handful of distinct values. The employee's code and
// name are looked up by id (a thousand employees, not a quarter of a million rows of them).
const EXPORT_FIELDS = {
  employee_id: attendance.employeeId,
  work_date: attendance.workDate,
  checkin_at: sql<number | null>`${attendance.checkinAt}`,
  checkout_at: sql<number | null>`${attendance.checkoutAt}`,
  late_minutes: attendance.lateMinutes,
  early_minutes: attendance.earlyMinutes,
  checkin_geofence: attendance.checkinGeofence,
  checkin_distance_m: attendance.checkinDistanceM,
  checkin_address: attendance.checkinAddress,
  checkin_match: attendance.checkinMatch,
  checkin_photo: sql<boolean>`${attendance.checkinPhotoUploadId} is not null`,
  checkout_geofence: attendance.checkoutGeofence,
  checkout_distance_m: attendance.checkoutDistanceM,
  checkout_address: attendance.checkoutAddress,
  checkout_match: attendance.checkoutMatch,
  checkout_photo: sql<boolean>`${attendance.checkoutPhotoUploadId} is not null`,
  review_status: attendance.reviewStatus,
  review_note: attendance.reviewNote,
  checked: attendance.checked,
  flags: sql<string>`${attendance.flags}`,
};

const exportSelect = () => db().select(EXPORT_FIELDS).from(attendance).innerJoin(employees, byWorkDateFirst);
type ExportRow = ReturnType<typeof exportSelect>["_"]["result"][number];

/** A raw export row (EXPORT_FIELDS' order) as its object. */
const exportRow = (r: unknown[]): ExportRow => ({
  employee_id: r[0] as number,
  work_date: r[1] as string,
  checkin_at: r[2] as number | null,
  checkout_at: r[3] as number | null,
  late_minutes: r[4] as number,
  early_minutes: r[5] as number,
  checkin_geofence: r[6] as ExportRow["checkin_geofence"],
  checkin_distance_m: r[7] as number | null,
  checkin_address: r[8] as string | null,
  checkin_match: r[9] as number | null,
  checkin_photo: r[10] === 1,
  checkout_geofence: r[11] as ExportRow["checkout_geofence"],
  checkout_distance_m: r[12] as number | null,
  checkout_address: r[13] as string | null,
  checkout_match: r[14] as number | null,
  checkout_photo: r[15] === 1,
  review_status: r[16] as ExportRow["review_status"],
  review_note: r[17] as string | null,
  checked: r[18] as number,
  flags: r[19] as string,
});

/** A value per distinct key, worked out once (an export repeats each date for every employee). */
function memo<K, T>(fn: (key: K) => T) {
  const cache = new Map<K, T>();
  return (key: K) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      cache.set(key, value);
    }
    return value;
  };
}

const employeeCells = preparedQuery((d) =>
  d
    .select({ code: employees.code, title: employees.title, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(eq(employees.id, sql.placeholder("id")))
    .prepare(),
);

const metres = (m: number | null) => (m == null ? null : Math.round(m));

function exportColumns(now: Date, calendar: ReturnType<typeof periodCalendar>): CsvColumn<ExportRow>[] {
  const clock = clockFormatter(appTimeZone());
  const settings = getSettings(DAILY_SETTING_KEYS);
  const thaiDate = memo(formatThaiDate);
  const weekday = memo(isoWeekday);
  const workDay = memo((date: string) => settings.work_days.includes(weekday(date)));
  const employee = memo((id: number) => {
    const e = employeeCells().get({ id });
    return { code: e?.code ?? "", name: e ? rowFullName(e) : "" };
  });
  const flags = memo((stored: string) => (JSON.parse(stored) as string[]).map(flagLabel).join(", "));
  const status = (r: ExportRow) =>
    STATUS_LABELS[
      attendanceStatus({
        date: r.work_date,
        record: { checkinAt: r.checkin_at, checkoutAt: r.checkout_at, lateMinutes: r.late_minutes, earlyMinutes: r.early_minutes, reviewStatus: r.review_status },
        settings,
        workDay: workDay(r.work_date),
        holiday: calendar.holidays.get(r.work_date) ?? null,
        leave: calendar.leaves.get(r.employee_id)?.get(r.work_date) ?? null,
        now,
      }).status
    ];
  // Dates twice (ADR 012): Thai BE for reading, ISO beside it for sorting and formulas.
  return [
    { label: "วันที่", value: (r) => thaiDate(r.work_date) },
    { label: "วันที่ (ค.ศ.)", value: (r) => r.work_date },
    { label: "วัน", value: (r) => WEEKDAY_SHORT[weekday(r.work_date) - 1] },
    { label: "รหัสพนักงาน", value: (r) => employee(r.employee_id).code },
    { label: "ชื่อ-นามสกุล", value: (r) => employee(r.employee_id).name },
    { label: "สถานะ", value: status },
    { label: "เวลาเข้างาน", value: (r) => clock(r.checkin_at) },
    { label: "เวลาออกงาน", value: (r) => clock(r.checkout_at) },
    { label: "สาย (นาที)", value: (r) => r.late_minutes },
    { label: "ออกก่อนเวลา (นาที)", value: (r) => r.early_minutes },
    { label: "พื้นที่ตอนเข้างาน", value: (r) => (r.checkin_geofence ? GEOFENCE_LABELS[r.checkin_geofence] : "") },
    { label: "ระยะจากสำนักงานตอนเข้างาน (ม.)", value: (r) => metres(r.checkin_distance_m) },
    { label: "ที่อยู่ตอนเข้างาน", value: (r) => r.checkin_address },
    { label: "ใบหน้าตอนเข้างาน", value: (r) => (r.checkin_at ? matchText(r.checkin_match, r.checkin_photo) : null) },
    { label: "พื้นที่ตอนออกงาน", value: (r) => (r.checkout_geofence ? GEOFENCE_LABELS[r.checkout_geofence] : "") },
    { label: "ระยะจากสำนักงานตอนออกงาน (ม.)", value: (r) => metres(r.checkout_distance_m) },
    { label: "ที่อยู่ตอนออกงาน", value: (r) => r.checkout_address },
    { label: "ใบหน้าตอนออกงาน", value: (r) => (r.checkout_at ? matchText(r.checkout_match, r.checkout_photo) : null) },
    { label: "ผลการตรวจสอบ", value: (r) => REVIEW_STATUS_LABELS[r.review_status] },
    { label: "หมายเหตุการตรวจสอบ", value: (r) => r.review_note },
    { label: "ตรวจแล้ว", value: (r) => (r.checked === 1 ? "ตรวจแล้ว" : "ยังไม่ตรวจ") },
    { label: "ข้อสังเกต", value: (r) => flags(r.flags) },
  ];
}

/**
 * Every record of the range (no paging), oldest first then by code, as a streamed CSV read on
 * the reader connection (ADR 012). The status column is the daily view's derivation.
 */
export function attendanceCsv(query: AttendanceListQuery, now: Date = new Date()) {
  const { from, to } = reportRange(query, now);
  const rows = iterateSelect(
    exportSelect()
      .where(rangeWhere(from, to, query.employee_id))
      .orderBy(asc(attendance.workDate), ...employeeOrder),
    exportRow,
  );
  return { from, to, stream: csvStream(exportColumns(now, periodCalendar(from, to)), rows) };
}
