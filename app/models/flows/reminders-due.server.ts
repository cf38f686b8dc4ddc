// Who is due for the check-in and check-out reminders, and when: each employee on the hours of the
// schedule they work under on the work date, and only on a day the day ledger expects them
// (scheduled minutes: not a day off in their schedule, not a holiday, not a full day's leave).
// A reminder is sent once per employee and work date: the pushes it leaves in line_pushes (its
// kind, the employee, created at or after the shift's start) are what says it was sent.
//
// Two reads: the plan (the times at which the jobs run) is asked on every wake of the scheduler,
// so it groups the ledger's rows by shift (schedule and half-day leave) and works out each
// shift's times once; who is due is read employee by employee only when a job runs.
import { and, eq, gte, inArray, lt, max, sql } from "drizzle-orm";
import { employees, linePushes } from "../../../db/schema";
import { db, preparedQuery } from "~/lib/db.server";
import { rowFullName } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import { businessDate, clockTimeOf, zonedTime } from "~/lib/thai-date";
import type { DayRules } from "~/models/attendance/ledger-day";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { crossesMidnight } from "~/models/schedules/schedule-day";
import { DEFAULT_SCHEDULE_ID, scheduleRulesOn } from "~/models/schedules/schedule-rules.server";
import { rulesByEmployeeOn } from "~/models/schedules/schedules-in-use.server";
import { addMinutesToTime } from "./reminder-settings";

export const REMINDER_PUSH_KINDS = {
  checkin: "reminder_checkin",
  checkout: "reminder_checkout",
  summary: "daily_summary",
  pendingLeave: "reminder_pending_leave",
  overdueMachines: "reminder_overdue_machine",
} as const;

/** The last minute of a day, the latest a reminder time can be (HH:mm). */
export const END_OF_DAY = "23:59";

export type Recipient = { id: number; code: string; full_name: string };

type NameColumns = { id: number; code: string; title: number; namePrefix: string; firstName: string; lastName: string };

export const recipient = (e: NameColumns): Recipient => ({ id: e.id, code: e.code, full_name: rowFullName(e) });

type LeaveHalf = "morning" | "afternoon" | null;

/** One shift of a work date: the schedule's rules that date and the half of it taken as leave. */
type Shift = { workDate: string; scheduleId: number; leaveHalf: LeaveHalf; rules: DayRules };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant of a clock time within the shift that starts on `date` (past midnight for a night shift). */
function inShift(date: string, rules: DayRules, hhmm: string) {
  const nextMorning = crossesMidnight(rules) && minutesOf(hhmm) < minutesOf(rules.work_start);
  return zonedTime(nextMorning ? addDays(date, 1) : date, hhmm);
}

/** When the shift's work ends: the break's start for an afternoon's leave, else the schedule's end (the next morning for a night shift). */
function shiftEnd(s: Shift): { time: string; at: Date } {
  if (s.leaveHalf === "afternoon") return { time: s.rules.break_start, at: inShift(s.workDate, s.rules, s.rules.break_start) };
  return { time: s.rules.work_end, at: zonedTime(crossesMidnight(s.rules) ? addDays(s.workDate, 1) : s.workDate, s.rules.work_end) };
}

/** A shift's check-in reminder: its start, the reminder (start + minutes, at the latest 23:59 that day), its end. */
function checkinTimes(s: Shift, afterMinutes: number) {
  return {
    work_start: s.rules.work_start,
    start: zonedTime(s.workDate, s.rules.work_start),
    due: zonedTime(s.workDate, addMinutesToTime(s.rules.work_start, afterMinutes)),
    end: shiftEnd(s).at,
  };
}

/** A shift's check-out reminder: its end + minutes (the business day it falls on may be the next). */
function checkoutTimes(s: Shift, afterMinutes: number) {
  const end = shiftEnd(s);
  const due = zonedTime(businessDate(end.at), addMinutesToTime(clockTimeOf(end.at), afterMinutes));
  return { work_end: end.time, start: zonedTime(s.workDate, s.rules.work_start), due, dueDate: businessDate(due) };
}

/** `fn` once per shift: everyone on one schedule that date has the same instants, each a few time-zone conversions. */
function perShift<T>(fn: (s: Shift) => T): (s: Shift) => T {
  const seen = new Map<string, T>();
  return (s) => {
    const key = `${s.workDate}|${s.scheduleId}|${s.leaveHalf ?? ""}`;
    let value = seen.get(key);
    if (value === undefined) {
      value = fn(s);
      seen.set(key, value);
    }
    return value;
  };
}

// --- The plan: the shifts in use on a date -----------------------------------------------------

type ShiftRow = { scheduleId: number | null; leaveHalf: LeaveHalf };

