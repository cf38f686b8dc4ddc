// The scheduled reminders and summaries: who gets which card on a business day. Each send
// function pushes through the notifier (a line_pushes row with its retry key per push) and returns
// a short Thai line for the job's run row.
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { employees, leavePetitions, machineAssignments, machines, machineVisits } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { LeaveStatus, rowFullName } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import { clockTimeOf } from "~/lib/thai-date";
import { machineAlerts, todayAttendance } from "~/models/dashboard/dashboard.server";
import { workingOn } from "~/models/employees/employee.server";
import { machineDueDate } from "~/models/machines/rules";
import { hasGroupsFlagged, pushToEmployee, pushToGroups, type PushDto } from "~/models/line/notifier.server";
import {
  checkinReminderMessage,
  checkoutReminderMessage,
  dailySummaryMessage,
  overdueMachinesMessage,
  pendingLeaveMessage,
  type PendingLeaveItem,
  type SummaryData,
} from "./reminder-cards.server";
import { getSettings } from "~/models/core/settings.server";
import { checkinRemindersDue, checkoutRemindersDue, pushesOfDay, recipient, REMINDER_PUSH_KINDS, type Recipient } from "./reminders-due.server";

export { REMINDER_PUSH_KINDS, type Recipient };

/** A petition waits this long before the approvers are reminded of it. */
export const PENDING_LEAVE_AGE_MS = 24 * 60 * 60 * 1000;
/** How far back a missed overdue-cabinet run still announces cabinets (days). */
export const OVERDUE_LOOKBACK_DAYS = 7;

function countText(sent: number, failed: number, who: string) {
  return failed > 0 ? `ส่งถึง${who} ${sent} ราย, ไม่สำเร็จ ${failed} ราย (จะส่งซ้ำอัตโนมัติ)` : `ส่งถึง${who} ${sent} ราย`;
}

function sentText(pushes: (PushDto | null)[], who: string) {
  return countText(pushes.filter((p) => p?.status === "sent").length, pushes.filter((p) => p?.status === "failed").length, who);
}

async function pushEach<T extends Recipient>(people: T[], kind: string, build: (p: T) => ReturnType<typeof checkinReminderMessage>, at?: Date) {
  const pushes: (PushDto | null)[] = [];
  for (const person of people) {
    pushes.push(await pushToEmployee({ employeeId: person.id, messages: [build(person)], kind, bestEffort: true, at }));
  }
  return pushes;
}

/** What the business day's reminders of `kind` reached so far (they run at each schedule's time; the day's row says the day's total). */
function dayText(kind: string, date: string) {
  const { sent, failed } = pushesOfDay(kind, date);
  return countText(sent, failed, "พนักงาน");
}

/** The check-in reminder to each employee whose time (their schedule's start + the setting's minutes) has come, once per work date. */
export async function sendCheckinReminders(date: string, now: Date): Promise<string> {
  const { remind_checkin } = getSettings(["remind_checkin"]);
  const people = checkinRemindersDue(date, now, remind_checkin.after_minutes);
  await pushEach(people, REMINDER_PUSH_KINDS.checkin, (p) => checkinReminderMessage({ full_name: p.full_name, date, work_start: p.work_start }), now);
  return dayText(REMINDER_PUSH_KINDS.checkin, date);
}

/**
 * The check-out reminder to each employee checked in and not out whose schedule's end + the
 * setting's minutes has come on the business day `date` (a night shift's the next morning), once per work date.
 */
export async function sendCheckoutReminders(date: string, now: Date): Promise<string> {
  const { remind_checkout } = getSettings(["remind_checkout"]);
  const people = checkoutRemindersDue(date, now, remind_checkout.after_minutes);
  await pushEach(
    people,
    REMINDER_PUSH_KINDS.checkout,
    (p) => checkoutReminderMessage({ full_name: p.full_name, date: p.work_date, checkin_time: p.checkin_at ? clockTimeOf(p.checkin_at) : "-", work_end: p.work_end }),
    now,
  );
  return dayText(REMINDER_PUSH_KINDS.checkout, date);
}

/** The dashboard's buckets for the day and the cabinets whose newest report is a problem. */
export function dailySummaryData(date: string, now: Date): SummaryData {
  const today = todayAttendance(date, now);
  const { problems } = machineAlerts(date);
  return { date, headcount: today.headcount, counts: today.counts, problems };
}

export const NO_GROUPS = "ไม่มีกลุ่ม LINE ที่เปิดรับ";

async function toGroups(flag: "notify_summary" | "notify_leave", kind: string, message: ReturnType<typeof dailySummaryMessage>) {
  if (!hasGroupsFlagged(flag)) return NO_GROUPS;
  return sentText(await pushToGroups({ flag, messages: [message], kind }), "กลุ่ม");
}

