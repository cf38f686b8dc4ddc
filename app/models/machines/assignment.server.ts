// Who looks after which cabinet: many-to-many, history kept (ended rows), one open row per pair.
import { and, eq, isNull } from "drizzle-orm";
import { employees, machineAssignments, machines } from "../../../db/schema";
import { immediate, sqliteCode, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireMachine, type MachineDto } from "./machine.server";

export const ASSIGNMENT_MESSAGES = {
  machineNotFound: "ไม่พบตู้",
  employeeNotFound: "ไม่พบพนักงาน",
  inactiveMachine: "ตู้นี้ถูกปิดใช้งานอยู่ เปิดใช้งานก่อนจึงจะมอบหมายผู้ดูแลได้",
  resigned: "พนักงานคนนี้ลาออกแล้ว (หรือมีกำหนดลาออก) จึงมอบหมายให้ดูแลตู้ไม่ได้",
  alreadyMapped: "พนักงานคนนี้ดูแลตู้นี้อยู่แล้ว",
  notMapped: "พนักงานคนนี้ไม่ได้ดูแลตู้นี้",
} as const;

const adminIdOf = (actor: Actor) => (actor.type === "admin" ? (actor.id ?? null) : null);

function lockedPair(tx: Db, machineId: number, employeeId: number) {
  const machine = tx.select({ id: machines.id, active: machines.active }).from(machines).where(eq(machines.id, machineId)).get();
  if (!machine) throw new DomainError(404, ASSIGNMENT_MESSAGES.machineNotFound, { machine_id: ASSIGNMENT_MESSAGES.machineNotFound });
  const employee = tx
    .select({ id: employees.id, resignDate: employees.resignDate })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .get();
  if (!employee) throw new DomainError(404, ASSIGNMENT_MESSAGES.employeeNotFound, { employee_id: ASSIGNMENT_MESSAGES.employeeNotFound });
  return { machine, employee };
}

const openRow = (tx: Db, machineId: number, employeeId: number) =>
  tx
    .select({ id: machineAssignments.id })
    .from(machineAssignments)
    .where(and(eq(machineAssignments.machineId, machineId), eq(machineAssignments.employeeId, employeeId), isNull(machineAssignments.endedAt)))
    .get();

/**
 * Assigns an employee to a machine: 404 unknown machine or employee, 409 an inactive machine, an
 * employee who resigned (or whose resignation is recorded: resigning ends assignments), or a pair
 * already open. The partial unique index on open pairs is the last word.
 */
export function mapMachine(input: { machine_id: number; employee_id: number }, actor: Actor): MachineDto {
  try {
    immediate((tx) => {
      const { machine, employee } = lockedPair(tx, input.machine_id, input.employee_id);
      if (!machine.active) throw new DomainError(409, ASSIGNMENT_MESSAGES.inactiveMachine);
      if (employee.resignDate != null) throw new DomainError(409, ASSIGNMENT_MESSAGES.resigned);
      if (openRow(tx, machine.id, employee.id)) throw new DomainError(409, ASSIGNMENT_MESSAGES.alreadyMapped);
      tx.insert(machineAssignments).values({ machineId: machine.id, employeeId: employee.id, assignedBy: adminIdOf(actor) }).run();
      recordAudit({ actor, action: "map", entity: "machine", entityId: machine.id, changes: { employee_id: employee.id } });
    });
  } catch (error) {
    if (sqliteCode(error) === "SQLITE_CONSTRAINT_UNIQUE") throw new DomainError(409, ASSIGNMENT_MESSAGES.alreadyMapped);
    throw error;
  }
  return requireMachine(input.machine_id);
}

/** Ends an open assignment (the row stays as history): 404 unknown machine/employee or not assigned. */
export function unmapMachine(input: { machine_id: number; employee_id: number }, actor: Actor): MachineDto {
  immediate((tx) => {
    const { machine, employee } = lockedPair(tx, input.machine_id, input.employee_id);
    const open = openRow(tx, machine.id, employee.id);
    if (!open) throw new DomainError(404, ASSIGNMENT_MESSAGES.notMapped);
    tx.update(machineAssignments)
      .set({ endedAt: new Date(), endedBy: adminIdOf(actor), endReason: "unmapped" })
      .where(eq(machineAssignments.id, open.id))
      .run();
    recordAudit({ actor, action: "unmap", entity: "machine", entityId: machine.id, changes: { employee_id: employee.id } });
  });
  return requireMachine(input.machine_id);
}

/**
 * Ends every open assignment of an employee whose resignation is being recorded. Call it inside
 * the resignation's transaction. Reinstating does not bring them back. Returns the machine ids.
 */
export function endAssignmentsOnResign(tx: Db, employeeId: number, actor: Actor): number[] {
  const ended = tx
    .update(machineAssignments)
    .set({ endedAt: new Date(), endedBy: adminIdOf(actor), endReason: "resigned" })
    .where(and(eq(machineAssignments.employeeId, employeeId), isNull(machineAssignments.endedAt)))
    .returning({ machineId: machineAssignments.machineId })
    .all();
  for (const { machineId } of ended) {
    recordAudit({ actor, action: "unmap", entity: "machine", entityId: machineId, changes: { employee_id: employeeId, reason: "resigned" } });
  }
  return ended.map((r) => r.machineId);
}
