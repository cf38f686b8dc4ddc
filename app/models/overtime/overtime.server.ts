import { and, asc, between, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { employees, overtimeRequests } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { rowFullName } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { addDays, dayNumber } from "~/lib/iso-day";
import { formatThaiDate, zonedTime } from "~/lib/thai-date";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { recomputeDay } from "~/models/attendance/ledger.server";
import { REJECT_NOTE_REQUIRED, rejectNoteMissing } from "~/models/core/decision-note";
import { requireEmployee } from "~/models/employees/employee.server";
import { OVERTIME_STATUS_LABELS, type OvertimeStatus } from "./labels";
import type { AdminOvertime, OvertimeDecision, OvertimeListQuery, OvertimeRequest } from "./schema";
import { minutesInWeek, monthRange, overWeeklyLimit, weekMinutes } from "./weekly-limit.server";
import { ADMIN_DAYS_BACK, DAYS_AHEAD, EMPLOYEE_DAYS_BACK, hoursOf, windowMinutes, windowsOverlap, windowText } from "./window";

// Overtime requests (ADR 046): an employee asks in LINE (pending until an admin decides), or an
// admin records one (approved at once). Only approved windows count in the day ledger, so an
// approval, and the cancel of an approved window, recompute the employee's ledger day in the same
// transaction (a closed payroll month refuses it there, and the write with it).

export const OVERTIME_MESSAGES = {
  notFound: "ไม่พบคำขอทำงานล่วงเวลา",
  overlap: "ช่วงเวลานี้ซ้อนกับคำขอทำงานล่วงเวลาที่มีอยู่แล้ว",
  tooFarBack: (days: number) => `ขอทำงานล่วงเวลาย้อนหลังได้ไม่เกิน ${days} วัน`,
  tooFarAhead: `ขอทำงานล่วงเวลาล่วงหน้าได้ไม่เกิน ${DAYS_AHEAD} วัน`,
  notWorking: "พนักงานไม่ได้ทำงานในวันที่นี้ (ก่อนวันเริ่มงานหรือหลังวันลาออก)",
  transition: (status: OvertimeStatus) => `คำขอนี้อยู่ในสถานะ "${OVERTIME_STATUS_LABELS[status]}" แล้ว ไม่สามารถทำรายการนี้ได้`,
  started: "ช่วงเวลาที่อนุมัติเริ่มไปแล้ว ยกเลิกเองไม่ได้ กรุณาติดต่อผู้ดูแล",
} as const;

type Row = typeof overtimeRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The request's own fields (what the audit log keeps of it). */
function requestFields(r: Row) {
  return {
    id: r.id,
    employee_id: r.employeeId,
    date: r.workDate,
    start: r.startTime,
    end: r.endTime,
    minutes: windowMinutes(r.startTime, r.endTime),
    reason: r.reason,
    status: r.status,
    source: r.source,
    decided_by: r.decidedBy,
    decided_at: iso(r.decidedAt),
    decision_note: r.decisionNote,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * The API's overtime: the request and its week's hours (approved windows and holiday work of the
 * Monday–Sunday week, plus this request's own window while it is pending).
 */
export function toOvertimeDto(r: Row, weekTotals: ReadonlyMap<string, number>) {
  const fields = requestFields(r);
  const minutes = minutesInWeek(weekTotals, r.employeeId, r.workDate) + (r.status === "pending" ? fields.minutes : 0);
  const weekHours = hoursOf(minutes);
  return { ...fields, week_hours: weekHours, over_weekly_limit: overWeeklyLimit(weekHours) };
}
export type OvertimeDto = ReturnType<typeof toOvertimeDto>;

/** DTOs of rows, their weeks read in one pass. */
function toDtos(rows: Row[]): OvertimeDto[] {
  if (rows.length === 0) return [];
  const dates = rows.map((r) => r.workDate).sort();
  const ids = [...new Set(rows.map((r) => r.employeeId))];
  const totals = weekMinutes(dates[0], dates[dates.length - 1], ids);
  return rows.map((r) => toOvertimeDto(r, totals));
}

export const overtimeDto = (row: Row) => toDtos([row])[0];

function requireRequest(tx: Db, id: number) {
  const row = tx.select().from(overtimeRequests).where(eq(overtimeRequests.id, id)).get();
  if (!row) throw new DomainError(404, OVERTIME_MESSAGES.notFound);
  return row;
}

/** The request by id, or null. */
export function findOvertime(id: number): OvertimeDto | null {
  const row = db().select().from(overtimeRequests).where(eq(overtimeRequests.id, id)).get();
  return row ? overtimeDto(row) : null;
}

/** 400 on `date` outside [today − back, today + DAYS_AHEAD], or a date the employee does not work. */
function requireDateInReach(employeeId: number, date: string, back: number, now: Date) {
  const today = workDate(now);
  if (date < addDays(today, -back)) throw new DomainError(400, OVERTIME_MESSAGES.tooFarBack(back), { date: OVERTIME_MESSAGES.tooFarBack(back) });
  if (date > addDays(today, DAYS_AHEAD)) throw new DomainError(400, OVERTIME_MESSAGES.tooFarAhead, { date: OVERTIME_MESSAGES.tooFarAhead });
  const employee = requireEmployee(employeeId);
  if ((employee.start_date && date < employee.start_date) || (employee.resign_date && date >= employee.resign_date)) {
    throw new DomainError(400, OVERTIME_MESSAGES.notWorking, { date: OVERTIME_MESSAGES.notWorking });
  }
}

/**
 * 409 when the window shares a minute with one of the employee's pending or approved windows: on
 * its date, or one of the day before running past midnight, or of the day after when it does.
 */
function requireNoOverlap(tx: Db, employeeId: number, input: { date: string; start: string; end: string }) {
  const near = tx
    .select()
    .from(overtimeRequests)
    .where(
      and(
        eq(overtimeRequests.employeeId, employeeId),
        between(overtimeRequests.workDate, addDays(input.date, -1), addDays(input.date, 1)),
        inArray(overtimeRequests.status, ["pending", "approved"]),
      ),
    )
    .all();
  const day = dayNumber(input.date) ?? 0;
  const clash = near.find((r) => windowsOverlap(input, { start: r.startTime, end: r.endTime }, (dayNumber(r.workDate) ?? 0) - day));
  if (clash) {
    const what = `ซ้อนกับคำขอวันที่ ${formatThaiDate(clash.workDate)} เวลา ${windowText(clash.startTime, clash.endTime)} (${OVERTIME_STATUS_LABELS[clash.status]})`;
    throw new DomainError(409, OVERTIME_MESSAGES.overlap, { start: what });
  }
}

function insertRequest(tx: Db, values: typeof overtimeRequests.$inferInsert) {
  return tx.insert(overtimeRequests).values(values).returning().get();
}

/** An employee asks for overtime: pending until an admin decides. */
export function requestOvertime(employeeId: number, input: OvertimeRequest, now: Date = new Date()): OvertimeDto {
  requireDateInReach(employeeId, input.date, EMPLOYEE_DAYS_BACK, now);
  const row = immediate((tx) => {
    requireNoOverlap(tx, employeeId, input);
    const created = insertRequest(tx, {
      employeeId,
      workDate: input.date,
      startTime: input.start,
      endTime: input.end,
      reason: input.reason,
      status: "pending",
      source: "employee",
      createdAt: now,
      updatedAt: now,
    });
    recordAudit({ actor: { type: "employee", id: employeeId }, action: "create", entity: "overtime_request", entityId: created.id, changes: requestFields(created) });
    return created;
  });
  return overtimeDto(row);
}

/** An admin records overtime for an employee: approved at once, the ledger day recomputed. */
export function recordOvertime(input: AdminOvertime, actor: Actor, now: Date = new Date()): OvertimeDto {
  requireDateInReach(input.employee_id, input.date, ADMIN_DAYS_BACK, now);
  const adminId = actor.type === "admin" ? (actor.id ?? null) : null;
  const row = immediate((tx) => {
    requireNoOverlap(tx, input.employee_id, input);
    const created = insertRequest(tx, {
      employeeId: input.employee_id,
      workDate: input.date,
      startTime: input.start,
      endTime: input.end,
      reason: input.reason,
      status: "approved",
      source: "admin",
      createdBy: adminId,
      decidedBy: adminId,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    recordAudit({ actor, action: "create", entity: "overtime_request", entityId: created.id, changes: requestFields(created) });
    recomputeDay(tx, created.employeeId, created.workDate, now);
    return created;
  });
  return overtimeDto(row);
}

/** Moves a request to `to` (the caller checked the move), audit-logged; the ledger follows an approved window that comes or goes. */
function transition(tx: Db, row: Row, to: OvertimeStatus, set: Partial<typeof overtimeRequests.$inferInsert>, log: { actor: Actor; action: string; note: string }, now: Date) {
  const updated = tx
    .update(overtimeRequests)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(overtimeRequests.id, row.id), eq(overtimeRequests.status, row.status)))
    .returning()
    .get();
  if (!updated) throw new DomainError(409, OVERTIME_MESSAGES.transition(row.status));
  recordAudit({
    actor: log.actor,
    action: log.action,
    entity: "overtime_request",
    entityId: row.id,
    changes: { status: { from: row.status, to }, note: log.note || null },
  });
  if (row.status === "approved" || to === "approved") recomputeDay(tx, row.employeeId, row.workDate, now);
  return updated;
}

/**
 * An admin's decision on a pending request (409 once it is not pending). A rejection needs a note
 * (400 on `note`, before the request is looked at); an approval recomputes the ledger day.
 */
export function decideOvertime(id: number, input: OvertimeDecision, actor: Actor, now: Date = new Date()): OvertimeDto {
  if (rejectNoteMissing(input.decision === "reject", input.note)) {
    throw new DomainError(400, "ข้อมูลการพิจารณาไม่ถูกต้อง", { note: REJECT_NOTE_REQUIRED });
  }
  const row = immediate((tx) => {
    const before = requireRequest(tx, id);
    if (before.status !== "pending") throw new DomainError(409, OVERTIME_MESSAGES.transition(before.status));
    const to = input.decision === "approve" ? "approved" : "rejected";
    const decidedBy = actor.type === "admin" ? (actor.id ?? null) : null;
    return transition(tx, before, to, { decidedBy, decidedAt: now, decisionNote: input.note || null }, { actor, action: input.decision, note: input.note }, now);
  });
  return overtimeDto(row);
}

/** Whether the approved window has begun at `now`. */
const windowStarted = (row: Row, now: Date) => zonedTime(row.workDate, row.startTime, appTimeZoneFromEnv()).getTime() <= now.getTime();

/**
 * The employee cancels their own request: a pending one, or an approved one whose window has not
 * begun (plans change; once it has begun, the admin decides). Another's request is a 404.
 */
export function cancelOwnOvertime(employeeId: number, id: number, now: Date = new Date()): OvertimeDto {
  const row = immediate((tx) => {
    const before = requireRequest(tx, id);
    if (before.employeeId !== employeeId) throw new DomainError(404, OVERTIME_MESSAGES.notFound);
    if (before.status !== "pending" && before.status !== "approved") throw new DomainError(409, OVERTIME_MESSAGES.transition(before.status));
    if (before.status === "approved" && windowStarted(before, now)) throw new DomainError(409, OVERTIME_MESSAGES.started);
    return transition(tx, before, "cancelled", {}, { actor: { type: "employee", id: employeeId }, action: "cancel", note: "" }, now);
  });
  return overtimeDto(row);
}

/** An admin cancels a pending or approved request (one recorded by mistake, plans that changed). */
export function cancelOvertime(id: number, note: string, actor: Actor, now: Date = new Date()): OvertimeDto {
  const row = immediate((tx) => {
    const before = requireRequest(tx, id);
    if (before.status !== "pending" && before.status !== "approved") throw new DomainError(409, OVERTIME_MESSAGES.transition(before.status));
    return transition(tx, before, "cancelled", { decisionNote: note || before.decisionNote }, { actor, action: "cancel", note }, now);
  });
  return overtimeDto(row);
}

export type OvertimeListItem = OvertimeDto & { employee: { id: number; code: string; full_name: string } };

/** A month's requests for admins (by status, by employee), in date and time order, with who asked. */
export function listOvertime(query: OvertimeListQuery): OvertimeListItem[] {
  const [first, last] = monthRange(query.month);
  const conditions: SQL[] = [between(overtimeRequests.workDate, first, last)];
  if (query.status) conditions.push(eq(overtimeRequests.status, query.status));
  if (query.employee_id !== undefined) conditions.push(eq(overtimeRequests.employeeId, query.employee_id));
  const rows = db()
    .select({ o: overtimeRequests, e: employees })
    .from(overtimeRequests)
    .innerJoin(employees, eq(employees.id, overtimeRequests.employeeId))
    .where(and(...conditions))
    .orderBy(asc(overtimeRequests.workDate), asc(overtimeRequests.startTime), asc(overtimeRequests.id))
    .all();
  const dtos = toDtos(rows.map((r) => r.o));
  return rows.map(({ e }, i) => ({ ...dtos[i], employee: { id: e.id, code: e.code, full_name: rowFullName(e) } }));
}

/** How many of the employee's requests the LIFF list shows. */
export const OWN_LIST_LIMIT = 60;

/** The employee's own requests, the latest work date first. */
export function listOwnOvertime(employeeId: number): OvertimeDto[] {
  const rows = db()
    .select()
    .from(overtimeRequests)
    .where(eq(overtimeRequests.employeeId, employeeId))
    .orderBy(desc(overtimeRequests.workDate), desc(overtimeRequests.startTime), desc(overtimeRequests.id))
    .limit(OWN_LIST_LIMIT)
    .all();
  return toDtos(rows);
}

/** How many requests wait for a decision. */
export const pendingOvertimeCount = () =>
  db().select({ n: count() }).from(overtimeRequests).where(eq(overtimeRequests.status, "pending")).get()?.n ?? 0;