export async function sendDailySummary(date: string, now: Date): Promise<string> {
  return toGroups("notify_summary", REMINDER_PUSH_KINDS.summary, dailySummaryMessage(dailySummaryData(date, now)));
}

/** Petitions still waiting for a decision that were filed more than 24 h before `now`, oldest first. */
export function stalePetitions(now: Date, limit = 3): { total: number; oldest: PendingLeaveItem[] } {
  const rows = db()
    .select({ p: leavePetitions, e: employees })
    .from(leavePetitions)
    .innerJoin(employees, eq(employees.id, leavePetitions.employeeId))
    .where(and(eq(leavePetitions.status, LeaveStatus.request), lte(leavePetitions.createdAt, new Date(now.getTime() - PENDING_LEAVE_AGE_MS))))
    .orderBy(asc(leavePetitions.createdAt), asc(leavePetitions.id))
    .all();
  return {
    total: rows.length,
    oldest: rows.slice(0, limit).map(({ p, e }) => ({
      employee: { code: e.code, full_name: rowFullName(e) },
      type: p.type,
      start_date: p.startDate,
      end_date: p.endDate,
      half: p.half ?? "full",
      created_at: p.createdAt.toISOString(),
    })),
  };
}

export async function sendPendingLeaveReminder(now: Date): Promise<string> {
  const stale = stalePetitions(now);
  if (stale.total === 0) return "ไม่มีคำขอลารออนุมัติเกิน 24 ชั่วโมง";
  return toGroups("notify_leave", REMINDER_PUSH_KINDS.pendingLeave, pendingLeaveMessage(stale));
}

export type OverdueAssignment = Recipient & { machines: { id: number; code: string; name: string; due_date: string }[] };

/**
 * Active cabinets whose due date falls in [from, to] (with to = yesterday, today is their first
 * overdue day), grouped by the linked, working employees assigned to them.
 */
export function newlyOverdueByEmployee(date: string, from: string, to: string): OverdueAssignment[] {
  const rows = db()
    .select({
      machine: { id: machines.id, code: machines.code, name: machines.name, visitEveryDays: machines.visitEveryDays, createdAt: machines.createdAt },
      lastVisitDate: machineVisits.visitDate,
      e: { id: employees.id, code: employees.code, title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName },
    })
    .from(machines)
    .leftJoin(machineVisits, eq(machineVisits.id, machines.lastVisitId))
    .innerJoin(machineAssignments, and(eq(machineAssignments.machineId, machines.id), isNull(machineAssignments.endedAt)))
    .innerJoin(employees, eq(employees.id, machineAssignments.employeeId))
    .where(and(eq(machines.active, true), isNotNull(machines.visitEveryDays), workingOn(date), isNotNull(employees.lineUserId)))
    .orderBy(employees.code, machines.code)
    .all();
  const byEmployee = new Map<number, OverdueAssignment>();
  for (const row of rows) {
    const due = machineDueDate({ visitEveryDays: row.machine.visitEveryDays, lastVisitDate: row.lastVisitDate, sinceDate: workDate(row.machine.createdAt) });
    if (due === null || due < from || due > to) continue;
    const entry = byEmployee.get(row.e.id) ?? { ...recipient(row.e), machines: [] };
    entry.machines.push({ id: row.machine.id, code: row.machine.code, name: row.machine.name, due_date: due });
    byEmployee.set(row.e.id, entry);
  }
  return [...byEmployee.values()];
}

/**
 * Cabinets that became overdue since the job last did its work: normally the ones due yesterday;
 * after days without a run (holidays, the server down) those due since the last run's date, at most
 * OVERDUE_LOOKBACK_DAYS back.
 */
export async function sendOverdueMachineReminders(date: string, lastRunDate: string | null): Promise<string> {
  const to = addDays(date, -1);
  const floor = addDays(date, -OVERDUE_LOOKBACK_DAYS);
  const from = lastRunDate && lastRunDate > floor ? lastRunDate : lastRunDate ? floor : to;
  const people = newlyOverdueByEmployee(date, from, to);
  const pushes = await pushEach(people, REMINDER_PUSH_KINDS.overdueMachines, (p) => overdueMachinesMessage({ full_name: p.full_name, machines: p.machines }));
  const cabinets = new Set(people.flatMap((p) => p.machines.map((m) => m.id))).size;
  return `ตู้เลยกำหนดวันนี้ ${cabinets} ตู้; ${sentText(pushes, "ผู้ดูแล")}`;
}
