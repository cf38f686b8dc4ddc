import { and, desc, eq } from "drizzle-orm";
import { attendanceDays, auditLog, employeeSchedules, ledgerDates, schedules, scheduleVersions, settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { updateSettings } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { bkk } from "~/models/flows/reminders.test-helpers";
import { assignSchedule, assignScheduleToEmployees, employeeSchedule } from "./assignments.server";
import { ScheduleCreateSchema } from "./schedule-schema";
import { createSchedule, updateSchedule } from "./schedules.server";

// Wednesday 25 Nov 2026, 10:00 in Bangkok.
const TODAY = "2026-11-25";
const now = bkk(TODAY, "10:00");
const system = { type: "system" as const };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };

let n = 0;
const newEmployee = (start_date: string | null = "2026-01-05") =>
  createEmployee(EmployeeCreateSchema.parse({ code: `AS${++n}`, title: 1, first_name: "สมหญิง", last_name: "กะงาน", start_date }), system);

const night = () =>
  createSchedule(ScheduleCreateSchema.parse({ name: `กะดึก${++n}`, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "22:00", end: "06:00" })) }), system, now);

function refused(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

const scheduleOfRow = (employeeId: number, date: string) =>
  db()
    .select({ scheduleId: attendanceDays.scheduleId })
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date)))
    .get()?.scheduleId;

afterEach(() => {
  for (const table of [attendanceDays, ledgerDates, employeeSchedules, scheduleVersions, settings]) db().delete(table).run();
  db().delete(schedules).where(eq(schedules.isDefault, 0)).run();
});

describe("an employee's schedule history", () => {
  test("without an assignment: the default from the start date (null without one)", () => {
    const e = newEmployee();
    const entry = { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-01-05" };
    expect(employeeSchedule(e.id, now)).toEqual({ current: entry, history: [entry] });
    expect(employeeSchedule(newEmployee(null).id, now).current.from).toBeNull();
    expect(refused(() => employeeSchedule(999_999, now)).status).toBe(404);
  });

  test("assignments newest first; one ahead is not current yet; the same date again replaces it", () => {
    const e = newEmployee();
    const s = night();
    const first = assignSchedule(e.id, { schedule_id: s.id, from: "2026-11-02" }, system, now);
    expect(first.schedule).toEqual({ schedule_id: s.id, name: s.name, from: "2026-11-02" });
    const ahead = assignSchedule(e.id, { schedule_id: 1, from: "2026-12-01" }, system, now);
    expect(ahead.schedule.from).toBe("2026-11-02");
    expect(ahead.history).toEqual([
      { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-12-01" },
      { schedule_id: s.id, name: s.name, from: "2026-11-02" },
      { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-01-05" },
    ]);
    const replaced = assignSchedule(e.id, { schedule_id: s.id, from: "2026-12-01" }, system, now);
    expect(replaced.history.map((h) => h.schedule_id)).toEqual([s.id, s.id, 1]);
  });

  test("an assignment from the start date on leaves no default before it", () => {
    const e = newEmployee();
    const s = night();
    expect(assignSchedule(e.id, { schedule_id: s.id, from: "2026-01-05" }, system, now).history).toEqual([{ schedule_id: s.id, name: s.name, from: "2026-01-05" }]);
  });

  test("an unknown employee or schedule is a 404, nothing written", () => {
    const e = newEmployee();
    expect(refused(() => assignSchedule(999_999, { schedule_id: 1, from: TODAY }, system, now)).status).toBe(404);
    expect(refused(() => assignSchedule(e.id, { schedule_id: 999, from: TODAY }, system, now)).status).toBe(404);
    expect(db().select().from(employeeSchedules).all()).toEqual([]);
  });

  test("audit-logged on the employee: from which schedule to which, from when", () => {
    const e = newEmployee();
    const s = night();
    assignSchedule(e.id, { schedule_id: s.id, from: "2026-11-02" }, system, now);
    const entry = db().select().from(auditLog).where(eq(auditLog.entityId, String(e.id))).orderBy(desc(auditLog.id)).get();
    expect(entry).toMatchObject({ entity: "employee", action: "schedule" });
    expect(entry?.changes).toEqual({ schedule: { from: "เวลาทำงานปกติ", to: s.name }, effective_from: "2026-11-02" });
  });
});

describe("the day ledger follows, in the same write", () => {
  beforeEach(() => updateSettings({ offices: [HQ], attendance_start: "2026-11-01" }, system, now));

  test("an assignment recomputes the rows from its date to today; the days before keep the schedule they had", () => {
    const e = newEmployee();
    const s = night();
    ensureLedger("2026-11-16", TODAY, now);
    expect(scheduleOfRow(e.id, "2026-11-23")).toBe(1);
    assignSchedule(e.id, { schedule_id: s.id, from: "2026-11-23" }, system, now);
    expect(scheduleOfRow(e.id, "2026-11-20")).toBe(1);
    expect(scheduleOfRow(e.id, "2026-11-23")).toBe(s.id);
    expect(scheduleOfRow(e.id, TODAY)).toBe(s.id);
  });

  test("a bulk assignment does the same for everyone listed, and refuses all for one unknown id", () => {
    const [a, b, c] = [newEmployee(), newEmployee(), newEmployee()];
    const s = night();
    ensureLedger("2026-11-16", TODAY, now);
    expect(assignScheduleToEmployees(s.id, { employee_ids: [a.id, b.id, a.id], from: "2026-11-24" }, system, now)).toEqual({ assigned: 2 });
    expect([a, b, c].map((e) => scheduleOfRow(e.id, "2026-11-24"))).toEqual([s.id, s.id, 1]);
    expect([a, b].map((e) => scheduleOfRow(e.id, "2026-11-23"))).toEqual([1, 1]);

    const error = refused(() => assignScheduleToEmployees(s.id, { employee_ids: [c.id, 999_999], from: "2026-11-24" }, system, now));
    expect(error.status).toBe(404);
    expect(error.fields?.employee_ids).toContain("999999");
    expect(employeeSchedule(c.id, now).current.schedule_id).toBe(1);
    expect(refused(() => assignScheduleToEmployees(999, { employee_ids: [c.id], from: "2026-11-24" }, system, now)).status).toBe(404);
  });

  test("an edit of a schedule recomputes its employees' rows from its date (the schedule's new hours apply)", () => {
    const e = newEmployee();
    const other = newEmployee();
    const s = night();
    assignSchedule(e.id, { schedule_id: s.id, from: "2026-11-02" }, system, now);
    ensureLedger("2026-11-16", TODAY, now);
    const scheduled = (id: number, date: string) =>
      db()
        .select({ minutes: attendanceDays.scheduledMinutes })
        .from(attendanceDays)
        .where(and(eq(attendanceDays.employeeId, id), eq(attendanceDays.workDate, date)))
        .get()?.minutes;
    expect(scheduled(e.id, "2026-11-24")).toBe(480);
    updateSchedule(s.id, { days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "22:00", end: "04:00" })), from: "2026-11-24" }, system, now);
    expect(scheduled(e.id, "2026-11-23")).toBe(480);
    expect(scheduled(e.id, "2026-11-24")).toBe(360);
    expect(scheduled(other.id, "2026-11-24")).toBe(480);
  });
});
