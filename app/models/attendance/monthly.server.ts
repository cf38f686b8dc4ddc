import { and, between, count, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { attendance, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { rowFullName } from "~/lib/enums";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { PageFields } from "~/lib/validation";
import { DAY_CODES, TOTAL_KEYS, WEEKDAY_SHORT, type DayKind, type MonthlyTotals } from "./codes";
import { TOTAL_LABELS } from "./labels";
import { periodHolidays, periodLeaves } from "./calendar.server";
import { DAILY_SETTING_KEYS, statusRecordColumns } from "./daily.server";
import { attendanceDay, type LeavePart, type StatusRecord } from "./status";
import { workingOn } from "~/models/employees/employee.server";
import { getSettings } from "~/models/core/settings.server";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const monthField = z
  .string({ error: "เดือน (month) ไม่ถูกต้อง" })
  .regex(MONTH, "เดือน (month) ต้องอยู่ในรูปแบบ ปปปป-ดด เช่น 2026-11")
  .refine((v) => v >= "1900-01" && v <= "2200-12", "เดือน (month) ต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200");

const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

export const MonthlyQuery = z.object({
  month: z.preprocess(blankAsMissing, monthField.optional()),
  format: z.preprocess(blankAsMissing, z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional()),
});
export type MonthlyQuery = z.infer<typeof MonthlyQuery>;

export type MonthDay = { date: string; weekday: number; kind: DayKind };

export type MonthlyItem = {
  employee: { id: number; code: string; full_name: string };
  /** Every date of the month: its code, or "" when blank (still ahead, or not on the staff that day). */
  days: Record<string, string>;
  totals: MonthlyTotals;
};

export type MonthlySheet = {
  month: string;
  days: MonthDay[];
  items: MonthlyItem[];
  /** Employees in the sheet (all of them, also when `items` is one page). */
  total: number;
};

/** Calendars the sheet takes from elsewhere: public holidays by date, approved leave by employee and date. */
export type MonthCalendar = {
  holidays?: ReadonlyMap<string, { name: string }>;
  leaves?: ReadonlyMap<number, ReadonlyMap<string, { part: LeavePart; type?: string | null }>>;
};

const minutesOfDay = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
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
});

/**
 * The month's records by employee and date, in one query on the work_date index (or, for a page
 * of employees, their (employee_id, work_date) index). Read raw: instants stay epoch numbers,
 * which the status takes as they are, so no Date per row.
 */
function monthRecords(first: string, last: string, employeeIds: number[] | null) {
  const inMonth = between(attendance.workDate, first, last);
  const query = db()
    .select({
      employeeId: attendance.employeeId,
      workDate: attendance.workDate,
      ...statusRecordColumns,
    })
    .from(attendance)
    .where(employeeIds ? and(inMonth, inArray(attendance.employeeId, employeeIds)) : inMonth);
  const { sql: text, params } = query.toSQL();
  const rows = db().$client.prepare<unknown[], RecordRow>(text).raw().all(...params);
  const byEmployee = new Map<number, Map<string, StatusRecord>>();
  for (const [employeeId, workDate, checkinAt, checkoutAt, lateMinutes, earlyMinutes, reviewStatus] of rows) {
    let own = byEmployee.get(employeeId);
    if (!own) byEmployee.set(employeeId, (own = new Map()));
    own.set(workDate, { checkinAt, checkoutAt, lateMinutes, earlyMinutes, reviewStatus });
  }
  return byEmployee;
}

type RecordRow = [number, string, number | null, number | null, number, number, StatusRecord["reviewStatus"]];

const WORKED = new Set(["present", "late", "early_leave", "missing_checkout"]);

/**
 * One row per employee on the staff on at least one day of the month (workingOn its first day,
 * started by its last), one code per day from the daily view's derivation (attendanceDay), and
 * the totals. The month's records come in one query on the work_date index; `page` narrows the
 * employees (and then the records to theirs), `employeeId` to one employee (their profile).
 */
