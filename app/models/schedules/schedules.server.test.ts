import { desc, eq } from "drizzle-orm";
import { auditLog, employeeSchedules, schedules, scheduleVersions, settings, workRules } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { registerAttendanceSettingsHooks } from "~/models/attendance/settings-save.server";
import { rulesOn } from "~/models/attendance/work-rules.server";
import { getSettings } from "~/models/core/settings.server";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { bkk } from "~/models/flows/reminders.test-helpers";
import { assignSchedule } from "./assignments.server";
import { scheduleRulesOn } from "./schedule-rules.server";
import { ScheduleCreateSchema, SCHEDULE_MESSAGES, type ScheduleCreateInput } from "./schedule-schema";
import { createSchedule, getSchedule, listSchedules, scheduleChoices, updateSchedule } from "./schedules.server";

// Wednesday 25 Nov 2026, 10:00 in Bangkok.
const TODAY = "2026-11-25";
const now = bkk(TODAY, "10:00");
const NEXT_MONDAY = "2026-11-30";
const admin = { type: "system" as const };

const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:30", end: "17:30", break_start: "12:00", break_end: "13:00" }));
const saturdayHalf: ScheduleCreateInput = ScheduleCreateSchema.parse({
  name: "เสาร์ครึ่งวัน",
  days: [...WEEK, { weekday: 6, start: "08:30", end: "12:00" }],
  late_grace_minutes: 5,
});
const night = ScheduleCreateSchema.parse({ name: "กะดึก", days: [3, 4, 5].map((weekday) => ({ weekday, start: "22:00", end: "06:00" })) });

let n = 0;
const newEmployee = () =>
  createEmployee(EmployeeCreateSchema.parse({ code: `SC${++n}`, title: 1, first_name: "สมชาย", last_name: "ตารางเวลา", start_date: "2026-01-05" }), admin);

const lastAudit = (entity: string) => db().select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id)).get();

function refused(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

beforeAll(() => registerAttendanceSettingsHooks());

afterEach(() => {
  for (const table of [employeeSchedules, scheduleVersions, workRules, settings]) db().delete(table).run();
  db().delete(schedules).where(eq(schedules.isDefault, 0)).run();
  db().update(schedules).set({ name: "เวลาทำงานปกติ" }).run();
});

describe("create and list", () => {
  test("a schedule is stored with a version from the start of time; the list has the default first, from the settings", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    expect(created).toMatchObject({ name: "เสาร์ครึ่งวัน", is_default: false, late_grace_minutes: 5, early_grace_minutes: 0, employee_count: 0, upcoming: [] });
    expect(created.days).toHaveLength(6);
    expect(db().select().from(scheduleVersions).where(eq(scheduleVersions.scheduleId, created.id)).all()).toMatchObject([
      { effectiveFrom: "0001-01-01" },
    ]);
    // Any date it is assigned for reads its hours, even one long ago.
    expect(scheduleRulesOn(created.id, "2020-06-06")).toMatchObject({ work_start: "08:30", work_end: "12:00", work_days: [1, 2, 3, 4, 5, 6] });

    const [standard, second] = listSchedules(now);
    expect(standard).toMatchObject({ id: 1, name: "เวลาทำงานปกติ", is_default: true, late_grace_minutes: 0 });
    expect(standard.days).toEqual(WEEK);
    expect(second.id).toBe(created.id);
    expect(getSchedule(created.id, now)).toEqual(second);
    expect(scheduleChoices(now).map((c) => c.summary)).toEqual(["จ.–ศ. 08:30–17:30", "จ.–ศ. 08:30–17:30, ส. 08:30–12:00"]);
  });

  test("a name in use is a 409 in Thai, the default's name included; an unknown id a 404", () => {
    createSchedule(night, admin, now);
    expect(refused(() => createSchedule({ ...night, days: night.days }, admin, now))).toMatchObject({ status: 409, fields: { name: SCHEDULE_MESSAGES.duplicateName } });
    expect(refused(() => createSchedule({ ...night, name: "เวลาทำงานปกติ" }, admin, now)).status).toBe(409);
    expect(refused(() => getSchedule(999, now)).status).toBe(404);
  });

  test("employee_count counts the working employees under each schedule today", () => {
    const created = createSchedule(night, admin, now);
    const [a, b, c] = [newEmployee(), newEmployee(), newEmployee()];
    assignSchedule(a.id, { schedule_id: created.id, from: "2026-11-01" }, admin, now);
    assignSchedule(b.id, { schedule_id: created.id, from: NEXT_MONDAY }, admin, now);
    resignEmployee(c.id, "2026-11-20", admin);
    const counts = Object.fromEntries(listSchedules(now).map((s) => [s.name, s.employee_count]));
    expect(counts).toEqual({ เวลาทำงานปกติ: 1, กะดึก: 1 });
  });

  test("the create is audit-logged with the days in Thai", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    const entry = lastAudit("schedule");
    expect(entry).toMatchObject({ action: "create", entityId: String(created.id), actorType: "system" });
    expect(entry?.changes).toMatchObject({ name: "เสาร์ครึ่งวัน", days: "จ.–ศ. 08:30–17:30, ส. 08:30–12:00", late_grace_minutes: 5 });
  });
});