// Rows computed before schedules existed have no schedule_id: they were on the default hours.
const expectedShiftRows = preparedQuery((d) =>
  d.$client.prepare<[{ date: string }], ShiftRow>(
    `select d.schedule_id as scheduleId, d.leave_half as leaveHalf from attendance_days d
     where d.work_date = @date and d.scheduled_minutes > 0 group by d.schedule_id, d.leave_half`,
  ),
);
const openShiftRows = preparedQuery((d) =>
  d.$client.prepare<[{ date: string }], ShiftRow>(
    `select d.schedule_id as scheduleId, d.leave_half as leaveHalf from attendance a
     join attendance_days d on d.work_date = a.work_date and d.employee_id = a.employee_id
     where a.work_date = @date and a.checkin_at is not null and a.checkout_at is null group by d.schedule_id, d.leave_half`,
  ),
);

function shiftsOf(date: string, rows: ShiftRow[]): Shift[] {
  return rows.map((r) => {
    const scheduleId = r.scheduleId ?? DEFAULT_SCHEDULE_ID;
    return { workDate: date, scheduleId, leaveHalf: r.leaveHalf, rules: scheduleRulesOn(scheduleId, date) };
  });
}

/** The distinct clock times (sorted) of the instants that fall on the business day `date`. */
function clockTimes(date: string, instants: Date[]) {
  const onDate = [...new Set(instants.map((d) => d.getTime()))].filter((ms) => businessDate(new Date(ms)) === date);
  return [...new Set(onDate.map((ms) => clockTimeOf(ms)))].sort();
}

/**
 * When the check-in reminders of `date` fall (the shifts the ledger expects at work, but a
 * morning's leave), and the latest end among them (23:59 for one ending the next day): past it a
 * check-in reminder is no use.
 */
export function checkinPlan(date: string, now: Date, afterMinutes: number): { times: string[]; until: string } {
  ensureLedger(date, date, now);
  const shifts = shiftsOf(date, expectedShiftRows().all({ date })).filter((s) => s.leaveHalf !== "morning");
  const times = shifts.map((s) => checkinTimes(s, afterMinutes));
  const ends = times.map((t) => t.end);
  const until = ends.some((end) => businessDate(end) !== date) ? END_OF_DAY : (clockTimes(date, ends).at(-1) ?? END_OF_DAY);
  return { times: clockTimes(date, times.map((t) => t.due)), until };
}

/**
 * When the check-out reminders of the business day `date` fall: the shifts of `date` and of the
 * day before (a night shift's ends this morning) that the ledger expects at work or that are open.
 */
export function checkoutPlan(date: string, now: Date, afterMinutes: number): string[] {
  const yesterday = addDays(date, -1);
  ensureLedger(yesterday, date, now);
  const shifts = [yesterday, date].flatMap((d) => shiftsOf(d, [...expectedShiftRows().all({ date: d }), ...openShiftRows().all({ date: d })]));
  return clockTimes(
    date,
    shifts.map((s) => checkoutTimes(s, afterMinutes).due),
  );
}

// --- Who is due: employee by employee, when a job runs ---------------------------------------

/** An employee's day as the reminders see it: the ledger's expectation, the record, the shift. */
type Day = Shift & { id: number; scheduled: boolean; checkinAt: Date | null; checkoutAt: Date | null };

type DayRow = { id: number; scheduledMinutes: number; leaveHalf: LeaveHalf; checkinAt: number | null; checkoutAt: number | null };

const dayRows = preparedQuery((d) =>
  d.$client.prepare<[{ date: string }], DayRow>(
    `select d.employee_id as id, d.scheduled_minutes as scheduledMinutes, d.leave_half as leaveHalf,
       a.checkin_at as checkinAt, a.checkout_at as checkoutAt
     from attendance_days d
     join employees e on e.id = d.employee_id
     left join attendance a on a.employee_id = d.employee_id and a.work_date = d.work_date
     where d.work_date = @date and e.line_user_id is not null and (e.resign_date is null or e.resign_date > @date)
       and (d.scheduled_minutes > 0 or (a.checkin_at is not null and a.checkout_at is null))`,
  ),
);

/**
 * The linked, working employees on `date` whom the ledger expects at work or who checked in and
 * not out (work on a day off ends with a check-out too), each with their schedule's rules.
 */
function daysOn(date: string): Day[] {
  const rows = dayRows().all({ date });
  const rules = rulesByEmployeeOn(
    date,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const own = rules.get(r.id);
    if (!own) return [];
    return [
      {
        id: r.id,
        workDate: date,
        scheduleId: own.scheduleId,
        leaveHalf: r.leaveHalf,
        rules: own.rules,
        scheduled: r.scheduledMinutes > 0,
        checkinAt: r.checkinAt == null ? null : new Date(r.checkinAt),
        checkoutAt: r.checkoutAt == null ? null : new Date(r.checkoutAt),
      },
    ];
  });
}

