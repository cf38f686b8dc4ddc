import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { employees, leavePetitions } from "../../../db/schema";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db, keptUntilWrite } from "~/lib/db.server";
import { rowFullName, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import { pageOffset, type Page } from "~/lib/validation";
import { holidaysBetween } from "./holidays.server";
import { activeLeaveTypes } from "./leave-types.server";
import { leaveYear } from "./schema";
import { activePetitionsBetween, currentLeaveYear } from "./leave.server";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const CalendarQuery = (fallback: string) =>
  z.object({
    month: z.preprocess(
      (v) => (v === "" || v === undefined ? fallback : v),
      z
        .string({ error: "เดือน (month) ต้องอยู่ในรูปแบบ ปปปป-ดด" })
        .regex(MONTH, "เดือน (month) ต้องอยู่ในรูปแบบ ปปปป-ดด เช่น 2026-03")
        .refine((m) => m >= "2000-01" && m <= "2200-12", "เดือน (month) อยู่นอกช่วงที่ดูได้"),
    ),
  });

const statisticQuery = (year: number) =>
  z.object({
    year: leaveYear(year),
    format: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น json หรือ csv" }).optional()),
  });
let statisticQueryOf: { year: number; schema: ReturnType<typeof statisticQuery> } | null = null;

/** The statistics' query, defaulting to the current leave year (one schema per year, not per request). */
export const StatisticQuery = () => {
  const year = currentLeaveYear();
  if (statisticQueryOf?.year !== year) statisticQueryOf = { year, schema: statisticQuery(year) };
  return statisticQueryOf.schema;
};

function monthBounds(month: string) {
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { first, last: addDays(next, -1) };
}


/**
 * The leave calendar of a month: pending and approved petitions overlapping it (with who), and the
 * office's holidays in it. One query each, served by the dates index; kept until a write.
 */
export function leaveCalendar(month: string) {
  return keptUntilWrite("leave calendar", month, () => readLeaveCalendar(month));
}

function readLeaveCalendar(month: string) {
  const { first, last } = monthBounds(month);
  const items = activePetitionsBetween(first, last)
    .map(({ p, e }) => ({
      id: p.id,
      employee: { id: e.id, code: e.code, full_name: rowFullName(e), nickname: e.nickname },
      type: p.type,
      start_date: p.startDate,
      end_date: p.endDate,
      half: p.half ?? ("full" as const),
      days: p.days,
      status: p.status,
    }))
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
  const holidays = holidaysBetween(first, last).map((h) => ({ date: h.date, name: h.name, kind: h.kind }));
  return { month, first, last, items, holidays };
}

export type LeaveStatisticItem = {
  employee: { id: number; code: string; full_name: string };
  /** Days per type, a key (the type's id as a string) for each of the answer's `types`. */
  days: Record<string, number>;
  total: number;
};

export type LeaveStatistics = {
  year: number;
  /** The columns: the types that are on and any type with approved days in the year, by id. */
  types: number[];
  items: LeaveStatisticItem[];
};

const approved = eq(leavePetitions.status, LeaveStatus.approve);

/** Approved days of petitions filed in `year` per employee and type, read from the covering year index alone. */
export const ownYearSums = (year: number) =>
  db()
    .select({ employeeId: leavePetitions.employeeId, type: leavePetitions.type, days: sql<number>`sum(${leavePetitions.days})` })
    .from(leavePetitions)
    .where(and(eq(leavePetitions.year, year), approved))
    .groupBy(leavePetitions.employeeId, leavePetitions.type);

/**
 * The next-year part of approved petitions across 31 December, filed in `year` − 1 or `year`, per
 * year, employee and type, from the partial crossing index alone (its own condition, `> 0`), in
 * its order (no sort).
 */
export const crossingSums = (year: number) =>
  db()
    .select({
      year: leavePetitions.year,
      employeeId: leavePetitions.employeeId,
      type: leavePetitions.type,
      days: sql<number>`sum(${leavePetitions.nextYearDays})`,
    })
    .from(leavePetitions)
    .where(and(inArray(leavePetitions.year, [year - 1, year]), approved, sql`${leavePetitions.nextYearDays} > 0`))
    .groupBy(leavePetitions.year, leavePetitions.employeeId, leavePetitions.type);

type Sum = { employeeId: number; type: number; days: number };

/**
 * Approved days charged to `year` per employee and type, each day in its own year: a petition
 * across 31 December counts days − next_year_days in its year and next_year_days in the next.
 */
function approvedDays(year: number): Sum[] {
  // The year before's reach in; the year's own reach out.
  const moved = crossingSums(year)
    .all()
    .map((c) => ({ employeeId: c.employeeId, type: c.type, days: c.year === year ? -c.days : c.days }));
  const byKey = new Map<string, Sum>();
  for (const s of [...ownYearSums(year).all(), ...moved]) {
    const key = `${s.employeeId}:${s.type}`;
    const sum = byKey.get(key);
    if (sum) sum.days += s.days;
    else byKey.set(key, { ...s });
  }
  return [...byKey.values()].filter((s) => s.days > 0);
}

const zeros = (types: readonly number[]): Record<string, number> => Object.fromEntries(types.map((t) => [String(t), 0]));

/** The types a year's figures show: those that are on, and any with days, by id. */
function shownTypes(sums: readonly Sum[]): number[] {
  const ids = new Set([...activeLeaveTypes().map((t) => t.id), ...sums.map((s) => s.type)]);
  return [...ids].sort((a, b) => a - b);
}

/** Approved days per type in a year (each day in its own year), over the types shown (see leaveStatistics). */
export function leaveDaysByType(year: number): { types: number[]; days: Record<string, number> } {
  const sums = approvedDays(year);
  const types = shownTypes(sums);
  const days = zeros(types);
  for (const s of sums) days[String(s.type)] += s.days;
  return { types, days };
}

/**
 * Approved leave days per employee and type for a year: every employee who worked some part of the
 * year (zeros included), by code, a column for each type that is on or has days. Two grouped reads
 * over covering indexes (the year's and the partial crossing one); kept until a write.
 */
export function leaveStatistics(year: number): LeaveStatistics {
  return keptUntilWrite("leave statistics", String(year), () => readLeaveStatistics(year));
}

function readLeaveStatistics(year: number): LeaveStatistics {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const columns = {
    id: employees.id,
    code: employees.code,
    title: employees.title,
    namePrefix: employees.namePrefix,
    firstName: employees.firstName,
    lastName: employees.lastName,
  };
  const people = db()
    .select(columns)
    .from(employees)
    .where(
      and(
        or(isNull(employees.startDate), lte(employees.startDate, yearEnd)),
        or(isNull(employees.resignDate), gte(employees.resignDate, yearStart)),
      ),
    )
    .orderBy(asc(employees.code))
    .all();
  const sums = approvedDays(year);
  const types = shownTypes(sums);
  const byEmployee = new Map<number, Record<string, number>>();
  for (const s of sums) {
    const days = byEmployee.get(s.employeeId) ?? zeros(types);
    days[String(s.type)] = s.days;
    byEmployee.set(s.employeeId, days);
  }
  const seen = new Set(people.map((e) => e.id));
  // Someone with approved leave in the year is listed even if their dates say otherwise.
  const missing = [...byEmployee.keys()].filter((id) => !seen.has(id));
  const extra = missing.length ? db().select(columns).from(employees).where(inArray(employees.id, missing)).all() : [];
  const items = [...people, ...extra].map((e) => {
    const days = byEmployee.get(e.id) ?? zeros(types);
    return {
      employee: { id: e.id, code: e.code, full_name: rowFullName(e) },
      days,
      total: Object.values(days).reduce((a, b) => a + b, 0),
    };
  });
  return { year, types, items };
}

/** Rows per page of the admin statistics tab; its totals and chart still cover everyone. */
export const STATISTICS_PAGE_SIZE = 50;
/** People in the statistics tab's chart: the most days first. */
export const STATISTICS_CHART_PEOPLE = 15;

export type LeaveStatisticsPage = Page<LeaveStatisticItem> & {
  year: number;
  /** The columns, as in leaveStatistics. */
  types: number[];
  /** Approved days per type over every listed employee. */
  totals: Record<string, number>;
  /** The employees with the most approved days (none without leave), most first. */
  top: LeaveStatisticItem[];
};

/** The statistics tab: the year's totals and chart over everyone, one page of the rows (a page past the end shows the last). */
export function leaveStatisticsPage(year: number, page: number): LeaveStatisticsPage {
  const { types, items } = leaveStatistics(year);
  const totals = Object.fromEntries(types.map((t) => [String(t), items.reduce((sum, i) => sum + (i.days[String(t)] ?? 0), 0)]));
  const top = items
    .filter((i) => i.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, STATISTICS_CHART_PEOPLE);
  const current = Math.min(page, Math.max(1, Math.ceil(items.length / STATISTICS_PAGE_SIZE)));
  const query = { page: current, page_size: STATISTICS_PAGE_SIZE };
  const offset = pageOffset(query);
  return { year, types, totals, top, items: items.slice(offset, offset + STATISTICS_PAGE_SIZE), total: items.length, ...query };
}

const statisticColumns = (types: readonly number[]): CsvColumn<LeaveStatisticItem>[] => [
  { label: "รหัสพนักงาน", value: (i) => i.employee.code },
  { label: "ชื่อ-นามสกุล", value: (i) => i.employee.full_name },
  ...types.map((t) => ({ label: `${LEAVE_TYPE_LABELS[t] ?? `ลาประเภท ${t}`} (วัน)`, value: (i: LeaveStatisticItem) => i.days[String(t)] ?? 0 })),
  { label: "รวม (วัน)", value: (i) => i.total },
];

/** The statistics as CSV (UTF-8 BOM, Thai headers, a column per type of `types`, formula-safe cells). */
export function leaveStatisticsCsv(year: number) {
  const { types, items } = leaveStatistics(year);
  return csvStream(statisticColumns(types), items);
}
