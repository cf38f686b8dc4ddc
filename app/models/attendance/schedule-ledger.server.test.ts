import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, employeeSchedules, employees, overtimeRequests, payrollCloses, schedules, scheduleVersions } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { updateSettings } from "~/models/core/settings.server";
import type { ScheduleDay } from "~/models/schedules/schedule-day";
import { checkInOut, shiftDate, todayFor } from "./attendance.server";
import { HQ, input, north, refused, system } from "./attendance.test-helpers";
import { ensureLedger, recomputeDay } from "./ledger.server";
import { at, resetLedger, writeRecord } from "./ledger.test-helpers";
import { newEmployee } from "./attendance.test-helpers";

// The ledger under each employee's own schedule: a night shift's work date and minutes, a
// schedule changed from a date, offices per employee, approved overtime, a closed month.

const WED = "2026-11-18";
const THU = "2026-11-19";

function schedule(name: string, days: ScheduleDay[], from = "0001-01-01") {
  const row = db().insert(schedules).values({ name }).returning().get();
  db().insert(scheduleVersions).values({ scheduleId: row.id, effectiveFrom: from, days, lateGraceMinutes: 0, earlyGraceMinutes: 0 }).run();
  return row.id;
}
const weekdays = (start: string, end: string, extra: Partial<ScheduleDay> = {}) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, ...extra }));
const assign = (employeeId: number, scheduleId: number, from: string) =>
  db().insert(employeeSchedules).values({ employeeId, scheduleId, effectiveFrom: from }).run();
const ledgerRow = (employeeId: number, date: string) =>
  db().select().from(attendanceDays).where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date))).get();

beforeEach(() => {
  resetLedger("2026-11-01");
  updateSettings({ offices: [HQ, { ...HQ, name: "คลังสินค้า", lat: HQ.lat + 0.05 }], require_selfie: false, late_grace_minutes: 0, early_grace_minutes: 0 }, system);
});

describe("a night shift 22:00–06:00", () => {
  test("a check-in at 22:05 is 5 minutes late, and the 06:10 check-out the next morning closes the same work date", async () => {
    const e = newEmployee();
    assign(e.id, schedule("กะดึก", weekdays("22:00", "06:00", { break_start: "02:00", break_end: "02:30" })), "2026-11-01");
    const checkin = await checkInOut(e.id, input(at(WED, "22:05")), null, at(WED, "22:05"));
    expect(checkin).toMatchObject({ work_date: WED, late_minutes: 5 });
    expect(shiftDate(e.id, at(THU, "06:10"))).toBe(WED);
    expect(todayFor(e.id, at(THU, "06:10"))).toMatchObject({ work_date: WED, next: "out", settings: { work_start: "22:00", work_end: "06:00" } });
    const checkout = await checkInOut(e.id, input(at(THU, "06:10"), { type: "out" }), null, at(THU, "06:10"));
    expect(checkout).toMatchObject({ id: checkin.id, work_date: WED, late_minutes: 5, early_minutes: 0 });
    expect(db().select().from(attendance).where(eq(attendance.employeeId, e.id)).all()).toHaveLength(1);
    expect(ledgerRow(e.id, WED)).toMatchObject({ status: "late", lateMinutes: 5, workedMinutes: 485 - 30 });
    // That evening's check-in is the next work date's.
    expect(shiftDate(e.id, at(THU, "21:55"))).toBe(THU);
  });

  test("an arrival after midnight still belongs to the shift that started the evening before", () => {
    const e = newEmployee();
    assign(e.id, schedule("กะดึก", weekdays("22:00", "06:00")), "2026-11-01");
    expect(shiftDate(e.id, at(THU, "00:40"))).toBe(WED);
    expect(shiftDate(e.id, at(THU, "06:30"))).toBe(THU);
  });

  test("a day worker's check-in after midnight is the new date's", () => {
    const e = newEmployee();
    expect(shiftDate(e.id, at(THU, "00:40"))).toBe(THU);
  });
});

