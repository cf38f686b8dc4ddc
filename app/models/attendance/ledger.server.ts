import { and, asc, between, eq, sql } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates, settings } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { db, immediate, preparedQuery, type Db } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { addDays, isoDaysBetween } from "~/lib/iso-day";
import { businessDate } from "~/lib/thai-date";
import { getSetting } from "~/models/core/settings.server";
// The leave modules below import nothing that writes the ledger: the writers (the employees and
// leave models among them) import this module without a cycle.
import { holidaysBetween } from "~/models/leave/holiday-table.server";
import { ensureHolidayYear } from "~/models/leave/holiday-years.server";
import { MAX_PETITION_CALENDAR_DAYS } from "~/models/leave/schema";
import { closedMonthError, closedMonthOf } from "~/models/payroll/closed-months.server";
import { allScheduleRulesOn, employeeScheduleIdOn, scheduleIdsOn, scheduleRulesOn, DEFAULT_SCHEDULE_ID } from "~/models/schedules/schedule-rules.server";
import { freshUntil, ledgerDay, type DayRules, type LedgerDay, type LedgerLeave, type LedgerRecord, type OvertimeWindow } from "./ledger-day";

// The day ledger's store (ADR 043). A date is filled for everyone at once (ledger_dates records it
// and until when its rows hold without the clock moving them); afterwards every input that changes
// (a check-in, a correction, a review, leave, a holiday, an employee's dates, the rules) recomputes
// the rows it touches inside its own transaction. Dates not filled yet are filled by the first
// reader that needs them, and by the nightly job for the day that just ended.

export type LedgerRow = typeof attendanceDays.$inferSelect;

/** The first date the office counts attendance: the setting, else the day its first office was configured. */
export function attendanceStart(d: Db = db()): string | null {
  const stored = getSetting("attendance_start");
  if (stored) return stored;
  return derivedAttendanceStart(d);
}

/**
 * For an office that set up before the setting existed: the earlier of the day its offices were
 * last saved and its first attendance record; null while no office is configured (nobody can check in).
 */
function derivedAttendanceStart(d: Db): string | null {
  if (getSetting("offices").length === 0) return null;
  const saved = d.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, "offices")).get()?.at;
  const first = d.select({ date: sql<string | null>`min(${attendance.workDate})` }).from(attendance).get()?.date ?? null;
  const savedDate = saved ? businessDate(saved, appTimeZoneFromEnv()) : null;
  return [savedDate, first].filter((v): v is string => v != null).sort()[0] ?? null;
}

type Scope = { employeeIds?: readonly number[] };

// The queries of a date are compiled once per connection: a check-in recomputes its one row in
// its own transaction, and SQL built and compiled again per call cost more than the row itself.
// Each comes for everyone on the date and for a scope of employees (ids as a JSON array, joined
// first — CROSS JOIN keeps SQLite from reversing the order — so one employee's row reads
// through the employee's own indexes, not through the whole date's).

const WORKING = "(e.start_date is null or e.start_date <= @date) and (e.resign_date is null or e.resign_date > @date)";

const workingAll = preparedQuery((d) => d.$client.prepare<[{ date: string }], number>(`select e.id from employees e where ${WORKING}`).pluck());
const workingScoped = preparedQuery((d) =>
  d.$client
    .prepare<[{ date: string; ids: string }], number>(`select e.id from json_each(@ids) j cross join employees e on e.id = j.value where ${WORKING}`)
    .pluck(),
);

type RecordRow = LedgerRecord & { id: number; employeeId: number };
const RECORD_COLUMNS = `a.id, a.employee_id as employeeId, a.checkin_at as checkinAt, a.checkout_at as checkoutAt,
  a.checkin_review as checkinReview, a.checkout_review as checkoutReview`;
