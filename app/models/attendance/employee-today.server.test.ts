import { attendance, attendanceDays, holidays, ledgerDates, leavePetitions, settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DailyQuery, dailyAttendance } from "./daily.server";
import { employeeToday, NOT_COUNTED } from "./employee-today.server";
import { setSetting } from "~/models/core/settings.server";
import { go, input, newEmployee, north, useOffice } from "./attendance.test-helpers";

// 2026-11-23 is a Monday; Bangkok is UTC+7.
const DATE = "2026-11-23";
const bkk = (hhmm: string, date = DATE) => new Date(`${date}T${hhmm}:00+07:00`);

/** What the admins' daily view shows for this employee on the date, as of `now`. */
const adminSees = (employeeId: number, now: Date, date = DATE) => {
  const item = dailyAttendance(DailyQuery.parse({ date }), { now }).items.find((i) => i.employee.id === employeeId);
  return item && { status: item.status, reason: item.reason };
};

beforeEach(() => {
  db().delete(attendanceDays).run();
  db().delete(ledgerDates).run();
  db().delete(attendance).run();
  db().delete(leavePetitions).run();
  db().delete(holidays).run();
  db().delete(settings).run();
  useOffice({ outside_radius: "review" });
  setSetting("attendance_start", "2020-01-01");
});

const approvedLeave = (employeeId: number, half: "morning" | "afternoon" | null, type = 2) =>
  db()
    .insert(leavePetitions)
    .values({ employeeId, type, startDate: DATE, endDate: DATE, half, days: half ? 0.5 : 1, year: 2026, reason: "ไข้", status: LeaveStatus.approve })
    .run();

describe("employeeToday", () => {
  test("no record yet: check in next, the daily view's status and reason", () => {
    const e = newEmployee();
    const now = bkk("07:45");
    const today = employeeToday(e.id, now);
    expect(today).toMatchObject({ work_date: DATE, checkin_at: null, checkout_at: null, review_status: null, next: "in", leave: null });
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));
    expect(today).toMatchObject({ status: "absent", status_label: "ยังไม่ได้ลงเวลา", reason: "ยังไม่ได้ลงเวลาเข้า" });
  });

  test("no check-in once the work hours are over: ขาดงาน", () => {
    const e = newEmployee();
    const now = bkk("18:30");
    const today = employeeToday(e.id, now);
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));
    expect(today).toMatchObject({ status: "absent", status_label: "ขาดงาน", reason: "ขาดงาน", next: "in" });
  });

  test("right after a check-in: its time, check out next, the same status as the daily view", async () => {
    const e = newEmployee();
    const record = await go(e.id, input(bkk("08:42")), null);
    const now = bkk("08:43");
    const today = employeeToday(e.id, now);
    expect(today).toMatchObject({ checkin_at: record.checkin_at, checkout_at: null, next: "out", review_status: "none" });
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));
    expect(today).toMatchObject({ status: "late", status_label: "มาสาย" });
  });

  test("a check-in outside the fence waits for review", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("08:10"), north(1_000)), null);
    const now = bkk("08:11");
    const today = employeeToday(e.id, now);
    expect(today).toMatchObject({ review_status: "pending", next: "out", status: "present" });
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));
  });

  test("checked out: done, both times", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("08:20")), null);
    const out = await go(e.id, input(bkk("17:40"), { type: "out" }), null);
    const now = bkk("17:41");
    const today = employeeToday(e.id, now);
    expect(today).toMatchObject({ checkout_at: out.checkout_at, next: "done", status: "present" });
    expect(today.checkin_at).not.toBeNull();
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));
  });

  test("approved leave and a holiday come from their calendars", () => {
    const e = newEmployee();
    approvedLeave(e.id, null);
    const now = bkk("09:00");
    const today = employeeToday(e.id, now);
    expect(today).toMatchObject({ status: "leave", reason: "ลาทั้งวัน (ลาป่วย)", leave: { part: "full", type: "ลาป่วย" }, next: "in" });
    expect({ status: today.status, reason: today.reason }).toEqual(adminSees(e.id, now));

    db().insert(holidays).values({ date: "2026-11-24", name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
    const holiday = employeeToday(e.id, bkk("09:00", "2026-11-24"));
    expect(holiday).toMatchObject({ work_date: "2026-11-24", status: "holiday", reason: "วันหยุด: วันหยุดบริษัท", leave: null });
  });

  test("not yet is the ledger's: an afternoon leave who missed the morning is absent for it once the morning is over", () => {
    const e = newEmployee();
    approvedLeave(e.id, "afternoon");
    const morning = employeeToday(e.id, bkk("09:00"));
    expect(morning).toMatchObject({ status: "leave", status_label: "ลา", leave: { part: "afternoon", type: "ลาป่วย" }, next: "in" });
    expect(morning.reason).toContain("ยังไม่ได้ลงเวลาเข้า");
    const noon = employeeToday(e.id, bkk("12:30"));
    expect(noon).toMatchObject({ status: "absent", status_label: "ขาดงาน", reason: "ลาครึ่งวันบ่าย (ลาป่วย), ขาดงานครึ่งวันเช้า" });
  });

  test("a morning leave still to come in for the afternoon is on leave, not absent, until the day is over", () => {
    const e = newEmployee();
    approvedLeave(e.id, "morning");
    expect(employeeToday(e.id, bkk("14:00"))).toMatchObject({ status: "leave", status_label: "ลา", leave: { part: "morning" } });
    expect(employeeToday(e.id, bkk("18:00"))).toMatchObject({ status: "absent", status_label: "ขาดงาน", reason: "ลาครึ่งวันเช้า (ลาป่วย), ขาดงานครึ่งวันบ่าย" });
  });

  test("before the office started counting there is no row: not counted, never ขาดงาน", () => {
    setSetting("attendance_start", "2026-11-24");
    const e = newEmployee();
    expect(employeeToday(e.id, bkk("18:30"))).toMatchObject({ status: null, status_label: NOT_COUNTED, reason: "", next: "in", leave: null });
  });
});