describe("a schedule from a date", () => {
  test("a Saturday half day counts its own hours; a change from next Monday leaves last week's days as they were", () => {
    const e = newEmployee();
    const saturday = schedule("จ.–ส. (เสาร์ครึ่งวัน)", [...weekdays("08:30", "17:30", { break_start: "12:00", break_end: "13:00" }), { weekday: 6, start: "08:30", end: "12:00" }]);
    assign(e.id, saturday, "2026-11-01");
    writeRecord(e.id, "2026-11-21", { checkinAt: at("2026-11-21", "08:40"), checkoutAt: at("2026-11-21", "12:00") }, at("2026-11-25", "09:00"));
    expect(ledgerRow(e.id, "2026-11-21")).toMatchObject({ status: "late", lateMinutes: 10, scheduledMinutes: 210, scheduleId: saturday });

    writeRecord(e.id, WED, { checkinAt: at(WED, "09:00"), checkoutAt: at(WED, "17:30") }, at("2026-11-25", "09:00"));
    const before = ledgerRow(e.id, WED);
    expect(before).toMatchObject({ lateMinutes: 30, scheduleId: saturday });
    const late = schedule("สาย", weekdays("10:00", "19:00"));
    assign(e.id, late, "2026-11-23");
    recomputeDay(db(), e.id, WED, at("2026-11-25", "09:00"));
    expect(ledgerRow(e.id, WED)).toMatchObject({ lateMinutes: 30, scheduleId: saturday, status: before?.status });
    writeRecord(e.id, "2026-11-24", { checkinAt: at("2026-11-24", "09:50"), checkoutAt: at("2026-11-24", "19:00") }, at("2026-11-25", "09:00"));
    expect(ledgerRow(e.id, "2026-11-24")).toMatchObject({ status: "present", lateMinutes: 0, scheduleId: late });
  });

  test("a weekday the schedule leaves out is a day off, not an absence", () => {
    const e = newEmployee();
    assign(e.id, schedule("อังคาร–เสาร์", [2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:30", end: "17:30" }))), "2026-11-01");
    ensureLedger("2026-11-16", "2026-11-16", at("2026-11-25", "09:00"));
    expect(ledgerRow(e.id, "2026-11-16")).toMatchObject({ status: "day_off", absentFraction: 0 }); // a Monday
  });
});

describe("offices per employee", () => {
  test("the distance is measured to the offices the employee may use", async () => {
    const e = newEmployee();
    db().update(employees).set({ officeNames: ["คลังสินค้า"] }).where(eq(employees.id, e.id)).run();
    const record = await checkInOut(e.id, input(at(WED, "08:20"), north(0)), null, at(WED, "08:20"));
    expect(record).toMatchObject({ checkin_office: "คลังสินค้า", checkin_geofence: "outside" });
    expect(todayFor(e.id, at(WED, "09:00")).offices.map((o) => o.name)).toEqual(["คลังสินค้า"]);
  });

  test("an employee limited to offices that no longer exist is told so", async () => {
    const e = newEmployee();
    db().update(employees).set({ officeNames: ["สาขาที่ปิดไปแล้ว"] }).where(eq(employees.id, e.id)).run();
    const error = await refused(checkInOut(e.id, input(at(WED, "08:20")), null, at(WED, "08:20")));
    expect(error.status).toBe(409);
  });
});

describe("approved overtime and a closed month", () => {
  test("only an approved window counts, and a closed month's day refuses a change until it is reopened", () => {
    const e = newEmployee();
    const record = writeRecord(e.id, WED, { checkinAt: at(WED, "08:25"), checkoutAt: at(WED, "20:10") }, at("2026-12-02", "09:00"));
    const ot = db()
      .insert(overtimeRequests)
      .values({ employeeId: e.id, workDate: WED, startTime: "17:30", endTime: "20:00", reason: "ปิดงบ", source: "employee" })
      .returning()
      .get();
    recomputeDay(db(), e.id, WED, at("2026-12-02", "09:00"));
    expect(ledgerRow(e.id, WED)?.overtimeMinutes).toBe(0);
    db().update(overtimeRequests).set({ status: "approved" }).where(eq(overtimeRequests.id, ot.id)).run();
    recomputeDay(db(), e.id, WED, at("2026-12-02", "09:00"));
    expect(ledgerRow(e.id, WED)?.overtimeMinutes).toBe(150);

    db().insert(payrollCloses).values({ month: "2026-11" }).run();
    // Recomputing to the same rows is allowed; a change is refused and rolled back with its input.
    expect(() => recomputeDay(db(), e.id, WED, at("2026-12-02", "09:00"))).not.toThrow();
    const change = () =>
      immediate((tx) => {
        tx.update(attendance).set({ checkoutAt: at(WED, "18:00") }).where(eq(attendance.id, record.id)).run();
        recomputeDay(tx, e.id, WED, at("2026-12-02", "09:00"));
      });
    expect(change).toThrow(/เดือนพฤศจิกายน 2569 ปิดงวดเงินเดือนแล้ว/);
    expect(db().select().from(attendance).where(eq(attendance.id, record.id)).get()?.checkoutAt).toEqual(at(WED, "20:10"));
    db().delete(payrollCloses).run();
    change();
    expect(ledgerRow(e.id, WED)).toMatchObject({ overtimeMinutes: 30 });
  });
});
