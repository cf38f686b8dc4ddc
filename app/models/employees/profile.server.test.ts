import { attendance } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "./schema";
import { createEmployee, resignEmployee, updateEmployee } from "./employee.server";
import { employeeProfile } from "./profile.server";
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

beforeAll(() => setSetting("work_days", [1, 2, 3, 4, 5]));

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