const recordsAll = preparedQuery((d) => d.$client.prepare<[{ date: string }], RecordRow>(`select ${RECORD_COLUMNS} from attendance a where a.work_date = @date`));
const recordsScoped = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; ids: string }], RecordRow>(
    `select ${RECORD_COLUMNS} from json_each(@ids) j cross join attendance a on a.employee_id = j.value and a.work_date = @date`,
  ),
);

type LeaveRow = { employeeId: number; type: number; half: "morning" | "afternoon" | null };
// A petition spans at most MAX_PETITION_CALENDAR_DAYS (leave.server's petitionsOverlapping): the
// start-date range bounds the scan; `+status` keeps the planner on the date or employee index.
const LEAVE_WHERE = `p.start_date >= @earliest and p.start_date <= @date and p.end_date >= @date and +p.status = ${LeaveStatus.approve}`;
const leavesAll = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; earliest: string }], LeaveRow>(
    `select p.employee_id as employeeId, p.type, p.half from leave_petitions p where ${LEAVE_WHERE}`,
  ),
);
const leavesScoped = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; earliest: string; ids: string }], LeaveRow>(
    `select p.employee_id as employeeId, p.type, p.half from json_each(@ids) j cross join leave_petitions p on p.employee_id = j.value where ${LEAVE_WHERE}`,
  ),
);

const dropAll = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; kept: string }]>(
    "delete from attendance_days where work_date = @date and employee_id not in (select value from json_each(@kept))",
  ),
);
const dropScoped = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; kept: string; ids: string }]>(
    `delete from attendance_days where work_date = @date and employee_id in (select value from json_each(@ids))
       and employee_id not in (select value from json_each(@kept))`,
  ),
);

const yearSeeded = preparedQuery((d) => d.$client.prepare<[number], number>("select 1 from holiday_years where year = ?").pluck());

const idsOf = (scope: Scope) => (scope.employeeIds ? JSON.stringify(scope.employeeIds) : null);

function workingIds(date: string, scope: Scope) {
  const ids = idsOf(scope);
  return ids === null ? workingAll().all({ date }) : workingScoped().all({ date, ids });
}

function recordsOn(date: string, scope: Scope) {
  const ids = idsOf(scope);
  const rows = ids === null ? recordsAll().all({ date }) : recordsScoped().all({ date, ids });
  return new Map(rows.map((r) => [r.employeeId, r]));
}

const PART_OF = (half: "morning" | "afternoon" | null) => half ?? "full";

/** A morning and an afternoon of the same date together are the whole day. */
function mergeLeave(a: LedgerLeave | undefined, b: LedgerLeave): LedgerLeave {
  if (!a) return b;
  if (a.part === b.part) return a;
  const sameType = a.type === b.type;
  return { part: "full", type: sameType ? a.type : null, label: sameType ? a.label : [a.label, b.label].filter(Boolean).join(" + ") };
}

function leavesOn(date: string, scope: Scope) {
  const ids = idsOf(scope);
  const earliest = addDays(date, -(MAX_PETITION_CALENDAR_DAYS - 1));
  const rows = ids === null ? leavesAll().all({ date, earliest }) : leavesScoped().all({ date, earliest, ids });
  const leaves = new Map<number, LedgerLeave>();
  for (const p of rows) {
    const leave: LedgerLeave = { part: PART_OF(p.half), type: p.type, label: LEAVE_TYPE_LABELS[p.type] ?? null };
    leaves.set(p.employeeId, mergeLeave(leaves.get(p.employeeId), leave));
  }
  return leaves;
}

type OvertimeRow = OvertimeWindow & { employeeId: number };
const OVERTIME_COLUMNS = "o.employee_id as employeeId, o.start_time as start, o.end_time as end";
const overtimeAll = preparedQuery((d) =>
  d.$client.prepare<[{ date: string }], OvertimeRow>(`select ${OVERTIME_COLUMNS} from overtime_requests o where o.work_date = @date and o.status = 'approved'`),
);
const overtimeScoped = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; ids: string }], OvertimeRow>(
    `select ${OVERTIME_COLUMNS} from json_each(@ids) j cross join overtime_requests o on o.employee_id = j.value and o.work_date = @date
       where o.status = 'approved'`,
  ),
);

