import { and, between, count, eq, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { attendance, employees, leavePetitions, machines, machineVisits } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, keptUntilWrite } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, LeaveStatus, rowFullName } from "~/lib/enums";
import { addDays, dayNumber, weekdayOfDayNumber } from "~/lib/iso-day";
import { startOfWeek } from "~/lib/thai-date";
import { dayCalendar, periodCalendar } from "~/models/attendance/calendar.server";
import { DAILY_SETTING_KEYS, dayStatuses } from "~/models/attendance/daily.server";
import { attendanceDay, isoWeekday, type StatusRecord } from "~/models/attendance/status";
import { TODAY_BUCKETS, todayBucket, type DayKind, type TodayBucket } from "./buckets";
import { workingOn } from "~/models/employees/employee.server";
import { listPetitions, activePetitionsBetween } from "~/models/leave/leave.server";
import { LEAVE_TYPES } from "~/models/leave/schema";
import { isOverdue, isProblemStatus, machineDueDate } from "~/models/machines/rules";
import { getSettings } from "~/models/core/settings.server";

// The admin dashboard: each card is one or two queries over what the other screens already keep.

/** Rows a card lists; its count says how many there are in all. */
export const DASHBOARD_SHOWN = 5;
/** Calendar days the attendance chart looks back over (today, still running, is left out). */
export const TREND_DAYS = 30;

export type TodayAttendance = {
  date: string;
  headcount: number;
  counts: Record<TodayBucket, number>;
  /** What kind of day today is: a public holiday (with its name), a weekly day off, or a work day. */
  day: DayKind;
};

export function todayAttendance(today: string, now: Date): TodayAttendance {
  const calendar = dayCalendar(today);
  const counts = Object.fromEntries(TODAY_BUCKETS.map((b) => [b, 0])) as Record<TodayBucket, number>;
  const statuses = dayStatuses(today, { ...calendar, now });
  for (const s of statuses) counts[todayBucket(s)] += 1;
  const workDay = getSettings(["work_days"]).work_days.includes(isoWeekday(today));
  const day: DayKind = calendar.holiday
    ? { kind: "holiday", name: calendar.holiday.name }
    : { kind: workDay ? "work" : "day_off" };
  return { date: today, headcount: statuses.length, counts, day };
}

/** The approval queue's size and its oldest few (the queue's own order). */
export function pendingLeave() {
  const page = listPetitions({ status: LeaveStatus.request, page: 1, page_size: DASHBOARD_SHOWN });
  return {
    total: page.total,
    items: page.items.map((p) => ({
      id: p.id,
      employee: p.employee,
      type: p.type,
      start_date: p.start_date,
      end_date: p.end_date,
      half: p.half,
      days: p.days,
    })),
  };
}

/** Approved leave overlapping this week (Monday–Sunday), earliest first. */
export function awayThisWeek(today: string) {
  const from = startOfWeek(today);
  const to = addDays(from, 6);
  const approved = activePetitionsBetween(from, to)
    .filter(({ p }) => p.status === LeaveStatus.approve)
    .sort((a, b) => a.p.startDate.localeCompare(b.p.startDate) || a.e.code.localeCompare(b.e.code));
  return {
    from,
    to,
    people: new Set(approved.map(({ p }) => p.employeeId)).size,
    total: approved.length,
    items: approved.slice(0, DASHBOARD_SHOWN * 2).map(({ p, e }) => ({
      id: p.id,
      employee: { id: e.id, code: e.code, full_name: rowFullName(e) },
      type: p.type,
      start_date: p.startDate,
      end_date: p.endDate,
      half: p.half ?? ("full" as const),
      on_leave_today: p.startDate <= today && p.endDate >= today,
    })),
  };
}

export type MachineAlert = {
  id: number;
  code: string;
  name: string;
  due_date: string | null;
  last_visit_date: string | null;
  last_status: string | null;
};

/**
 * Active machines past their due date, and those whose newest report is a problem, in one query
 * (each machine row points at its newest visit). Most overdue and longest-open first.
 */
