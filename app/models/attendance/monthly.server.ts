import { and, between, count, eq, isNull, lte, or, sql, type Placeholder } from "drizzle-orm";
import { z } from "zod";
import { attendanceDays, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { iterateSelect, rawSelect } from "~/lib/db-reader.server";
import { rowFullName } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { queryInt, blankAsMissing } from "~/lib/validation";
import { dayCode, TOTAL_KEYS, WEEKDAY_SHORT, type DayKind, type MonthlyTotals } from "./codes";
import {
  cursorField,
  cursorValues,
  employeeCodeKey,
  KEYSET_MAX,
  keysetCondition,
  keysetOrder,
  keysetPage,
  keysetStart,
  type EmployeeCursor,
  type KeysetDirection,
} from "./employee-keyset.server";
import { TOTAL_LABELS } from "./labels";
import { ensureLedger } from "./ledger.server";
import type { AttendanceStatus } from "./status";
import { rulesOn } from "./work-rules.server";
import { workingOn } from "~/models/employees/employee.server";
import { holidaysBetween } from "~/models/leave/holidays.server";
import { overWeeklyLimitByEmployee, type WeekOver } from "~/models/overtime/weekly-limit.server";

// The monthly sheet (ADR 043): each employee's days of the month as codes, and the month's
// totals, from the day ledger's rows. Employees come a keyset page at a time (the page, the JSON);
// the CSV streams every employee's rows in one ordered read.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const monthField = z
  .string({ error: "เดือน (month) ไม่ถูกต้อง" })
  .regex(MONTH, "เดือน (month) ต้องอยู่ในรูปแบบ ปปปป-ดด เช่น 2026-11")
  .refine((v) => v >= "1900-01" && v <= "2200-12", "เดือน (month) ต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200");

export const MonthlyQuery = z.object({
  month: z.preprocess(blankAsMissing, monthField.optional()),
  format: z.preprocess(blankAsMissing, z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional()),
  limit: queryInt(`จำนวนต่อหน้า (limit) ต้องเป็นจำนวนเต็มบวก (สูงสุด ${KEYSET_MAX})`, { cap: KEYSET_MAX, fallback: KEYSET_MAX }),
  after: cursorField("after"),
});
export type MonthlyQuery = z.infer<typeof MonthlyQuery>;

export type MonthDay = { date: string; weekday: number; kind: DayKind };

export type MonthlyItem = {
  employee: { id: number; code: string; full_name: string };
  /** Every date of the month: its code, or "" when blank (still ahead, not counted yet, or not on the staff that day). */
  days: Record<string, string>;
  totals: MonthlyTotals;
  /** The weeks touching the month whose approved overtime and holiday work passed 36 hours (a warning). */
  weeks_over_limit: WeekOver[];
};

export type MonthlySheet = {
  month: string;
  days: MonthDay[];
  /** One page of employees, in code order. */
  items: MonthlyItem[];
  /** Employees in the sheet (all pages). */
  total: number;
  /** The `after` of the next page, null on the last. */
  next_cursor: string | null;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** The month's dates with their ISO weekday (1 Monday … 7 Sunday), by plain calendar arithmetic. */
export function monthDates(month: string): { date: string; weekday: number }[] {
  const [year, m] = month.split("-").map(Number);
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => {
    const day = new Date(Date.UTC(year, m - 1, i + 1)).getUTCDay();
    return { date: `${month}-${pad(i + 1)}`, weekday: day === 0 ? 7 : day };
  });
}

const emptyTotals = (): MonthlyTotals => ({
  present: 0,
  late: 0,
  late_minutes: 0,
  early_leave: 0,
  absent: 0,
  missing_checkout: 0,
  leave_days: 0,
  overtime_hours: 0,
  holiday_work_hours: 0,
  holiday_overtime_hours: 0,
});

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** What the sheet reads of a ledger row. */
type LedgerCells = {
  workDate: string;
  status: AttendanceStatus;
  lateMinutes: number;
  earlyMinutes: number;
  leaveFraction: number;
  absentFraction: number;
  overtimeMinutes: number;
  holidayWorkMinutes: number;
  holidayOvertimeMinutes: number;
};

const WORKED = new Set<AttendanceStatus>(["present", "late", "early_leave", "missing_checkout"]);

type StaffRow = { id: number; code: string; title: number; namePrefix: string; firstName: string; lastName: string };

/**
 * One employee's row of the sheet from their ledger rows of the month: a date without a row (not
 * on the staff, before attendance_start, still ahead) is blank and counts nothing.
 */
function monthItem(e: StaffRow, dates: readonly string[], rows: Iterable<LedgerCells>): MonthlyItem {
  const codes: Record<string, string> = Object.fromEntries(dates.map((d) => [d, ""]));
  const totals = emptyTotals();
  const minutes = { overtime: 0, holidayWork: 0, holidayOvertime: 0 };
  for (const row of rows) {
    minutes.overtime += row.overtimeMinutes;
    minutes.holidayWork += row.holidayWorkMinutes;
    minutes.holidayOvertime += row.holidayOvertimeMinutes;
    codes[row.workDate] = dayCode(row);
    if (WORKED.has(row.status)) totals.present += 1;
    if (row.status === "missing_checkout") totals.missing_checkout += 1;
    if (row.lateMinutes > 0) {
      totals.late += 1;
      totals.late_minutes += row.lateMinutes;
    }
    if (row.earlyMinutes > 0) totals.early_leave += 1;
    totals.absent += row.absentFraction;
    totals.leave_days += row.leaveFraction;
  }
  totals.overtime_hours = hours(minutes.overtime);
  totals.holiday_work_hours = hours(minutes.holidayWork);
  totals.holiday_overtime_hours = hours(minutes.holidayOvertime);
  return { employee: { id: e.id, code: e.code, full_name: rowFullName(e) }, days: codes, totals, weeks_over_limit: [] };
}

/** The month's dates and their kinds (the rules and holidays of each date); the ledger filled up to today. */
function monthFrame(month: string | undefined, now: Date) {
  const theMonth = month ?? workDate(now).slice(0, 7);
  const dates = monthDates(theMonth);
  const first = dates[0].date;
  const last = dates[dates.length - 1].date;
  ensureLedger(first, last, now);
  const holidays = new Set(holidaysBetween(first, last).map((h) => h.date));
  const days: MonthDay[] = dates.map(({ date, weekday }) => ({
    date,
    weekday,
    kind: holidays.has(date) ? "holiday" : rulesOn(date).work_days.includes(weekday) ? "work" : "day_off",
  }));
  return { month: theMonth, first, last, days, dates: days.map((d) => d.date) };
}

/** On the staff on at least one day of the month: not resigned by its first day, started by its last. */
const onStaff = (first: string | Placeholder, last: string | Placeholder) =>
  and(workingOn(first), or(isNull(employees.startDate), lte(employees.startDate, last)))!;

const staffColumns = {
  id: employees.id,
  code: employees.code,
  title: employees.title,
  namePrefix: employees.namePrefix,
  firstName: employees.firstName,
  lastName: employees.lastName,
};

type StaffValues = { first: string; last: string; code: string | null; id: number | null; limit: number };

const staffStatements = new Map<KeysetDirection, (values: StaffValues) => StaffRow[]>();

function staffStatement(direction: KeysetDirection) {
  let statement = staffStatements.get(direction);
  if (!statement) {
    statement = rawSelect<StaffRow, StaffValues>((d) =>
      d
        .select(staffColumns)
        .from(employees)
        .where(and(onStaff(sql.placeholder("first"), sql.placeholder("last")), keysetCondition(direction)))
        .orderBy(...keysetOrder(direction))
        .limit(sql.placeholder("limit")),
    );
    staffStatements.set(direction, statement);
  }
  return statement;
}

const ledgerColumns = {
  employeeId: attendanceDays.employeeId,
  workDate: attendanceDays.workDate,
  status: attendanceDays.status,
  lateMinutes: attendanceDays.lateMinutes,
  earlyMinutes: attendanceDays.earlyMinutes,
  leaveFraction: attendanceDays.leaveFraction,
  absentFraction: attendanceDays.absentFraction,
  overtimeMinutes: attendanceDays.overtimeMinutes,
  holidayWorkMinutes: attendanceDays.holidayWorkMinutes,
  holidayOvertimeMinutes: attendanceDays.holidayOvertimeMinutes,
};

// A page's employees' rows of the month on the (employee_id, work_date) index.
const ledgerOf = rawSelect<LedgerCells & { employeeId: number }, { ids: string; first: string; last: string }>((d) =>
  d
    .select(ledgerColumns)
    .from(attendanceDays)
    .where(
      and(
        sql`${attendanceDays.employeeId} in (select value from json_each(${sql.placeholder("ids")}))`,
        between(attendanceDays.workDate, sql.placeholder("first"), sql.placeholder("last")),
      ),
    ),
);

function itemsOf(staff: StaffRow[], frame: { first: string; last: string; dates: string[] }) {
  if (staff.length === 0) return [];
  const rows = ledgerOf({ ids: JSON.stringify(staff.map((e) => e.id)), first: frame.first, last: frame.last });
  const byEmployee = new Map<number, LedgerCells[]>();
  for (const row of rows) {
    const own = byEmployee.get(row.employeeId);
    if (own) own.push(row);
    else byEmployee.set(row.employeeId, [row]);
  }
  const over = overWeeklyLimitByEmployee(frame.first.slice(0, 7), staff.map((e) => e.id));
  return staff.map((e) => ({ ...monthItem(e, frame.dates, byEmployee.get(e.id) ?? []), weeks_over_limit: over.get(e.id) ?? [] }));
}

type SheetOptions = { now?: Date; limit?: number; after?: EmployeeCursor; before?: EmployeeCursor; employeeId?: number };

/**
 * The sheet of `month` (default the current work month): one keyset page of the employees on the
 * staff that month (`limit`, at most KEYSET_MAX), or only `employeeId` (their profile). Codes and
 * totals are the ledger's rows, filled up to today first.
 */
export function monthlySheet(month: string | undefined, options: SheetOptions = {}): MonthlySheet & { prev_cursor: string | null } {
  const now = options.now ?? new Date();
  const frame = monthFrame(month, now);
  const head = { month: frame.month, days: frame.days };
  if (options.employeeId !== undefined) {
    const staff = db()
      .select(staffColumns)
      .from(employees)
      .where(and(onStaff(frame.first, frame.last), eq(employees.id, options.employeeId)))
      .all();
    return { ...head, items: itemsOf(staff, frame), total: staff.length, next_cursor: null, prev_cursor: null };
  }
  const limit = Math.min(options.limit ?? KEYSET_MAX, KEYSET_MAX);
  const { direction, cursor } = keysetStart(options);
  const rows = staffStatement(direction)({ first: frame.first, last: frame.last, ...cursorValues(cursor), limit: limit + 1 });
  const page = keysetPage(rows, limit, direction, (e) => e);
  const total = db().select({ n: count() }).from(employees).where(onStaff(frame.first, frame.last)).get()?.n ?? 0;
  return { ...head, items: itemsOf(page.rows, frame), total, next_cursor: page.next_cursor, prev_cursor: page.prev_cursor };
}

/** Employees per page of the monthly tab. */
export const MONTHLY_PAGE_SIZE = 50;

const MonthlyPageQuery = z.object({ month: MonthlyQuery.shape.month, after: cursorField("after"), before: cursorField("before") });

export type MonthlyPage = MonthlySheet & { prev_cursor: string | null; page_size: number };

/** The admin tab's page of the sheet; a hand-edited bad month or cursor shows the current month's first page. */
export function monthlyPage(params: URLSearchParams, now: Date = new Date()): MonthlyPage {
  const parsed = MonthlyPageQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : { month: undefined, after: undefined, before: undefined };
  const sheet = monthlySheet(query.month, { now, limit: MONTHLY_PAGE_SIZE, after: query.after, before: query.before });
  return { ...sheet, page_size: MONTHLY_PAGE_SIZE };
}

type StreamRow = { e: StaffRow; day: LedgerCells | null };

/**
 * Every employee of the month's sheet with their rows, one at a time: employees in code order
 * LEFT JOIN their ledger rows of the month, read as one ordered stream on its own connection.
 */
function* streamedItems(frame: { first: string; last: string; dates: string[] }): Generator<MonthlyItem, void, undefined> {
  const query = db()
    .select({ e: staffColumns, day: { ...ledgerColumns } })
    .from(employees)
    .leftJoin(
      attendanceDays,
      and(eq(attendanceDays.employeeId, employees.id), between(attendanceDays.workDate, frame.first, frame.last)),
    )
    .where(onStaff(frame.first, frame.last))
    .orderBy(employeeCodeKey, employees.id, attendanceDays.workDate);
  let current: StaffRow | null = null;
  let rows: LedgerCells[] = [];
  for (const { e, day } of iterateSelect<StreamRow>(query)) {
    if (current && current.id !== e.id) {
      yield monthItem(current, frame.dates, rows);
      rows = [];
    }
    current = e;
    if (day) rows.push(day);
  }
  if (current) yield monthItem(current, frame.dates, rows);
}

/**
 * The sheet of `month` as CSV, every employee (no paging), streamed: one row per employee, a
 * column per day (Thai BE date and weekday), then the totals.
 */
export function monthlyCsv(month: string | undefined, now: Date = new Date()) {
  const frame = monthFrame(month, now);
  const columns: CsvColumn<MonthlyItem>[] = [
    { label: "รหัสพนักงาน", value: (i) => i.employee.code },
    { label: "ชื่อ-นามสกุล", value: (i) => i.employee.full_name },
    ...frame.days.map(
      (d): CsvColumn<MonthlyItem> => ({ label: `${formatThaiDate(d.date)} (${WEEKDAY_SHORT[d.weekday - 1]})`, value: (i) => i.days[d.date] }),
    ),
    ...TOTAL_KEYS.map((k): CsvColumn<MonthlyItem> => ({ label: TOTAL_LABELS[k], value: (i) => i.totals[k] })),
  ];
  return { month: frame.month, stream: csvStream(columns, streamedItems(frame)) };
}