export function monthlySheet(
  month: string | undefined,
  options: MonthCalendar & { now?: Date; page?: { limit: number; offset: number }; employeeId?: number } = {},
): MonthlySheet {
  const now = options.now ?? new Date();
  const today = workDate(now);
  const theMonth = month ?? today.slice(0, 7);
  const dates = monthDates(theMonth);
  const first = dates[0].date;
  const last = dates[dates.length - 1].date;
  const given = options.holidays || options.leaves ? options : null;
  const holidays = given ? given.holidays : periodHolidays(first, last);
  const settings = getSettings(DAILY_SETTING_KEYS);
  // Before today's work_end nobody is absent yet: those days stay blank like the ones ahead.
  const todayOpen = minutesOfDay(clockTimeOf(now)) < minutesOfDay(settings.work_end);
  const days: MonthDay[] = dates.map(({ date, weekday }) => ({
    date,
    weekday,
    kind: holidays?.has(date) ? "holiday" : settings.work_days.includes(weekday) ? "work" : "day_off",
  }));

  const onStaffAll = and(workingOn(first), or(isNull(employees.startDate), lte(employees.startDate, last)));
  const onStaff = options.employeeId !== undefined ? and(onStaffAll, eq(employees.id, options.employeeId)) : onStaffAll;
  const staffQuery = db()
    .select({
      id: employees.id,
      code: employees.code,
      title: employees.title,
      namePrefix: employees.namePrefix,
      firstName: employees.firstName,
      lastName: employees.lastName,
      startDate: employees.startDate,
      resignDate: employees.resignDate,
    })
    .from(employees)
    .where(onStaff)
    .orderBy(sql`${employees.code} collate nocase`, employees.id);
  const staff = options.page ? staffQuery.limit(options.page.limit).offset(options.page.offset).all() : staffQuery.all();
  const total = options.page ? (db().select({ n: count() }).from(employees).where(onStaff).get()?.n ?? 0) : staff.length;

  const narrowed = options.page !== undefined || options.employeeId !== undefined;
  const staffIds = narrowed ? staff.map((e) => e.id) : undefined;
  const byEmployee = staff.length ? monthRecords(first, last, staffIds ?? null) : new Map();
  const leavesOf = given ? given.leaves : staff.length ? periodLeaves(first, last, staffIds) : undefined;
  const items = staff.map((e): MonthlyItem => {
    const own = byEmployee.get(e.id);
    const leaves = leavesOf?.get(e.id);
    const codes: Record<string, string> = {};
    const totals = emptyTotals();
    for (const day of days) {
      const { date } = day;
      const onTheStaff = (e.startDate == null || e.startDate <= date) && (e.resignDate == null || e.resignDate > date);
      if (date > today || !onTheStaff) {
        codes[date] = "";
        continue;
      }
      const leave = leaves?.get(date) ?? null;
      const record = own?.get(date) ?? null;
      const result = attendanceDay({
        date,
        record,
        settings,
        workDay: settings.work_days.includes(day.weekday),
        holiday: day.kind === "holiday" ? (holidays?.get(date) ?? null) : null,
        leave,
        now,
      });
      if (result.status === "absent" && record == null && date === today && todayOpen) {
        codes[date] = "";
        continue;
      }
      codes[date] = DAY_CODES[result.status];
      if (WORKED.has(result.status)) totals.present += 1;
      if (result.status === "absent") totals.absent += 1;
      if (result.status === "missing_checkout") totals.missing_checkout += 1;
      if (result.lateMinutes > 0) {
        totals.late += 1;
        totals.late_minutes += result.lateMinutes;
      }
      if (result.earlyMinutes > 0) totals.early_leave += 1;
      if (leave && day.kind === "work") totals.leave_days += leave.part === "full" ? 1 : 0.5;
    }
    return {
      employee: { id: e.id, code: e.code, full_name: rowFullName(e) },
      days: codes,
      totals,
    };
  });
  return { month: theMonth, days, items, total };
}

/** Employees per page of the monthly tab: a whole month of 1,000 rows is too much for one screen. */
export const MONTHLY_PAGE_SIZE = 50;

const MonthlyPageQuery = z.object({ month: MonthlyQuery.shape.month, page: PageFields.page });

/** The admin tab's page of the sheet; a hand-edited bad month or page shows the current month's first page. */
export function monthlyPage(params: URLSearchParams, now: Date = new Date()): MonthlySheet & { page: number; page_size: number } {
  const parsed = MonthlyPageQuery.safeParse({ month: params.get("month") ?? undefined, page: params.get("page") ?? undefined });
  const query = parsed.success ? parsed.data : { month: undefined, page: 1 };
  const sheet = monthlySheet(query.month, { now, page: { limit: MONTHLY_PAGE_SIZE, offset: (query.page - 1) * MONTHLY_PAGE_SIZE } });
  return { ...sheet, page: query.page, page_size: MONTHLY_PAGE_SIZE };
}

/** The sheet as CSV: one row per employee, a column per day (Thai BE date and weekday), then the totals. */
export function monthlyCsv(sheet: MonthlySheet) {
  const columns: CsvColumn<MonthlyItem>[] = [
    { label: "รหัสพนักงาน", value: (i) => i.employee.code },
    { label: "ชื่อ-นามสกุล", value: (i) => i.employee.full_name },
    ...sheet.days.map(
      (d): CsvColumn<MonthlyItem> => ({ label: `${formatThaiDate(d.date)} (${WEEKDAY_SHORT[d.weekday - 1]})`, value: (i) => i.days[d.date] }),
    ),
    ...TOTAL_KEYS.map((k): CsvColumn<MonthlyItem> => ({ label: TOTAL_LABELS[k], value: (i) => i.totals[k] })),
  ];
  return csvStream(columns, sheet.items);
}
