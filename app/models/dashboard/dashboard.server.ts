import { and, between, eq, sql, type SQL } from "drizzle-orm";
import { attendanceDays, machines, machineVisits } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, keptUntilWrite } from "~/lib/db.server";
import { replicationStatus } from "~/lib/replication.server";
import { LEAVE_TYPE_LABELS, LeaveStatus, rowFullName } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import { startOfWeek } from "~/lib/thai-date";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { isoWeekday } from "~/models/attendance/status";
import { rulesOn } from "~/models/attendance/work-rules.server";
import { TODAY_BUCKETS, todayBucket, type DayKind, type TodayBucket } from "./buckets";
import { holidaysBetween } from "~/models/leave/holidays.server";
import { listPetitions, activePetitionsBetween } from "~/models/leave/leave.server";
import { leaveDaysByType } from "~/models/leave/report.server";
import { isOverdue, isProblemStatus, machineDueDate } from "~/models/machines/rules";

// The admin dashboard: each card is one or two queries over what the other screens already keep.

/** Rows a card lists; its count says how many there are in all. */
export const DASHBOARD_SHOWN = 5;
/** Calendar days the attendance chart looks back over (today, still running, is left out). */
export const TREND_DAYS = 30;

export type TodayAttendance = {
  date: string;
  headcount: number;
  /** Person-days: a half day's leave or absence counts half in its bucket, the other half where the day's status puts it. */
  counts: Record<TodayBucket, number>;
  /** What kind of day today is: a public holiday (with its name), a day off for everyone (nobody scheduled), or a work day. */
  day: DayKind;
};

const pendingSide = sql<number>`(${attendanceDays.checkinReview} = 'pending' or ${attendanceDays.checkoutReview} = 'pending')`;

/**
 * Today's buckets from the ledger, one grouped query over the date's rows: each employee working
 * today adds up to one, the leave and absent fractions to leave and absent and the rest to the
 * bucket of the day's status (or pending review), so the buckets add up to the headcount.
 */
export function todayAttendance(today: string, now: Date): TodayAttendance {
  ensureLedger(today, today, now);
  const groups = db()
    .select({
      status: attendanceDays.status,
      pending: pendingSide,
      n: sql<number>`count(*)`,
      leave: sql<number>`sum(${attendanceDays.leaveFraction})`,
      absent: sql<number>`sum(${attendanceDays.absentFraction})`,
      // Scheduled today on their own schedule: hours to work, or a working day taken as leave.
      scheduled: sql<number>`sum(${attendanceDays.scheduledMinutes} > 0 or ${attendanceDays.leaveFraction} > 0)`,
    })
    .from(attendanceDays)
    .where(eq(attendanceDays.workDate, today))
    .groupBy(attendanceDays.status, pendingSide)
    .all();
  const counts = Object.fromEntries(TODAY_BUCKETS.map((b) => [b, 0])) as Record<TodayBucket, number>;
  let headcount = 0;
  let scheduled = 0;
  for (const g of groups) {
    headcount += g.n;
    scheduled += g.scheduled;
    counts.leave += g.leave;
    counts.absent += g.absent;
    counts[todayBucket({ status: g.status, reviewPending: g.pending === 1 })] += g.n - g.leave - g.absent;
  }
  const holiday = holidaysBetween(today, today)[0];
  // A work day when anyone is scheduled (each on their own schedule); with no rows (attendance not
  // counted yet) the default schedule's days say.
  const work = headcount > 0 ? scheduled > 0 : rulesOn(today).work_days.includes(isoWeekday(today));
  const day: DayKind = holiday ? { kind: "holiday", name: holiday.name } : { kind: work ? "work" : "day_off" };
  return { date: today, headcount, counts, day };
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

const worked = sql`${attendanceDays.status} in ('present', 'late', 'early_leave', 'missing_checkout')`;
/** The worked part (a whole day less its leave) of the rows that `also` keeps. */
const workedShare = (also: SQL) => sql<number>`sum(case when ${worked} and ${also} then 1 - ${attendanceDays.leaveFraction} else 0 end)`;

/**
 * The working days of the TREND_DAYS before today from the ledger, in person-days: everyone with
 * a row that date (on the staff, from attendance_start on) is one, split into the part worked on
 * time or late, the leave fraction and the absent fraction, so the four add up to the headcount.
 * A row of a working day has scheduled minutes or leave; a holiday's or day off's has neither
 * (work on it included), and a date before anyone's first counted day has no rows: neither is shown.
 */
export function attendanceTrend(today: string, now: Date): TrendDay[] {
  const first = addDays(today, -TREND_DAYS);
  const last = addDays(today, -1);
  ensureLedger(first, last, now);
  return db()
    .select({
      date: attendanceDays.workDate,
      headcount: sql<number>`count(*)`,
      on_time: workedShare(sql`${attendanceDays.lateMinutes} = 0`),
      late: workedShare(sql`${attendanceDays.lateMinutes} > 0`),
      leave: sql<number>`sum(${attendanceDays.leaveFraction})`,
      absent: sql<number>`sum(${attendanceDays.absentFraction})`,
    })
    .from(attendanceDays)
    .where(
      and(
        between(attendanceDays.workDate, first, last),
        sql`(${attendanceDays.scheduledMinutes} > 0 or ${attendanceDays.leaveFraction} > 0)`,
      ),
    )
    .groupBy(attendanceDays.workDate)
    .orderBy(attendanceDays.workDate)
    .all();
}

/**
 * Approved leave days per type in a year, each day of a petition across 31 December in its own
 * year: the statistics' sums and columns (the types that are on, and any type with days), by id.
 */
export function leaveByType(year: number) {
  const { types, days } = leaveDaysByType(year);
  return { year, items: types.map((type) => ({ type, label: LEAVE_TYPE_LABELS[type] ?? `ลาประเภท ${type}`, days: days[String(type)] })) };
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
  // Filled before the kept cards are read, so a fill's write does not discard what it kept.
  ensureLedger(addDays(today, -TREND_DAYS), today, now);
  return {
    today: todayAttendance(today, now),
    replication_warning: replicationWarning(now),
    ...keptUntilWrite("dashboard cards", today, () => dateCards(today, now)),
  };
}

/** The replica has not had every write for more than LAG_WARNING_SECONDS: how long, and why if known. */
function replicationWarning(now: Date) {
  const status = replicationStatus(now);
  return status.lagging ? { lag_seconds: status.lag_seconds ?? 0, problem: status.problem } : null;
}
export type Dashboard = ReturnType<typeof dashboard>;