export function machineAlerts(today: string) {
  const rows = db()
    .select({
      id: machines.id,
      code: machines.code,
      name: machines.name,
      visitEveryDays: machines.visitEveryDays,
      createdAt: machines.createdAt,
      lastVisitDate: machineVisits.visitDate,
      lastStatus: machineVisits.status,
      lastVisitedAt: machineVisits.visitedAt,
    })
    .from(machines)
    .leftJoin(machineVisits, eq(machineVisits.id, machines.lastVisitId))
    .where(eq(machines.active, true))
    .all();
  const alerts = rows.map((m) => ({
    alert: {
      id: m.id,
      code: m.code,
      name: m.name,
      due_date: machineDueDate({ visitEveryDays: m.visitEveryDays, lastVisitDate: m.lastVisitDate, sinceDate: workDate(m.createdAt) }),
      last_visit_date: m.lastVisitDate,
      last_status: m.lastStatus,
    } satisfies MachineAlert,
    visitedAt: m.lastVisitedAt?.getTime() ?? 0,
  }));
  const overdue = alerts
    .filter(({ alert }) => isOverdue(alert.due_date, today))
    .sort((a, b) => (a.alert.due_date ?? "").localeCompare(b.alert.due_date ?? "") || a.alert.code.localeCompare(b.alert.code));
  const problems = alerts.filter(({ alert }) => isProblemStatus(alert.last_status)).sort((a, b) => a.visitedAt - b.visitedAt);
  return {
    active: rows.length,
    overdue: { total: overdue.length, items: overdue.slice(0, DASHBOARD_SHOWN).map((a) => a.alert) },
    problems: { total: problems.length, items: problems.slice(0, DASHBOARD_SHOWN).map((a) => a.alert) },
  };
}

export type TrendDay = { date: string; headcount: number; on_time: number; late: number; leave: number; absent: number };

/**
 * The working days (work_days, not a holiday) of the TREND_DAYS before today, as the daily view
 * would have counted them: employees on the staff that day (started, not yet resigned), who
 * checked in (a rejected record is none; late by its late minutes), who was on approved leave
 * without working, and the rest absent. One grouped query over attendance for the range, the
 * holiday and leave calendars, and the records of the employees on leave (for those the day's
 * rule is run again: morning leave moves the start of the day).
 */
export function attendanceTrend(today: string, now: Date): TrendDay[] {
  const first = addDays(today, -TREND_DAYS);
  const last = addDays(today, -1);
  const settings = getSettings(DAILY_SETTING_KEYS);
  const { holidays, leaves } = periodCalendar(first, last);
  const start = dayNumber(first) ?? 0;
  const dates: string[] = [];
  for (let d = first, n = start; d <= last; d = addDays(d, 1), n += 1) {
    if (settings.work_days.includes(weekdayOfDayNumber(n)) && !holidays.has(d)) dates.push(d);
  }
  if (dates.length === 0) return [];

  const staff = db()
    .select({ id: employees.id, startDate: employees.startDate, resignDate: employees.resignDate })
    .from(employees)
    .where(and(workingOn(first), or(isNull(employees.startDate), lte(employees.startDate, last))))
    .all();
  const onStaff = (e: { startDate: string | null; resignDate: string | null }, date: string) =>
    (e.startDate == null || e.startDate <= date) && (e.resignDate == null || e.resignDate > date);

  const counted = and(isNotNull(attendance.checkinAt), ne(attendance.reviewStatus, "rejected"));
  const worked = db()
    .select({ date: attendance.workDate, worked: count(), late: sql<number>`sum(${attendance.lateMinutes} > 0)` })
    .from(attendance)
    .innerJoin(employees, eq(employees.id, attendance.employeeId))
    .where(
      and(
        between(attendance.workDate, first, last),
        counted,
        sql`(${employees.startDate} is null or ${employees.startDate} <= ${attendance.workDate})`,
        sql`(${employees.resignDate} is null or ${employees.resignDate} > ${attendance.workDate})`,
      ),
    )
    .groupBy(attendance.workDate)
    .all();
  const byDate = new Map(worked.map((w) => [w.date, { worked: w.worked, late: w.late ?? 0 }]));

  const days = new Map<string, TrendDay>(
    dates.map((date) => [date, { date, headcount: 0, on_time: 0, late: byDate.get(date)?.late ?? 0, leave: 0, absent: 0 }]),
  );
  const onLeave: [number, string][] = [];
  for (const e of staff) {
    const own = leaves.get(e.id);
    for (const date of dates) {
      if (!onStaff(e, date)) continue;
      const day = days.get(date);
      if (!day) continue;
      day.headcount += 1;
      if (own?.has(date)) {
        day.leave += 1;
        onLeave.push([e.id, date]);
      }
    }
  }
  // Whoever on leave worked (half days, mostly) counts as working, with the day's own lateness.
  for (const [employeeId, date, record] of leaveRecords(onLeave)) {
    const day = days.get(date);
    const leave = leaves.get(employeeId)?.get(date) ?? null;
    if (!day) continue;
    day.leave -= 1;
    const result = attendanceDay({ date, record, settings, workDay: true, holiday: null, leave, now });
    day.late += (result.lateMinutes > 0 ? 1 : 0) - (record.lateMinutes > 0 ? 1 : 0);
  }
  return dates.map((date) => {
    const day = days.get(date) ?? { date, headcount: 0, on_time: 0, late: 0, leave: 0, absent: 0 };
    const workedThatDay = byDate.get(date)?.worked ?? 0;
    return { ...day, on_time: workedThatDay - day.late, absent: Math.max(0, day.headcount - workedThatDay - day.leave) };
  });
}