/** Each employee's approved overtime windows on the date. */
function overtimeOn(date: string, scope: Scope) {
  const ids = idsOf(scope);
  const rows = ids === null ? overtimeAll().all({ date }) : overtimeScoped().all({ date, ids });
  const out = new Map<number, OvertimeWindow[]>();
  for (const r of rows) {
    const list = out.get(r.employeeId);
    const window = { start: r.start, end: r.end };
    if (list) list.push(window);
    else out.set(r.employeeId, [window]);
  }
  return out;
}

/** Each employee's schedule on the date: one lookup for a scope of one, the date's assignments otherwise. */
function schedulesOn(date: string, scope: Scope): (employeeId: number) => number {
  if (scope.employeeIds?.length === 1) {
    const only = scope.employeeIds[0];
    const scheduleId = employeeScheduleIdOn(only, date);
    return () => scheduleId;
  }
  const assigned = scheduleIdsOn(date);
  return (employeeId) => assigned.get(employeeId) ?? DEFAULT_SCHEDULE_ID;
}

const upsertRow = preparedQuery((d) =>
  d.$client.prepare(
    `insert into attendance_days (employee_id, work_date, status, reason, scheduled_minutes, worked_minutes, late_minutes,
       early_minutes, leave_type, leave_fraction, leave_half, holiday_date, absent_fraction, checkin_review, checkout_review,
       attendance_id, schedule_id, overtime_minutes, holiday_work_minutes, holiday_overtime_minutes, computed_at)
     values (@employeeId, @workDate, @status, @reason, @scheduledMinutes, @workedMinutes, @lateMinutes, @earlyMinutes,
       @leaveType, @leaveFraction, @leaveHalf, @holidayDate, @absentFraction, @checkinReview, @checkoutReview, @attendanceId,
       @scheduleId, @overtimeMinutes, @holidayWorkMinutes, @holidayOvertimeMinutes, @computedAt)
     on conflict (work_date, employee_id) do update set status = excluded.status, reason = excluded.reason,
       scheduled_minutes = excluded.scheduled_minutes, worked_minutes = excluded.worked_minutes,
       late_minutes = excluded.late_minutes, early_minutes = excluded.early_minutes, leave_type = excluded.leave_type,
       leave_fraction = excluded.leave_fraction, leave_half = excluded.leave_half, holiday_date = excluded.holiday_date,
       absent_fraction = excluded.absent_fraction, checkin_review = excluded.checkin_review,
       checkout_review = excluded.checkout_review, attendance_id = excluded.attendance_id, schedule_id = excluded.schedule_id,
       overtime_minutes = excluded.overtime_minutes, holiday_work_minutes = excluded.holiday_work_minutes,
       holiday_overtime_minutes = excluded.holiday_overtime_minutes, computed_at = excluded.computed_at`,
  ),
);

// The record's own late_minutes and early_minutes (the API's record, the review queue) are the
// ledger's, copied here in the same write: no second rule counts them.
const mirrorMinutes = preparedQuery((d) =>
  d.$client.prepare<[{ late: number; early: number; id: number }]>(
    "update attendance set late_minutes = @late, early_minutes = @early where id = @id and (late_minutes <> @late or early_minutes <> @early)",
  ),
);

/** The computed rows of one date for everyone working on it (or the scope's employees), from the inputs. */
export type ComputedDay = LedgerDay & { attendanceId: number | null; scheduleId: number };

