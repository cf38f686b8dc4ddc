import { and, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { attendance, attendanceDays, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { rawSelect } from "~/lib/db-reader.server";
import { isoDate, queryInt, blankAsMissing } from "~/lib/validation";
import { ATTENDANCE_STATUSES, emptyCounts, type AttendanceStatus, type StatusCounts } from "./status";
import {
  cursorField,
  cursorValues,
  KEYSET_MAX,
  keysetCondition,
  keysetOrder,
  keysetPage,
  keysetStart,
  type EmployeeCursor,
  type KeysetDirection,
} from "./employee-keyset.server";
import { attendanceStart, ensureLedger } from "./ledger.server";
import { briefEmployeeColumns, employeeBrief, type BriefEmployeeRow } from "~/models/employees/brief.server";
import { toAttendanceDto, type AttendanceDto, type AttendanceRow } from "./dto.server";

// The daily view (ADR 043): one date's rows of the day ledger, in employee-code order, a keyset
// page at a time; the summary is one grouped count over the date's rows. Nothing here decides a
// status: the ledger's row is the day.

const filterFields = {
  date: z.preprocess(blankAsMissing, isoDate("วันที่").optional()),
  status: z.preprocess(blankAsMissing, z.enum(ATTENDANCE_STATUSES, { error: "สถานะไม่ถูกต้อง" }).optional()),
  q: z.preprocess(blankAsMissing, z.string().trim().max(100, "คำค้นหายาวเกิน 100 ตัวอักษร").optional()),
};

export const DailyQuery = z.object({
  ...filterFields,
  limit: queryInt(`จำนวนต่อหน้า (limit) ต้องเป็นจำนวนเต็มบวก (สูงสุด ${KEYSET_MAX})`, { cap: KEYSET_MAX, fallback: KEYSET_MAX }),
  after: cursorField("after"),
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
  /** Employees the ledger holds for the date; the status counts of `summary` add up to it. */
  headcount: number;
  summary: DailySummary;
  /** One page of the date's rows (after `status` and `q`), in code order. */
  items: DailyItem[];
  /** The `after` of the next page, null on the last. */
  next_cursor: string | null;
};

// The date's rows by status, counted on the (work_date, status) index alone.
const statusCounts = rawSelect<{ status: AttendanceStatus; n: number }, { date: string }>((d) =>
  d
    .select({ status: attendanceDays.status, n: sql<number>`count(*)` })
    .from(attendanceDays)
    .where(eq(attendanceDays.workDate, sql.placeholder("date")))
    .groupBy(attendanceDays.status),
);

// The date's records waiting in the review queue (its index) of employees the ledger holds that day.
const pendingCount = rawSelect<{ n: number }, { date: string }>((d) =>
  d
    .select({ n: sql<number>`count(*)` })
    .from(attendance)
    .where(
      and(
        eq(attendance.reviewStatus, "pending"),
        eq(attendance.workDate, sql.placeholder("date")),
        sql`exists (select 1 from ${attendanceDays} where ${attendanceDays.workDate} = ${attendance.workDate} and ${attendanceDays.employeeId} = ${attendance.employeeId})`,
      ),
    ),
);

function daySummary(date: string) {
  const summary: DailySummary = { ...emptyCounts(), pending_review: pendingCount({ date })[0]?.n ?? 0 };
  let headcount = 0;
  for (const { status, n } of statusCounts({ date })) {
    summary[status] += n;
    headcount += n;
  }
  return { headcount, summary };
}

type Filters = { status?: AttendanceStatus; q?: string };

function filterConditions(filters: { status: boolean; q: boolean }): SQL[] {
  const conditions = [eq(attendanceDays.workDate, sql.placeholder("date"))];
  if (filters.status) conditions.push(eq(attendanceDays.status, sql.placeholder("status")));
  // search_text holds the lower-cased code, the names, the nickname and the phone digits.
  if (filters.q) conditions.push(sql`instr(${employees.searchText}, ${sql.placeholder("q")}) > 0`);
  return conditions;
}

type PageRow = { e: BriefEmployeeRow; status: AttendanceStatus; reason: string; a: AttendanceRow | null };
type PageValues = { date: string; status: string | null; q: string | null; code: string | null; id: number | null; limit: number };

/**
 * How a page reads: "code" walks the employees in code order from the cursor and looks up each
 * one's ledger row (a page reads about its own rows); "status" reads a rare status's rows on the
 * (work_date, status) index and sorts them (walking the code order would pass most employees).
 * The unary + keeps SQLite on the chosen side of the join.
 */
type Plan = "code" | "status";

type Shape = { status: boolean; q: boolean; direction: KeysetDirection; plan: Plan };

// One compiled statement per shape: a null-guarded condition would keep SQLite from seeking.
const pageStatements = new Map<string, (values: PageValues) => PageRow[]>();

function pageStatement(shape: Shape) {
  const key = `${shape.status}|${shape.q}|${shape.direction}|${shape.plan}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    const join = shape.plan === "code" ? eq(attendanceDays.employeeId, sql`+${employees.id}`) : eq(employees.id, sql`+${attendanceDays.employeeId}`);
    statement = rawSelect<PageRow, PageValues>((d) =>
      d
        .select({ e: briefEmployeeColumns, status: attendanceDays.status, reason: attendanceDays.reason, a: attendance })
        .from(attendanceDays)
        .innerJoin(employees, join)
        .leftJoin(attendance, eq(attendance.id, attendanceDays.attendanceId))
        .where(and(...filterConditions(shape), keysetCondition(shape.direction)))
        .orderBy(...keysetOrder(shape.direction))
        .limit(sql.placeholder("limit")),
    );
    pageStatements.set(key, statement);
  }
  return statement;
}

const matchCount = rawSelect<{ n: number }, { date: string; status: string | null; q: string }>((d) =>
  d
    .select({ n: sql<number>`count(*)` })
    .from(attendanceDays)
    .innerJoin(employees, eq(attendanceDays.employeeId, sql`+${employees.id}`))
    .where(
      and(
        eq(attendanceDays.workDate, sql.placeholder("date")),
        sql`(${sql.placeholder("status")} is null or ${attendanceDays.status} = ${sql.placeholder("status")})`,
        sql`instr(${employees.searchText}, ${sql.placeholder("q")}) > 0`,
      ),
    ),
);

const needleOf = (q: string | undefined) => (q ? q.toLowerCase() : undefined);

function toItem({ e, status, reason, a }: PageRow): DailyItem {
  return { employee: employeeBrief(e), status, reason, record: a ? toAttendanceDto(a) : null };
}

/** Below this share of the date's rows a status filter reads its rows on the status index (Plan). */
const RARE_STATUS = 1 / 8;

/** One keyset page of the date's ledger rows that the filters keep. */
function dayPage(
  date: string,
  filters: Filters,
  page: { limit: number; after?: EmployeeCursor; before?: EmployeeCursor },
  summary: { headcount: number; summary: DailySummary },
) {
  const { direction, cursor } = keysetStart(page);
  const q = needleOf(filters.q);
  const rare = filters.status !== undefined && summary.summary[filters.status] < summary.headcount * RARE_STATUS;
  const statement = pageStatement({ status: filters.status !== undefined, q: q !== undefined, direction, plan: rare ? "status" : "code" });
  const rows = statement({ date, status: filters.status ?? null, q: q ?? null, ...cursorValues(cursor), limit: page.limit + 1 });
  return keysetPage(rows, page.limit, direction, ({ e }) => e);
}

/**
 * Everyone the ledger holds for `date` (filled first) with the day's status and reason, one keyset
 * page in code order. The summary counts the whole date; `status` and `q` narrow the items only.
 */
export function dailyAttendance(query: DailyQuery, options: { now?: Date } = {}): DailyView {
  const now = options.now ?? new Date();
  const date = query.date ?? workDate(now);
  ensureLedger(date, date, now);
  const counted = daySummary(date);
  const { headcount, summary } = counted;
  const page = dayPage(date, query, { limit: query.limit, after: query.after }, counted);
  return { date, headcount, summary, items: page.rows.map(toItem), next_cursor: page.next_cursor };
}

/** Rows per page of the admin daily tab: 50 rows render fast on a phone and a laptop alike. */
export const DAILY_PAGE_SIZE = 50;

const DailyPageQuery = z.object({ ...filterFields, after: cursorField("after"), before: cursorField("before") });

export type DailyPage = DailyView & {
  /** Rows the filters keep on the whole date (all pages). */
  total: number;
  page_size: number;
  /** The `before` of the page before this one, null on the first. */
  prev_cursor: string | null;
  /** The first date attendance counts (null: nothing counts yet, no office configured). */
  attendance_start: string | null;
  today: string;
};

/**
 * The admin tab's page: the API's view with `before` as well, and what the empty state says. A
 * hand-edited bad cursor shows the first page; any other bad value, today's.
 */
export function dailyPage(params: URLSearchParams, now: Date = new Date()): DailyPage {
  const raw = Object.fromEntries(params);
  const query =
    DailyPageQuery.safeParse(raw).data ?? DailyPageQuery.safeParse({ ...raw, after: undefined, before: undefined }).data ?? DailyPageQuery.parse({});
  const date = query.date ?? workDate(now);
  ensureLedger(date, date, now);
  const counted = daySummary(date);
  const { headcount, summary } = counted;
  const page = dayPage(date, query, { limit: DAILY_PAGE_SIZE, after: query.after, before: query.before }, counted);
  const q = needleOf(query.q);
  const total = q ? (matchCount({ date, status: query.status ?? null, q })[0]?.n ?? 0) : query.status ? summary[query.status] : headcount;
  return {
    date,
    headcount,
    summary,
    items: page.rows.map(toItem),
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
    total,
    page_size: DAILY_PAGE_SIZE,
    attendance_start: attendanceStart(),
    today: workDate(now),
  };
}
