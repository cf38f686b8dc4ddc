import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates, settings, workRules } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { getSetting, updateSettings } from "~/models/core/settings.server";
import { bkk } from "~/models/flows/reminders.test-helpers";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { computeDate, ensureLedger } from "./ledger.server";
import { persistAttendanceStart, registerAttendanceSettingsHooks } from "./settings-save.server";

// Wednesday 25 Nov 2026, 10:00 in Bangkok; yesterday was a working Tuesday.
const TODAY = "2026-11-25";
const YESTERDAY = "2026-11-24";
const now = bkk(TODAY, "10:00");

const system = { type: "system" as const };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
let n = 0;
const newEmployee = () => createEmployee(EmployeeCreateSchema.parse({ code: `SS${++n}`, title: 1, first_name: "สมชาย", last_name: "ตั้งค่า" }), system);

beforeAll(() => registerAttendanceSettingsHooks());

afterEach(() => {
  for (const table of [attendanceDays, ledgerDates, workRules, attendance, settings]) db().delete(table).run();
});

const row = (employeeId: number, date: string) =>
  db()
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date)))
    .get();

const datesOf = (employeeId: number) =>
  db()
    .select({ date: attendanceDays.workDate })
    .from(attendanceDays)
    .where(eq(attendanceDays.employeeId, employeeId))
    .all()
    .map((r) => r.date)
    .sort();

function checkIn(employeeId: number, date: string, time: string) {
  return db().insert(attendance).values({ employeeId, workDate: date, checkinAt: bkk(date, time) }).returning().get();
}

function refused(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("the hours change from today on", () => {
  test("yesterday keeps the late minutes of the old work_start; today's rows and records take the new one", () => {
    updateSettings({ offices: [HQ], attendance_start: "2026-11-01" }, system, now);
    const e = newEmployee();
    checkIn(e.id, YESTERDAY, "09:00");
    const today = checkIn(e.id, TODAY, "09:00");
    ensureLedger(YESTERDAY, TODAY, now);
    expect(row(e.id, YESTERDAY)?.lateMinutes).toBe(30);
    expect(row(e.id, TODAY)?.lateMinutes).toBe(30);

    updateSettings({ work_start: "09:00" }, system, now);

    expect(row(e.id, YESTERDAY)?.lateMinutes).toBe(30);
    expect(row(e.id, TODAY)?.lateMinutes).toBe(0);
    expect(db().select().from(attendance).where(eq(attendance.id, today.id)).get()?.lateMinutes).toBe(0);
    // Computed again from the inputs, yesterday still has the rules it was worked under.
    expect(computeDate(db(), YESTERDAY, now).get(e.id)?.lateMinutes).toBe(30);
    expect(computeDate(db(), TODAY, now).get(e.id)?.lateMinutes).toBe(0);
  });

  test("today not filled yet: the rows written by check-ins are recomputed with everyone's", () => {
    updateSettings({ offices: [HQ], attendance_start: "2026-11-01" }, system, now);
    const late = newEmployee();
    const absent = newEmployee();
    checkIn(late.id, TODAY, "08:45");
    updateSettings({ late_grace_minutes: 10 }, system, now);
    expect(row(late.id, TODAY)).toMatchObject({ status: "late", lateMinutes: 15 });
    updateSettings({ late_grace_minutes: 20 }, system, now);
    expect(row(late.id, TODAY)).toMatchObject({ status: "present", lateMinutes: 0 });
    expect(row(absent.id, TODAY)).toMatchObject({ status: "absent" });
    expect(db().select().from(ledgerDates).where(eq(ledgerDates.workDate, TODAY)).get()).toBeDefined();
  });

  test("a save that changes no hour records no rule change and leaves the ledger alone", () => {
    updateSettings({ offices: [HQ], attendance_start: "2026-11-01" }, system, now);
    updateSettings({ require_selfie: false, work_start: "08:30" }, system, now);
    expect(db().select().from(workRules).all()).toEqual([]);
    expect(db().select().from(ledgerDates).all()).toEqual([]);
  });
});

describe("attendance_start", () => {
  test("the first office saved sets it to that day, in the same write", () => {
    expect(getSetting("attendance_start")).toBe("");
    updateSettings({ require_selfie: false }, system, now);
    expect(getSetting("attendance_start")).toBe("");
    // As the settings page sends it: every key, attendance_start still empty.
    updateSettings({ offices: [HQ], attendance_start: "" }, system, now);
    expect(getSetting("attendance_start")).toBe(TODAY);
    updateSettings({ offices: [HQ, { ...HQ, name: "สาขา" }] }, system, bkk("2026-12-02", "10:00"));
    expect(getSetting("attendance_start")).toBe(TODAY);
  });

  test("with an office configured it cannot be cleared", () => {
    updateSettings({ offices: [HQ] }, system, now);
    const error = refused(() => updateSettings({ attendance_start: "" }, system, now));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ attendance_start: "กรุณาระบุวันที่เริ่มนับการลงเวลา" });
    expect(getSetting("attendance_start")).toBe(TODAY);
  });

  test("an invalid date is a 400 with the field's Thai message", () => {
    const error = refused(() => updateSettings({ attendance_start: "2026-02-30" }, system, now));
    expect(error.fields?.attendance_start).toBe("วันที่เริ่มนับการลงเวลาไม่ใช่วันที่ที่มีอยู่จริง");
  });

  test("moving it later drops the days before it; moving it earlier brings the days back", () => {
    updateSettings({ offices: [HQ], attendance_start: "2026-11-16" }, system, now);
    const e = newEmployee();
    ensureLedger("2026-11-01", TODAY, now);
    expect(datesOf(e.id)[0]).toBe("2026-11-16");

    updateSettings({ attendance_start: "2026-11-23" }, system, now);
    expect(datesOf(e.id)).toEqual(["2026-11-23", YESTERDAY, TODAY]);
    ensureLedger("2026-11-01", TODAY, now);
    expect(datesOf(e.id)).toEqual(["2026-11-23", YESTERDAY, TODAY]);

    updateSettings({ attendance_start: "2026-11-18" }, system, now);
    ensureLedger("2026-11-01", TODAY, now);
    expect(datesOf(e.id)[0]).toBe("2026-11-18");
    expect(datesOf(e.id)).toHaveLength(8);
  });

  test("an office configured before the setting existed gets the date derived for it stored at start", () => {
    db()
      .insert(settings)
      .values({ key: "offices", value: [HQ], updatedAt: bkk("2026-10-05", "09:00") })
      .run();
    const e = newEmployee();
    checkIn(e.id, "2026-09-30", "08:20");
    expect(persistAttendanceStart(now)).toBe("2026-09-30");
    expect(getSetting("attendance_start")).toBe("2026-09-30");
    expect(persistAttendanceStart(now)).toBeNull();
  });

  test("nothing is stored at start without an office", () => {
    expect(persistAttendanceStart(now)).toBeNull();
    expect(getSetting("attendance_start")).toBe("");
  });
});
