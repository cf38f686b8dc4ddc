import { desc, eq, inArray } from "drizzle-orm";
import { employees, employeeSchedules, schedules } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recomputeLedger } from "~/models/attendance/ledger.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { DEFAULT_SCHEDULE_ID } from "./schedule-rules.server";
import type { EmployeeScheduleHistory, ScheduleAssignInput, ScheduleAssignment, ScheduleBulkAssignInput } from "./schedule-schema";
import { requireScheduleRow } from "./schedules.server";

// Which schedule an employee works under, from a date on. An assignment is a row per employee and
// date (the same date again replaces it); the rows before it stay, so a past day keeps the
// schedule it had. Each write recomputes the employee's ledger rows from its date to today in
// its own transaction.

const EMPLOYEE_NOT_FOUND = "ไม่พบพนักงาน";

function employeeStart(d: Db, employeeId: number): { startDate: string | null } {
  const row = d.select({ startDate: employees.startDate }).from(employees).where(eq(employees.id, employeeId)).get();
  if (!row) throw new DomainError(404, EMPLOYEE_NOT_FOUND);
  return row;
}

function defaultName(d: Db): string {
  return d.select({ name: schedules.name }).from(schedules).where(eq(schedules.id, DEFAULT_SCHEDULE_ID)).get()?.name ?? "";
}

/**
 * An employee's schedules, newest first, and the one in force today. Before their first
 * assignment (or without any) they work under the default schedule, shown from their start date.
 */
export function employeeSchedule(employeeId: number, now: Date = new Date(), d: Db = db()): EmployeeScheduleHistory {
  const { startDate } = employeeStart(d, employeeId);
  const history: ScheduleAssignment[] = d
    .select({ schedule_id: employeeSchedules.scheduleId, name: schedules.name, from: employeeSchedules.effectiveFrom })
    .from(employeeSchedules)
    .innerJoin(schedules, eq(schedules.id, employeeSchedules.scheduleId))
    .where(eq(employeeSchedules.employeeId, employeeId))
    .orderBy(desc(employeeSchedules.effectiveFrom))
    .all();
  const earliest = history.length > 0 ? history[history.length - 1].from : null;
  if (earliest === null || earliest > (startDate ?? "")) {
    history.push({ schedule_id: DEFAULT_SCHEDULE_ID, name: defaultName(d), from: startDate });
  }
  const today = workDate(now);
  const current = history.find((h) => h.from === null || h.from <= today) ?? history[history.length - 1];
  return { current, history };
}

function upsertAssignment(tx: Db, employeeId: number, scheduleId: number, from: string, actor: Actor) {
  const createdBy = actor.type === "admin" ? (actor.id ?? null) : null;
  tx.insert(employeeSchedules)
    .values({ employeeId, effectiveFrom: from, scheduleId, createdBy })
    .onConflictDoUpdate({
      target: [employeeSchedules.employeeId, employeeSchedules.effectiveFrom],
      set: { scheduleId, createdBy, createdAt: new Date() },
    })
    .run();
}

/** The name of the schedule an employee worked under on `from` before this write. */
function scheduleNameOn(tx: Db, employeeId: number, from: string): string {
  const entry = employeeSchedule(employeeId, new Date(), tx).history.find((h) => h.from === null || h.from <= from);
  return entry?.name ?? defaultName(tx);
}

function auditAssignment(tx: Db, employeeId: number, before: string, after: string, from: string, actor: Actor) {
  recordAudit({ actor, action: "schedule", entity: "employee", entityId: employeeId, changes: { schedule: { from: before, to: after }, effective_from: from } });
}

/** `PUT /api/employee/:id/schedule`: the employee works under the schedule from `from` on. */
export function assignSchedule(
  employeeId: number,
  input: ScheduleAssignInput,
  actor: Actor,
  now: Date = new Date(),
): { schedule: ScheduleAssignment; history: ScheduleAssignment[] } {
  immediate((tx) => {
    employeeStart(tx, employeeId);
    const schedule = requireScheduleRow(tx, input.schedule_id);
    const before = scheduleNameOn(tx, employeeId, input.from);
    upsertAssignment(tx, employeeId, schedule.id, input.from, actor);
    recomputeLedger(tx, { from: input.from, to: workDate(now) }, { employeeIds: [employeeId] }, now);
    auditAssignment(tx, employeeId, before, schedule.name, input.from, actor);
  });
  const { current, history } = employeeSchedule(employeeId, now);
  return { schedule: current, history };
}

/** Several employees under one schedule from `from` on, in one transaction; any unknown employee refuses all. */
export function assignScheduleToEmployees(scheduleId: number, input: ScheduleBulkAssignInput, actor: Actor, now: Date = new Date()) {
  const ids = [...new Set(input.employee_ids)];
  immediate((tx) => {
    const schedule = requireScheduleRow(tx, scheduleId);
    const found = new Set(tx.select({ id: employees.id }).from(employees).where(inArray(employees.id, ids)).all().map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const message = `ไม่พบพนักงานรหัส ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? " …" : ""}`;
      throw new DomainError(404, message, { employee_ids: message });
    }
    for (const employeeId of ids) {
      const before = scheduleNameOn(tx, employeeId, input.from);
      upsertAssignment(tx, employeeId, schedule.id, input.from, actor);
      auditAssignment(tx, employeeId, before, schedule.name, input.from, actor);
    }
    recomputeLedger(tx, { from: input.from, to: workDate(now) }, { employeeIds: ids }, now);
  });
  return { assigned: ids.length };
}
