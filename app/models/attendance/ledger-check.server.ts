import { eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, type Db } from "~/lib/db.server";
import { addDays, isoDaysBetween } from "~/lib/iso-day";
import { formatThaiDate } from "~/lib/thai-date";
import { ensureHolidayYear } from "~/models/leave/holidays.server";
import { computeDate, LEDGER_COLUMNS } from "./ledger.server";

// The day ledger's reconcile check (ADR 043): every stored row of a range computed again from the
// inputs and compared, field by field. Only the dates the ledger holds as current are compared:
// a date not filled yet, or filled before one of its clock thresholds passed, is computed afresh
// by the next reader anyway, so its stored rows say nothing. 0 differences is the expected answer.

export type LedgerDifference = {
  employee_id: number;
  work_date: string;
  /** A column of attendance_days; `row` for a row missing or extra; `attendance.late_minutes`/`attendance.early_minutes` for the record's copy. */
  field: string;
  stored: unknown;
  computed: unknown;
};

export type LedgerCheckResult = {
  from: string;
  to: string;
  /** Rows compared. */
  checked: number;
  /** Dates compared, and dates left to the next reader (not filled or stale). */
  dates: number;
  unchecked_dates: number;
  /** Every difference found; `differences` lists the first ones only. */
  count: number;
  differences: LedgerDifference[];
};

export const MAX_LISTED_DIFFERENCES = 100;

const COLUMNS = LEDGER_COLUMNS;
const FIELDS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

/** The range of the last `days` work dates up to `now`'s. */
export function lastDays(days: number, now: Date = new Date()) {
  const to = workDate(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Whether the ledger holds the date as current at `now`: filled, and no clock threshold passed since. */
function current(d: Db, date: string, now: Date) {
  const mark = d.select({ freshUntil: ledgerDates.freshUntil }).from(ledgerDates).where(eq(ledgerDates.workDate, date)).get();
  return mark != null && (mark.freshUntil == null || mark.freshUntil > now.getTime());
}

/** One date compared, in one read transaction (a write between the stored and the computed read would look like a difference). */
function checkDate(d: Db, date: string, now: Date, report: (difference: LedgerDifference) => void): number | null {
  return d.$client.transaction(() => {
    if (!current(d, date, now)) return null;
    const stored = new Map(d.select().from(attendanceDays).where(eq(attendanceDays.workDate, date)).all().map((r) => [r.employeeId, r]));
    const computed = computeDate(d, date, now);
    const records = new Map(
      d
        .select({ id: attendance.id, late: attendance.lateMinutes, early: attendance.earlyMinutes })
        .from(attendance)
        .where(eq(attendance.workDate, date))
        .all()
        .map((r) => [r.id, r]),
    );
    const at = (employee_id: number) => ({ employee_id, work_date: date });
    for (const [employeeId, day] of computed) {
      const row = stored.get(employeeId);
      if (!row) {
        report({ ...at(employeeId), field: "row", stored: null, computed: day.status });
        continue;
      }
      for (const field of FIELDS) {
        if (row[field] !== day[field]) report({ ...at(employeeId), field: COLUMNS[field], stored: row[field], computed: day[field] });
      }
      const record = day.attendanceId == null ? undefined : records.get(day.attendanceId);
      if (record && record.late !== day.lateMinutes) {
        report({ ...at(employeeId), field: "attendance.late_minutes", stored: record.late, computed: day.lateMinutes });
      }
      if (record && record.early !== day.earlyMinutes) {
        report({ ...at(employeeId), field: "attendance.early_minutes", stored: record.early, computed: day.earlyMinutes });
      }
    }
    for (const [employeeId, row] of stored) {
      if (!computed.has(employeeId)) report({ ...at(employeeId), field: "row", stored: row.status, computed: null });
    }
    return stored.size;
  })();
}

/**
 * Computes every current date from `from` to `to` (up to today) again from the inputs and reports
 * the rows that differ from the stored ones. Yields between dates; `signal` stops it early.
 */
export async function ledgerCheck(
  range: { from: string; to: string },
  options: { now?: Date; signal?: AbortSignal; limit?: number } = {},
): Promise<LedgerCheckResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? MAX_LISTED_DIFFERENCES;
  const today = workDate(now);
  const last = range.to < today ? range.to : today;
  const dates = isoDaysBetween(range.from, last);
  const result: LedgerCheckResult = { from: range.from, to: range.to, checked: 0, dates: 0, unchecked_dates: 0, count: 0, differences: [] };
  const report = (difference: LedgerDifference) => {
    result.count += 1;
    if (result.differences.length < limit) result.differences.push(difference);
  };
  // Seeding a year is a write: done before the read transactions, never inside one.
  for (const year of new Set(dates.map((date) => Number(date.slice(0, 4))))) ensureHolidayYear(year);
  for (const date of dates) {
    if (options.signal?.aborted) break;
    const rows = checkDate(db(), date, now, report);
    if (rows === null) result.unchecked_dates += 1;
    else {
      result.dates += 1;
      result.checked += rows;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}

const MISMATCH = /^ไม่ตรง ([\d,]+) รายการ/;

/** How many rows differed, read back from a stored summary line; null when it is not a mismatch line. */
export function differencesInSummary(summary: string | null): number | null {
  const match = summary ? MISMATCH.exec(summary) : null;
  return match ? Number(match[1].replaceAll(",", "")) : null;
}

/** One Thai line for the job's result and the settings hub: "ตรงกันทั้งหมด" or "ไม่ตรง N รายการ", with what was compared. */
export function ledgerCheckSummary(r: LedgerCheckResult): string {
  const span = `${formatThaiDate(r.from)} – ${formatThaiDate(r.to)}`;
  const unchecked = r.unchecked_dates > 0 ? ` (${r.unchecked_dates.toLocaleString("en-US")} วันยังไม่ได้สรุป ไม่ได้ตรวจ)` : "";
  const scope = `${r.checked.toLocaleString("en-US")} แถว ${r.dates.toLocaleString("en-US")} วัน ${span}${unchecked}`;
  return r.count === 0 ? `ตรงกันทั้งหมด: ตรวจ ${scope}` : `ไม่ตรง ${r.count.toLocaleString("en-US")} รายการ จาก ${scope}`;
}