export function computeDate(d: Db, date: string, now: Date, scope: Scope = {}): Map<number, ComputedDay> {
  const out = new Map<number, ComputedDay>();
  const start = attendanceStart(d);
  if (!start || date < start) return out;
  const year = Number(date.slice(0, 4));
  if (yearSeeded().get(year) === undefined) ensureHolidayYear(year);
  const ids = workingIds(date, scope);
  if (ids.length === 0) return out;
  const scheduleOf = schedulesOn(date, scope);
  const rulesBySchedule = new Map<number, DayRules>();
  const rulesOf = (scheduleId: number) => {
    let rules = rulesBySchedule.get(scheduleId);
    if (!rules) rulesBySchedule.set(scheduleId, (rules = scheduleRulesOn(scheduleId, date, d)));
    return rules;
  };
  const holidayRow = holidaysBetween(date, date)[0];
  const holiday = holidayRow ? { date: holidayRow.date, name: holidayRow.name } : null;
  const records = recordsOn(date, scope);
  const leaves = leavesOn(date, scope);
  const overtime = overtimeOn(date, scope);
  const timeZone = appTimeZoneFromEnv();
  for (const id of ids) {
    const r = records.get(id);
    const record: LedgerRecord | null = r ? r : null;
    const scheduleId = scheduleOf(id);
    const rules = rulesOf(scheduleId);
    const day = ledgerDay({ date, rules, holiday, leave: leaves.get(id) ?? null, record, overtime: overtime.get(id), now, timeZone });
    out.set(id, { ...day, attendanceId: r?.id ?? null, scheduleId });
  }
  return out;
}

const storedRows = preparedQuery((d) =>
  d.$client.prepare<[{ date: string; ids: string | null }], LedgerRowRaw>(
    `select * from attendance_days where work_date = @date and (@ids is null or employee_id in (select value from json_each(@ids)))`,
  ),
);
type LedgerRowRaw = Record<string, unknown> & { employee_id: number };

/** The computed fields and the columns that store them: what a recompute or the check compares. */
export const LEDGER_COLUMNS = {
  status: "status",
  reason: "reason",
  scheduledMinutes: "scheduled_minutes",
  workedMinutes: "worked_minutes",
  lateMinutes: "late_minutes",
  earlyMinutes: "early_minutes",
  leaveType: "leave_type",
  leaveFraction: "leave_fraction",
  leaveHalf: "leave_half",
  holidayDate: "holiday_date",
  absentFraction: "absent_fraction",
  checkinReview: "checkin_review",
  checkoutReview: "checkout_review",
  attendanceId: "attendance_id",
  scheduleId: "schedule_id",
  overtimeMinutes: "overtime_minutes",
  holidayWorkMinutes: "holiday_work_minutes",
  holidayOvertimeMinutes: "holiday_overtime_minutes",
} as const satisfies Partial<Record<keyof ComputedDay & keyof LedgerRow, string>>;
const COMPARED = Object.entries(LEDGER_COLUMNS) as [keyof typeof LEDGER_COLUMNS, string][];

/**
 * A date of a month closed for payroll may be recomputed only to the rows it already holds: a write
 * that would change one (a row added, removed or different) is refused with the month's 409, and
 * its transaction rolls back with everything it wrote.
 */
function refuseClosedChange(date: string, rows: Map<number, ComputedDay>, scope: Scope) {
  const month = closedMonthOf(date);
  if (!month) return;
  const stored = storedRows().all({ date, ids: idsOf(scope) });
  if (stored.length !== rows.size) throw closedMonthError(month);
  for (const row of stored) {
    const computed = rows.get(row.employee_id);
    if (!computed || COMPARED.some(([key, column]) => (computed[key] ?? null) !== row[column])) throw closedMonthError(month);
  }
}

/**
 * Writes one date's rows for the scope: computed rows upserted, rows of employees no longer
 * working that day removed. An input's write (`guarded`) may not change a closed month's day.
 */