/** The counted records of the given (employee, date) pairs, each found through the (employee_id, work_date) index. */
function leaveRecords(pairs: [number, string][]): [number, string, StatusRecord][] {
  if (pairs.length === 0) return [];
  const rows = db()
    .$client.prepare<[string], [number, string, number, number | null, number, number, StatusRecord["reviewStatus"]]>(
      `select a.employee_id, a.work_date, a.checkin_at, a.checkout_at, a.late_minutes, a.early_minutes, a.review_status
       from json_each(?) j
       join attendance a on a.employee_id = json_extract(j.value, '$[0]') and a.work_date = json_extract(j.value, '$[1]')
       where a.checkin_at is not null and a.review_status != 'rejected'`,
    )
    .raw()
    .all(JSON.stringify(pairs));
  return rows.map(([employeeId, date, checkinAt, checkoutAt, lateMinutes, earlyMinutes, reviewStatus]) => [
    employeeId,
    date,
    { checkinAt, checkoutAt, lateMinutes, earlyMinutes, reviewStatus },
  ]);
}

/** Approved leave days per type in a year (the statistics' sums, over the covering year index). */
export function leaveByType(year: number) {
  const sums = db()
    .select({ type: leavePetitions.type, days: sql<number>`sum(${leavePetitions.days})` })
    .from(leavePetitions)
    .where(and(eq(leavePetitions.year, year), eq(leavePetitions.status, LeaveStatus.approve)))
    .groupBy(leavePetitions.type)
    .all();
  const byType = new Map(sums.map((s) => [s.type, s.days]));
  return { year, items: LEAVE_TYPES.map((type) => ({ type, label: LEAVE_TYPE_LABELS[type], days: byType.get(type) ?? 0 })) };
}

// Every card but today's statuses reads only the date and what is stored (the series only days
// before today), so it stays right until the date or the data change: kept for the next render
// (an admin's dashboard is opened far more often than the data behind it moves). Today's
// statuses also depend on the time of day, and are worked out on each render.
function dateCards(today: string, now: Date) {
  return {
    pending_leave: pendingLeave(),
    away: awayThisWeek(today),
    machines: machineAlerts(today),
    trend: attendanceTrend(today, now),
    leave_by_type: leaveByType(Number(today.slice(0, 4))),
  };
}

/** Everything the dashboard shows, for the business day of `now`. The kept cards are shared between renders: read them, never change them. */
export function dashboard(now: Date = new Date()) {
  const today = workDate(now);
  return { today: todayAttendance(today, now), ...keptUntilWrite("dashboard cards", today, () => dateCards(today, now)) };
}
export type Dashboard = ReturnType<typeof dashboard>;
