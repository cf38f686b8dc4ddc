import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { attendance, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { keptUntilWrite } from "~/lib/db.server";
import { rawSelect } from "~/lib/db-reader.server";
import { isoDate, PageFields } from "~/lib/validation";
import {
  ATTENDANCE_STATUSES,
  attendanceStatus,
  emptyCounts,
  isoWeekday,
  type AttendanceStatus,
  type LeavePart,
  type StatusCounts,
  type StatusRecord,
} from "./status";
import { dayCalendar } from "./calendar.server";
import { briefEmployeeColumns, employeeBrief, type BriefEmployeeRow } from "~/models/employees/brief.server";
import { workingOn } from "~/models/employees/employee.server";
import { toAttendanceDto, type AttendanceDto, type AttendanceRow } from "./dto.server";
import { getSettings } from "~/models/core/settings.server";

export const DAILY_SETTING_KEYS = [
  "work_start",
  "work_end",
  "break_start",
  "break_end",
  "late_grace_minutes",
  "early_grace_minutes",
  "missing_checkout_hour",
  "work_days",
] as const;

export const DailyQuery = z.object({
  date: z.preprocess((v) => (v === "" ? undefined : v), isoDate("วันที่").optional()),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(ATTENDANCE_STATUSES, { error: "สถานะไม่ถูกต้อง" }).optional()),
  q: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(100, "คำค้นหายาวเกิน 100 ตัวอักษร").optional()),
});
export type DailyQuery = z.infer<typeof DailyQuery>;

export type DailyItem = {
  employee: { id: number; code: string; full_name: string; first_name: string; position: string; photo_url: string | null };
  status: AttendanceStatus;
  reason: string;
  record: AttendanceDto | null;
};

export type DailySummary = StatusCounts & { pending_review: number };

export type DailyView = {
  date: string;
  /** Employees working on the date; the status counts of `summary` add up to it. */
  headcount: number;
  summary: DailySummary;
  items: DailyItem[];
};

/** Day facts that come from other calendars: a public holiday, and approved leave per employee. */
export type DayCalendar = {
  holiday?: { name: string } | null;
  leaves?: ReadonlyMap<number, { part: LeavePart; type?: string | null }>;
};

type DayOptions = DayCalendar & { now?: Date };

/** What one date's statuses are derived against: the settings, whether it is a work day, its calendars. */
function dayRule(date: string, options: DayOptions) {
  const now = options.now ?? new Date();
  const settings = getSettings(DAILY_SETTING_KEYS);
  const workDay = settings.work_days.includes(isoWeekday(date));
  const calendar: DayCalendar = options.holiday !== undefined || options.leaves ? options : dayCalendar(date);
  return (employeeId: number, record: StatusRecord | null) =>
    attendanceStatus({
      date,
      record,
      settings,
      workDay,
      holiday: calendar.holiday ?? null,
      leave: calendar.leaves?.get(employeeId) ?? null,
      now,
    });
}

const dayEmployee = { ...briefEmployeeColumns, searchText: employees.searchText };

type DayEmployee = BriefEmployeeRow & Pick<typeof employees.$inferSelect, "searchText">;

// Only the employee columns the items use: mapping every column of 1,000 rows costs more than the
// query itself.
const dayRows = rawSelect<{ e: DayEmployee; a: AttendanceRow | null }, { date: string }>((d) =>
  d
    .select({ e: dayEmployee, a: attendance })
    .from(employees)
    .leftJoin(attendance, and(eq(attendance.employeeId, employees.id), eq(attendance.workDate, sql.placeholder("date"))))
    .where(workingOn(sql.placeholder("date")))
    .orderBy(sql`${employees.code} collate nocase`, employees.id),
);

type DayStatusRecord = StatusRecord & { id: number };

/** A StatusRecord's columns as stored (instants as epoch ms): what a status is derived from. */
export const statusRecordColumns = {
  checkinAt: sql<number | null>`${attendance.checkinAt}`,
  checkoutAt: sql<number | null>`${attendance.checkoutAt}`,
  lateMinutes: attendance.lateMinutes,
  earlyMinutes: attendance.earlyMinutes,
  reviewStatus: attendance.reviewStatus,
};

const statusFields = { id: attendance.id, ...statusRecordColumns };

// The admin tab's rows: who (id, code and search text) and what a status needs of the record
// (instants as epoch numbers), in the list's order. The summary, the filters and the search need
// no more of 1,000 rows; the page's 50 names and records are read by id after.
type DayKey = { id: number; code: string; searchText: string };

const dayKeys = rawSelect<{ e: DayKey; a: DayStatusRecord | null }, { date: string }>((d) =>
  d
    .select({ e: { id: employees.id, code: employees.code, searchText: employees.searchText }, a: statusFields })
    .from(employees)
    .leftJoin(attendance, and(eq(attendance.employeeId, employees.id), eq(attendance.workDate, sql.placeholder("date"))))
    .where(workingOn(sql.placeholder("date")))
    .orderBy(sql`${employees.code} collate nocase`, employees.id),
);

const briefsByIds = rawSelect<{ e: BriefEmployeeRow }, { ids: string }>((d) =>
  d
    .select({ e: briefEmployeeColumns })
    .from(employees)
    .where(sql`${employees.id} in (select value from json_each(${sql.placeholder("ids")}))`),
);

// dayStatuses' rows: the employee's id and the record's status fields, in no order (a summary
// counts them), so 1,000 rows decode six numbers each and are not sorted by code.
const statusRecords = rawSelect<{ id: number; a: DayStatusRecord | null }, { date: string }>((d) =>
  d
    .select({
      id: employees.id,
      a: statusFields,
    })
    .from(employees)
    .leftJoin(attendance, and(eq(attendance.employeeId, employees.id), eq(attendance.workDate, sql.placeholder("date"))))
    .where(workingOn(sql.placeholder("date"))),
);

