// Shared set-up for the reminder and scheduler tests (not a test file itself).
import { eq } from "drizzle-orm";
import {
  attendance,
  employees,
  employeeSchedules,
  holidays,
  leavePetitions,
  lineGroups,
  machineAssignments,
  machines,
  machineVisits,
  schedules,
  scheduleVersions,
  type ScheduleDay,
} from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus, MachineType } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";

/** An instant at `time` (HH:mm) on `date` in Bangkok (UTC+7). */
export const bkk = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);

let serial = 0;

export type Person = { id: number; code: string; lineUserId: string | null };

/** An employee, linked to LINE unless `linked: false`, resigned before `resignedBefore` when given. */
export function person(options: { linked?: boolean; resignedBefore?: string } = {}): Person {
  const e = newEmployee();
  serial += 1;
  const lineUserId = options.linked === false ? null : `Urem${String(serial).padStart(29, "0")}`;
  db()
    .update(employees)
    .set({ lineUserId, resignDate: options.resignedBefore ? addDays(options.resignedBefore, -1) : null })
    .where(eq(employees.id, e.id))
    .run();
  return { id: e.id, code: e.code, lineUserId };
}

export function checkIn(employeeId: number, date: string, time: string) {
  db().insert(attendance).values({ employeeId, workDate: date, checkinAt: bkk(date, time) }).run();
}

export function checkOut(employeeId: number, date: string, time: string) {
  db().update(attendance).set({ checkoutAt: bkk(date, time) }).where(eq(attendance.employeeId, employeeId)).run();
}

/** A one-day petition (approved unless told), `half` null for the full day. */
export function leave(employeeId: number, date: string, options: { half?: "morning" | "afternoon" | null; status?: number; createdAt?: Date } = {}) {
  return db()
    .insert(leavePetitions)
    .values({
      employeeId,
      type: 1,
      startDate: date,
      endDate: date,
      half: options.half ?? null,
      days: options.half ? 0.5 : 1,
      year: Number(date.slice(0, 4)),
      reason: "ธุระ",
      status: options.status ?? LeaveStatus.approve,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning()
    .get();
}

export function holiday(date: string, name = "วันหยุดบริษัท") {
  db().insert(holidays).values({ date, name, kind: "company", source: "admin" }).run();
}

/** An active cabinet visited every `everyDays` days, last on `lastVisit` (with `status`), assigned to `assignees`. */
export function cabinet(options: { everyDays: number; lastVisit: string; status?: "normal" | "out_of_stock" | "broken"; assignees?: number[]; visitor: number }) {
  serial += 1;
  const m = db()
    .insert(machines)
    .values({ code: `RM${serial}`, name: `ตู้ทดสอบ ${serial}`, type: MachineType.normal, visitEveryDays: options.everyDays, createdAt: bkk("2026-01-01", "09:00") })
    .returning()
    .get();
  const visit = db()
    .insert(machineVisits)
    .values({
      machineId: m.id,
      employeeId: options.visitor,
      visitedAt: bkk(options.lastVisit, "10:00"),
      visitDate: options.lastVisit,
      status: options.status ?? "normal",
    })
    .returning()
    .get();
  db().update(machines).set({ lastVisitId: visit.id }).where(eq(machines.id, m.id)).run();
  for (const employeeId of options.assignees ?? []) db().insert(machineAssignments).values({ machineId: m.id, employeeId }).run();
  return m;
}

export function lineGroup(values: { notifyLeave?: boolean; notifySummary?: boolean; notifyMachine?: boolean; active?: boolean }) {
  serial += 1;
  return db().insert(lineGroups).values({ groupId: `Crem${serial}`, name: `กลุ่ม ${serial}`, ...values }).returning().get();
}

/** A work schedule with its hours from `from` on (weekdays not listed are days off). */
export function workSchedule(days: ScheduleDay[], from = "2020-01-01") {
  serial += 1;
  const { id } = db().insert(schedules).values({ name: `ตารางทดสอบ ${serial}` }).returning().get();
  db().insert(scheduleVersions).values({ scheduleId: id, effectiveFrom: from, days }).run();
  return id;
}

/** Weekdays 1–5 (Monday–Friday) at the same hours. */
export const weekdays = (start: string, end: string): ScheduleDay[] => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

/** Puts the employee on the schedule from `from` (before the ledger fills those dates: set it up first). */
export function assignSchedule(employeeId: number, scheduleId: number, from = "2020-01-01") {
  db().insert(employeeSchedules).values({ employeeId, scheduleId, effectiveFrom: from }).run();
}