/** The employees' codes and names, in code order (the order their reminders are sent in). */
function named<T extends { id: number }>(due: T[]): (T & Recipient)[] {
  if (due.length === 0) return [];
  const names = new Map(
    db()
      .select({ id: employees.id, code: employees.code, title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(inArray(employees.id, [...new Set(due.map((d) => d.id))]))
      .all()
      .map((e) => [e.id, recipient(e)]),
  );
  return due
    .flatMap((d) => {
      const name = names.get(d.id);
      return name ? [{ ...d, ...name }] : [];
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.id - b.id));
}

/** The newest push of `kind` to each of the employees. */
function lastPushes(kind: string, ids: number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  const rows = db()
    .select({ employeeId: linePushes.employeeId, at: max(linePushes.createdAt) })
    .from(linePushes)
    .where(and(inArray(linePushes.employeeId, ids), eq(linePushes.kind, kind)))
    .groupBy(linePushes.employeeId)
    .all();
  return new Map(rows.flatMap((r) => (r.employeeId != null && r.at ? [[r.employeeId, r.at.getTime()] as const] : [])));
}

/** Those of `due` not yet sent `kind` since their shift's start. */
function notYetReminded<T extends { id: number; start: Date }>(kind: string, due: T[]): T[] {
  const last = lastPushes(
    kind,
    due.map((d) => d.id),
  );
  return due.filter((d) => (last.get(d.id) ?? -Infinity) < d.start.getTime());
}

export type CheckinDue = { id: number; work_start: string; start: Date; due: Date; end: Date; checkedIn: boolean };

/**
 * Everyone the ledger expects at work on `date` whose day does not start with a morning's leave
 * (an afternoon's leave still owes the morning), with their reminder's time.
 */
export function checkinCandidates(date: string, now: Date, afterMinutes: number): CheckinDue[] {
  ensureLedger(date, date, now);
  const times = perShift((s) => checkinTimes(s, afterMinutes));
  return daysOn(date)
    .filter((d) => d.scheduled && d.leaveHalf !== "morning")
    .map((d) => ({ id: d.id, ...times(d), checkedIn: d.checkinAt != null }));
}

/** Who gets the check-in reminder at `now`: not checked in, their time come, their hours not over, not reminded yet. */
export function checkinRemindersDue(date: string, now: Date, afterMinutes: number): (CheckinDue & Recipient)[] {
  const due = checkinCandidates(date, now, afterMinutes).filter((c) => !c.checkedIn && c.due <= now && now < c.end);
  return named(notYetReminded(REMINDER_PUSH_KINDS.checkin, due));
}

export type CheckoutDue = { id: number; work_date: string; work_end: string; checkin_at: Date | null; start: Date; due: Date; open: boolean };

/**
 * The check-out reminders that fall on the business day `date`: the day shifts of `date` and the
 * night shifts that started the day before, each at its end plus `afterMinutes`.
 */
export function checkoutCandidates(date: string, now: Date, afterMinutes: number): CheckoutDue[] {
  const yesterday = addDays(date, -1);
  ensureLedger(yesterday, date, now);
  const times = perShift((s) => checkoutTimes(s, afterMinutes));
  return [...daysOn(yesterday), ...daysOn(date)].flatMap((d) => {
    const { work_end, start, due, dueDate } = times(d);
    if (dueDate !== date) return [];
    return [{ id: d.id, work_date: d.workDate, work_end, checkin_at: d.checkinAt, start, due, open: d.checkinAt != null && d.checkoutAt == null }];
  });
}

/** Who gets the check-out reminder at `now`: checked in and not out, their time come, not reminded for that work date yet. */
export function checkoutRemindersDue(date: string, now: Date, afterMinutes: number): (CheckoutDue & Recipient)[] {
  const due = checkoutCandidates(date, now, afterMinutes).filter((c) => c.open && c.due <= now);
  return named(notYetReminded(REMINDER_PUSH_KINDS.checkout, due));
}

/** How many pushes of `kind` the business day `date` sent and how many failed. */
export function pushesOfDay(kind: string, date: string): { sent: number; failed: number } {
  const rows = db()
    .select({ status: linePushes.status, n: sql<number>`count(*)` })
    .from(linePushes)
    .where(and(eq(linePushes.kind, kind), gte(linePushes.createdAt, zonedTime(date, "00:00")), lt(linePushes.createdAt, zonedTime(addDays(date, 1), "00:00"))))
    .groupBy(linePushes.status)
    .all();
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { sent: count("sent"), failed: count("failed") };
}
