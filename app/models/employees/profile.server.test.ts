import { attendance, attendanceDays, ledgerDates, leavePetitions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { recordAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "./schema";
import { createEmployee, resignEmployee, updateEmployee } from "./employee.server";
import { employeeProfile } from "./profile.server";
import { monthlySheet } from "~/models/attendance/monthly.server";
import { createPetition } from "~/models/leave/leave.server";
import { PetitionSchema } from "~/models/leave/schema";
import { mapMachine } from "~/models/machines/assignment.server";
import { MachineCreateSchema } from "~/models/machines/schema";
import { createMachine } from "~/models/machines/machine.server";
import { setSetting } from "~/models/core/settings.server";

const system = { type: "system" as const };
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("2026-11-25", "20:00");

let serial = 0;
const make = (overrides: Record<string, unknown> = {}) =>
  createEmployee(EmployeeCreateSchema.parse({ code: `P${String(++serial).padStart(3, "0")}`, title: 2, first_name: "มาลี", last_name: "โปรไฟล์", ...overrides }), system);

beforeAll(() => {
  setSetting("work_days", [1, 2, 3, 4, 5]);
  setSetting("attendance_start", "2020-01-01");
});

// Each test writes its records directly, as of before its first read: the ledger is filled afresh.
beforeEach(() => {
  db().delete(attendanceDays).run();
  db().delete(ledgerDates).run();
});

const approved = (employeeId: number, date: string, half: "morning" | "afternoon") =>
  db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, startDate: date, endDate: date, half, days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
    .run();

test("an unknown employee is a Thai 404", () => {
  let error: unknown;
  try {
    employeeProfile(999_999, NOW);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ status: 404, message: "ไม่พบพนักงาน" });
});

test("every section: details, this month by day with times, leave, cabinets, history", async () => {
  const e = make({ start_date: "2020-01-01" });
  updateEmployee(e.id, { nickname: "ลี" }, { type: "system" });
  db().insert(attendance).values({ employeeId: e.id, workDate: "2026-11-03", checkinAt: at("2026-11-03", "08:42"), checkoutAt: at("2026-11-03", "17:31"), lateMinutes: 12 }).run();
  await createPetition(e.id, PetitionSchema.parse({ type: 1, start_date: "2026-11-26", end_date: "2026-11-26", reason: "ธุระ" }), null, { type: "employee", id: e.id });
  const machine = await createMachine(MachineCreateSchema.parse({ code: "PF-1", name: "ตู้หน้าโรงงาน", type: 1 }), null, system);
  mapMachine({ machine_id: machine.id, employee_id: e.id }, system);

  const profile = employeeProfile(e.id, NOW);
  expect(profile.employee).toMatchObject({ id: e.id, full_name: "นางมาลี โปรไฟล์", nickname: "ลี", working: true });
  expect(profile.face).toEqual({ registered_at: null, consent_at: null, confirmed_at: null });

  expect(profile.month.month).toBe("2026-11");
  expect(profile.month.days).toHaveLength(30);
  const third = profile.month.days.find((d) => d.date === "2026-11-03");
  expect(third).toMatchObject({ weekday: 2, kind: "work", code: "ส", late_minutes: 12, checkin_at: at("2026-11-03", "08:42").toISOString() });
  expect(profile.month.days.find((d) => d.date === "2026-11-04")).toMatchObject({ code: "ข", checkin_at: null });
  expect(profile.month.days.find((d) => d.date === "2026-11-27")?.code).toBe("");
  expect(profile.month.totals).toMatchObject({ late: 1, late_minutes: 12, present: 1 });

  expect(profile.leave.year).toBe(2026);
  expect(profile.leave.items).toEqual([expect.objectContaining({ start_date: "2026-11-26", status: 1 })]);
  expect(profile.leave.balances.find((b) => b.type === 1)).toMatchObject({ pending: 1 });

  expect(profile.machines).toEqual([expect.objectContaining({ id: machine.id, code: "PF-1", last_visit: null })]);

  expect(profile.audit.items.map((a) => [a.entity, a.action])).toEqual([
    ["leave_petition", "create"],
    ["employee", "update"],
    ["employee", "create"],
  ]);
  expect(profile.audit.total).toBe(3);
});

test("a resigned employee still has a profile; the month is blank once they have left", () => {
  const e = make({ start_date: "2020-01-01" });
  resignEmployee(e.id, "2026-10-15", system);
  recordAudit({ actor: system, action: "purge_selfies", entity: "attendance" });
  const profile = employeeProfile(e.id, NOW);
  expect(profile.employee).toMatchObject({ working: false, resign_date: "2026-10-15" });
  expect(profile.month.totals).toBeNull();
  expect(profile.month.days.every((d) => d.code === "")).toBe(true);
  expect(profile.machines).toEqual([]);
  expect(profile.audit.items.map((a) => a.action)).toEqual(["resign", "create"]);
});

test("the month's minutes are the ledger's: half-day leave moves the start and end, a half day not come is half absent", () => {
  const e = make({ start_date: "2020-01-01" });
  // Monday 2 Nov: morning leave, in at 12:55 (an old check-in stored 265 late minutes).
  approved(e.id, "2026-11-02", "morning");
  db().insert(attendance).values({ employeeId: e.id, workDate: "2026-11-02", checkinAt: at("2026-11-02", "12:55"), checkoutAt: at("2026-11-02", "17:30"), lateMinutes: 265 }).run();
  // Tuesday 3 Nov: afternoon leave, out at 12:55 (stored 274 early minutes).
  approved(e.id, "2026-11-03", "afternoon");
  db().insert(attendance).values({ employeeId: e.id, workDate: "2026-11-03", checkinAt: at("2026-11-03", "08:30"), checkoutAt: at("2026-11-03", "12:55"), earlyMinutes: 274 }).run();
  // Wednesday 4 Nov: morning leave, never came.
  approved(e.id, "2026-11-04", "morning");

  const days = new Map(employeeProfile(e.id, NOW).month.days.map((d) => [d.date, d]));
  expect(days.get("2026-11-02")).toMatchObject({ code: "ม", late_minutes: 0, early_minutes: 0, checkin_at: at("2026-11-02", "12:55").toISOString() });
  expect(days.get("2026-11-03")).toMatchObject({ code: "ม", late_minutes: 0, early_minutes: 0 });
  // The code is the monthly sheet's: half a day's leave and half a day's absence, not "ล".
  const sheetCode = monthlySheet("2026-11", { now: NOW, employeeId: e.id }).items[0].days["2026-11-04"];
  expect(days.get("2026-11-04")).toMatchObject({ code: sheetCode, late_minutes: 0 });
  expect(sheetCode).not.toBe("ล");
});

test("an employee added with a 2024 start date is not absent before the office started counting; a record before it counts no minutes", () => {
  setSetting("attendance_start", "2026-11-16");
  try {
    const e = make({ start_date: "2024-01-01" });
    db().insert(attendance).values({ employeeId: e.id, workDate: "2026-11-10", checkinAt: at("2026-11-10", "09:00"), checkoutAt: at("2026-11-10", "17:30"), lateMinutes: 30 }).run();
    const profile = employeeProfile(e.id, NOW);
    const days = new Map(profile.month.days.map((d) => [d.date, d]));
    expect(days.get("2026-11-10")).toMatchObject({ code: "", late_minutes: 0, checkin_at: at("2026-11-10", "09:00").toISOString() });
    expect(days.get("2026-11-13")?.code).toBe("");
    expect(days.get("2026-11-16")?.code).toBe("ข");
    expect(profile.month.totals).toMatchObject({ absent: 8, late: 0, late_minutes: 0 }); // 16–25 Nov: 8 working days
  } finally {
    setSetting("attendance_start", "2020-01-01");
  }
});