const recordsByIds = rawSelect<{ a: AttendanceRow }, { ids: string }>((d) =>
  d
    .select({ a: attendance })
    .from(attendance)
    .where(sql`${attendance.id} in (select value from json_each(${sql.placeholder("ids")}))`),
);

type Match<E, R> = { e: E; a: R | null; status: AttendanceStatus; reason: string };

/** The summary of the whole day, and the rows that `status` and `q` keep, in order. */
function classify<E extends DayKey, R extends StatusRecord>(rows: Match<E, R>[], query: DailyQuery) {
  const summary: DailySummary = { ...emptyCounts(), pending_review: 0 };
  const needle = query.q?.toLowerCase();
  const matches: Match<E, R>[] = [];
  for (const row of rows) {
    const { e, a, status } = row;
    summary[status] += 1;
    if (a?.reviewStatus === "pending") summary.pending_review += 1;
    if (query.status && query.status !== status) continue;
    if (needle && !e.searchText.includes(needle) && !e.code.toLowerCase().includes(needle)) continue;
    matches.push(row);
  }
  return { headcount: rows.length, summary, matches };
}

function withStatuses<E extends DayKey, R extends StatusRecord>(date: string, rows: { e: E; a: R | null }[], options: DayOptions): Match<E, R>[] {
  const statusOf = dayRule(date, options);
  return rows.map(({ e, a }) => ({ e, a, ...statusOf(e.id, a) }));
}

/**
 * Everyone working on `date` with their day's status as of `now`. A status moves with the wall
 * clock's minute at most (attendanceDay reads its date, hour and minutes), so the list is kept
 * until a write or the next minute: the admin tab's pages, filters and searches share it.
 */
function dayStatusList(date: string, now: Date) {
  return keptUntilWrite("daily statuses", `${date}|${Math.floor(now.getTime() / 60_000)}`, () =>
    withStatuses(date, dayKeys({ date }), { now }),
  );
}

function toItem(employee: BriefEmployeeRow, { status, reason }: Match<unknown, unknown>, record: AttendanceRow | null): DailyItem {
  return {
    employee: employeeBrief(employee),
    status,
    reason,
    record: record ? toAttendanceDto(record) : null,
  };
}

/**
 * Every employee working on `date` (workingOn) with one status, in one query: employees LEFT
 * JOIN that date's attendance (the UNIQUE (employee_id, work_date) index serves the join).
 * The summary counts the whole day; `status` and `q` only narrow the items.
 */
export function dailyAttendance(query: DailyQuery, options: DayOptions = {}): DailyView {
  const now = options.now ?? new Date();
  const date = query.date ?? workDate(now);
  const { headcount, summary, matches } = classify(withStatuses(date, dayRows({ date }), { ...options, now }), query);
  return { date, headcount, summary, items: matches.map((m) => toItem(m.e, m, m.a)) };
}

export type DayStatus = { employeeId: number; status: AttendanceStatus; reviewPending: boolean };

/**
 * The statuses of dailyAttendance without the items: each employee working on `date` with the
 * status the daily view shows and whether the day's record waits for review, for summaries such
 * as the dashboard's.
 */
export function dayStatuses(date: string, options: DayOptions = {}): DayStatus[] {
  const statusOf = dayRule(date, options);
  return statusRecords({ date }).map(({ id, a }) => ({
    employeeId: id,
    status: statusOf(id, a).status,
    reviewPending: a?.reviewStatus === "pending",
  }));
}

/**
 * One employee's day as the daily view derives it: the status and reason of dayStatuses for
 * `record`, and their approved leave that day (the employee's home says what to do next with it).
 */
export function employeeDay(employeeId: number, date: string, record: StatusRecord | null, now: Date = new Date()) {
  const calendar = dayCalendar(date);
  return { ...dayRule(date, { now, ...calendar })(employeeId, record), leave: calendar.leaves.get(employeeId) ?? null };
}

/** Rows per page of the admin daily tab: 1,000 rows in one page cost seconds to render. */
export const DAILY_PAGE_SIZE = 50;

const DailyPageQuery = DailyQuery.extend({ page: PageFields.page });

/** The admin tab's page of the day: the whole day's summary, one page of the filtered items. A hand-edited bad query shows today. */
export function dailyPage(params: URLSearchParams, now: Date = new Date()): DailyView & { total: number; page: number; page_size: number } {
  const parsed = DailyPageQuery.safeParse(Object.fromEntries(params));
  const { page, ...query } = parsed.success ? parsed.data : DailyPageQuery.parse({});
  const date = query.date ?? workDate(now);
  const { headcount, summary, matches } = classify(dayStatusList(date, now), query);
  const pages = Math.max(1, Math.ceil(matches.length / DAILY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * DAILY_PAGE_SIZE, current * DAILY_PAGE_SIZE);
  const ids = shown.flatMap((m) => (m.a ? [m.a.id] : []));
  const records = new Map(ids.length ? recordsByIds({ ids: JSON.stringify(ids) }).map(({ a }) => [a.id, a]) : []);
  const people = new Map(shown.length ? briefsByIds({ ids: JSON.stringify(shown.map((m) => m.e.id)) }).map(({ e }) => [e.id, e]) : []);
  return {
    date,
    headcount,
    summary,
    items: shown.flatMap((m) => {
      const employee = people.get(m.e.id);
      return employee ? [toItem(employee, m, m.a ? (records.get(m.a.id) ?? null) : null)] : [];
    }),
    total: matches.length,
    page: current,
    page_size: DAILY_PAGE_SIZE,
  };
}