describe("edit a custom schedule", () => {
  test("a change from next Monday leaves this week's hours; the list shows it as upcoming", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    const changed = updateSchedule(created.id, { days: [{ weekday: 1, start: "09:00", end: "18:00" }], from: NEXT_MONDAY }, admin, now);
    expect(changed.days).toHaveLength(6);
    expect(changed.upcoming).toEqual([{ from: NEXT_MONDAY, days: [{ weekday: 1, start: "09:00", end: "18:00" }], late_grace_minutes: 5, early_grace_minutes: 0 }]);
    expect(scheduleRulesOn(created.id, "2026-11-23")).toMatchObject({ work_start: "08:30", late_grace_minutes: 5 });
    expect(scheduleRulesOn(created.id, NEXT_MONDAY)).toMatchObject({ work_start: "09:00", work_end: "18:00", work_days: [1] });
    // Saturday after the change is a day off under the new version.
    expect(scheduleRulesOn(created.id, "2026-12-05").work_days).toEqual([1]);
  });

  test("without from it applies from today; only the fields given change; the same date again replaces that version", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    updateSchedule(created.id, { early_grace_minutes: 10 }, admin, now);
    expect(getSchedule(created.id, now)).toMatchObject({ early_grace_minutes: 10, late_grace_minutes: 5 });
    expect(scheduleRulesOn(created.id, "2026-11-24").early_grace_minutes).toBe(0);
    updateSchedule(created.id, { early_grace_minutes: 15, from: TODAY }, admin, now);
    expect(db().select().from(scheduleVersions).where(eq(scheduleVersions.scheduleId, created.id)).all()).toHaveLength(2);
    expect(getSchedule(created.id, now).early_grace_minutes).toBe(15);
  });

  test("a form sending the hours in force again adds no version and no audit line for them", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    updateSchedule(created.id, { name: "เสาร์ครึ่งวัน", days: saturdayHalf.days, late_grace_minutes: 5, early_grace_minutes: 0, from: NEXT_MONDAY }, admin, now);
    expect(db().select().from(scheduleVersions).where(eq(scheduleVersions.scheduleId, created.id)).all()).toHaveLength(1);
    expect(lastAudit("schedule")?.action).toBe("create");
  });

  test("a rename alone adds no version; a name in use is a 409; nothing to change is a 400", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    createSchedule(night, admin, now);
    expect(updateSchedule(created.id, { name: "หกวัน" }, admin, now).name).toBe("หกวัน");
    expect(db().select().from(scheduleVersions).where(eq(scheduleVersions.scheduleId, created.id)).all()).toHaveLength(1);
    expect(refused(() => updateSchedule(created.id, { name: "กะดึก" }, admin, now)).status).toBe(409);
    expect(refused(() => updateSchedule(created.id, { from: TODAY }, admin, now)).status).toBe(400);
    expect(refused(() => updateSchedule(999, { name: "ไม่มี" }, admin, now)).status).toBe(404);
  });

  test("the edit is audit-logged: what changed and from when", () => {
    const created = createSchedule(saturdayHalf, admin, now);
    updateSchedule(created.id, { name: "หกวัน", late_grace_minutes: 0, from: NEXT_MONDAY }, admin, now);
    const entry = lastAudit("schedule");
    expect(entry).toMatchObject({ action: "update", entityId: String(created.id) });
    expect(entry?.changes).toEqual({
      name: { from: "เสาร์ครึ่งวัน", to: "หกวัน" },
      late_grace_minutes: { from: 5, to: 0 },
      effective_from: NEXT_MONDAY,
    });
  });
});

describe("edit the default schedule", () => {
  test("one set of hours for every day goes to the settings, from today (the earlier days keep theirs)", () => {
    const days = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "17:00", break_start: "12:00", break_end: "13:00" }));
    const changed = updateSchedule(1, { days, late_grace_minutes: 10 }, admin, now);
    expect(changed).toMatchObject({ is_default: true, late_grace_minutes: 10, days });
    expect(getSettings(["work_start", "work_end", "work_days", "late_grace_minutes"])).toEqual({
      work_start: "08:00",
      work_end: "17:00",
      work_days: [1, 2, 3, 4, 5, 6],
      late_grace_minutes: 10,
    });
    expect(rulesOn("2026-11-24").work_start).toBe("08:30");
    expect(rulesOn(TODAY).work_start).toBe("08:00");
    expect(db().select().from(auditLog).where(eq(auditLog.entity, "settings")).all().length).toBeGreaterThan(0);
  });

  test.each([
    ["two sets of hours", [WEEK[0], { ...WEEK[1], end: "18:00" }], SCHEDULE_MESSAGES.defaultSameHours],
    ["no break", [{ weekday: 1, start: "08:30", end: "17:30" }], SCHEDULE_MESSAGES.defaultBreak],
    ["a night shift", [{ weekday: 1, start: "22:00", end: "06:00", break_start: "02:00", break_end: "03:00" }], SCHEDULE_MESSAGES.defaultMidnight],
  ])("%s: a 400 in Thai, nothing saved", (_, days, message) => {
    expect(refused(() => updateSchedule(1, { days, name: "ปกติใหม่" }, admin, now))).toMatchObject({ status: 400, message, fields: { days: message } });
    expect(getSettings(["work_end"]).work_end).toBe("17:30");
    expect(getSchedule(1, now).name).toBe("เวลาทำงานปกติ");
  });

  test("from another day than today is refused; a rename is kept with the schedule", () => {
    expect(refused(() => updateSchedule(1, { late_grace_minutes: 5, from: NEXT_MONDAY }, admin, now))).toMatchObject({ status: 400, fields: { from: SCHEDULE_MESSAGES.defaultFrom } });
    expect(updateSchedule(1, { name: "สำนักงาน", from: TODAY }, admin, now).name).toBe("สำนักงาน");
    expect(getSettings(["late_grace_minutes"]).late_grace_minutes).toBe(0);
  });
});