function writeDate(d: Db, date: string, now: Date, scope: Scope, guarded = false) {
  const rows = computeDate(d, date, now, scope);
  if (guarded) refuseClosedChange(date, rows, scope);
  const statement = upsertRow();
  const computedAt = now.getTime();
  const mirror = mirrorMinutes();
  for (const [employeeId, day] of rows) {
    statement.run({ ...day, employeeId, workDate: date, computedAt });
    if (day.attendanceId !== null) mirror.run({ late: day.lateMinutes, early: day.earlyMinutes, id: day.attendanceId });
  }
  const kept = JSON.stringify([...rows.keys()]);
  const ids = idsOf(scope);
  if (ids === null) dropAll().run({ date, kept });
  else dropScoped().run({ date, kept, ids });
  return rows.size;
}

function markFilled(d: Db, date: string, now: Date) {
  const zone = appTimeZoneFromEnv();
  const untils = allScheduleRulesOn(date, d)
    .map((rules) => freshUntil(date, rules, now, zone))
    .filter((t): t is number => t !== null);
  const until = untils.length === 0 ? null : Math.min(...untils);
  d.insert(ledgerDates)
    .values({ workDate: date, freshUntil: until, computedAt: now })
    .onConflictDoUpdate({ target: ledgerDates.workDate, set: { freshUntil: until, computedAt: now } })
    .run();
}

/** The filled dates from `from` to `to` with when each goes stale. */
function filledDates(d: Db, from: string, to: string) {
  return new Map(
    d
      .select({ date: ledgerDates.workDate, freshUntil: ledgerDates.freshUntil })
      .from(ledgerDates)
      .where(between(ledgerDates.workDate, from, to))
      .all()
      .map((r) => [r.date, r.freshUntil]),
  );
}

/**
 * Makes the ledger hold every date from `from` to `to` (up to today) as of `now`: a date not filled
 * yet, or filled before one of its clock thresholds passed, is computed for everyone. Readers call
 * this first; it writes only when something is missing or stale.
 */
export function ensureLedger(from: string, to: string, now: Date = new Date()) {
  const today = workDate(now);
  const last = to < today ? to : today;
  if (from > last) return 0;
  const filled = filledDates(db(), from, last);
  const stale = isoDaysBetween(from, last).filter((date) => {
    if (!filled.has(date)) return true;
    const until = filled.get(date);
    return until != null && until <= now.getTime();
  });
  if (stale.length === 0) return 0;
  let written = 0;
  for (let i = 0; i < stale.length; i += 31) {
    immediate((tx) => {
      for (const date of stale.slice(i, i + 31)) {
        written += writeDate(tx, date, now, {});
        markFilled(tx, date, now);
      }
    });
  }
  return written;
}

/**
 * Recomputes the filled dates from `from` to `to` for the scope's employees (everyone without it),
 * inside the caller's transaction: the input that changed them is written in the same commit.
 * Dates not filled yet are left to the reader that fills them.
 */
export function recomputeLedger(tx: Db, range: { from: string; to: string }, scope: Scope = {}, now: Date = new Date()) {
  const today = workDate(now);
  const last = range.to < today ? range.to : today;
  if (range.from > last) return 0;
  let written = 0;
  for (const date of filledDates(tx, range.from, last).keys()) written += writeDate(tx, date, now, scope, true);
  return written;
}

/**
 * One employee's date, recomputed inside the caller's transaction (a check-in, a review), whether
 * or not the date is filled for everyone yet: the record's minutes must be right from its first write.
 */
export function recomputeDay(tx: Db, employeeId: number, date: string, now: Date = new Date()) {
  if (date > workDate(now)) return 0;
  return writeDate(tx, date, now, { employeeIds: [employeeId] }, true);
}

/** The ledger rows of one employee from `from` to `to`, by date (filled first). */
export function employeeLedger(employeeId: number, from: string, to: string, now: Date = new Date()): LedgerRow[] {
  ensureLedger(from, to, now);
  return db()
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), between(attendanceDays.workDate, from, to)))
    .orderBy(asc(attendanceDays.workDate))
    .all();
}

/** The day before `date`. */
export const previousDate = (date: string) => addDays(date, -1);
