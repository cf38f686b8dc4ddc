import { holidays } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { dayCalendar } from "./calendar.server";
import { DailyQuery, dailyAttendance } from "./daily.server";
import { approvedLeave, at, resetLedger, writeRecord } from "./ledger.test-helpers";
import { monthlySheet } from "./monthly.server";
import { AttendanceListQuery, attendanceCsv } from "./report.server";
import { readCsv } from "~/lib/csv.server";
import { newEmployee } from "./attendance.test-helpers";

// Holidays and approved leave reach the daily view, the monthly sheet and the range CSV through
// the day ledger, from their own tables.
const DATE = "2026-11-23"; // a Monday
const NOW = at("2026-11-30", "09:00");

const leave = approvedLeave;

const statusOf = (employeeId: number, date = DATE) =>
  dailyAttendance(DailyQuery.parse({ date }), { now: NOW }).items.find((i) => i.employee.id === employeeId);

beforeEach(() => resetLedger());

describe("the daily view reads holidays and approved leave", () => {
  it("a holiday in the table is the day's status for those who did not work", () => {
    db().insert(holidays).values({ date: DATE, name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
    const e = newEmployee();
    expect(statusOf(e.id)).toMatchObject({ status: "holiday", reason: "วันหยุด: วันหยุดบริษัท" });
  });

  it("approved leave counts, pending or rejected leave does not", () => {
    const approved = newEmployee();
    const pending = newEmployee();
    const rejected = newEmployee();
    leave(approved.id, "2026-11-20", "2026-11-24");
    leave(pending.id, DATE, DATE, { status: LeaveStatus.request });
    leave(rejected.id, DATE, DATE, { status: LeaveStatus.reject });
    expect(statusOf(approved.id)).toMatchObject({ status: "leave", reason: "ลาทั้งวัน (ลากิจ)" });
    expect(statusOf(pending.id)?.status).toBe("absent");
    expect(statusOf(rejected.id)?.status).toBe("absent");
  });

  it("the day's calendar is read afresh: a holiday and a decision reach it", () => {
    const e = newEmployee();
    expect(dayCalendar(DATE)).toEqual({ holiday: null, leaves: new Map() });
    leave(e.id, DATE, DATE);
    expect(dayCalendar(DATE).leaves.get(e.id)).toEqual({ part: "full", type: "ลากิจ" });
    db().insert(holidays).values({ date: DATE, name: "วันหยุดชดเชย", kind: "public", source: "admin" }).run();
    expect(dayCalendar(DATE).holiday).toEqual({ name: "วันหยุดชดเชย" });
  });

  it("a long approved leave that started months before still covers the date (the search is bounded by the longest petition)", () => {
    const e = newEmployee();
    leave(e.id, "2026-08-10", "2026-12-04", { type: 2, days: 85 }); // 117 calendar days
    expect(dayCalendar(DATE).leaves.get(e.id)).toEqual({ part: "full", type: "ลาป่วย" });
    expect(statusOf(e.id)).toMatchObject({ status: "leave", reason: "ลาทั้งวัน (ลาป่วย)" });
  });

  it("morning leave plus a check-in after the break is one correct day, not late", () => {
    const e = newEmployee();
    leave(e.id, DATE, DATE, { half: "morning", days: 0.5, type: 2 });
    writeRecord(e.id, DATE, { checkinAt: at(DATE, "12:55"), checkoutAt: at(DATE, "17:35"), lateMinutes: 265 }, NOW);
    expect(statusOf(e.id)).toMatchObject({ status: "present", reason: "ลาครึ่งวันเช้า (ลาป่วย)" });
  });

  it("afternoon leave plus leaving at the break is not early", () => {
    const e = newEmployee();
    leave(e.id, DATE, DATE, { half: "afternoon", days: 0.5 });
    writeRecord(e.id, DATE, { checkinAt: at(DATE, "08:25"), checkoutAt: at(DATE, "12:01"), earlyMinutes: 329 }, NOW);
    expect(statusOf(e.id)?.status).toBe("present");
  });

  it("a morning and an afternoon of leave make a full day", () => {
    const both = newEmployee();
    leave(both.id, DATE, DATE, { half: "morning", days: 0.5 });
    leave(both.id, DATE, DATE, { half: "afternoon", days: 0.5, type: 3 });
    expect(dayCalendar(DATE).leaves.get(both.id)).toEqual({ part: "full", type: "ลากิจ + ลาพักร้อน" });
    expect(statusOf(both.id)?.status).toBe("leave");
  });
});

describe("the monthly sheet reads them too", () => {
  it("marks holiday days and counts leave days (halves as 0.5) inside the month only", () => {
    db().insert(holidays).values({ date: "2026-11-24", name: "วันหยุดพิเศษ", kind: "company", source: "admin" }).run();
    const e = newEmployee();
    leave(e.id, "2026-10-29", "2026-11-03"); // Thu 29 Oct – Tue 3 Nov: Nov 2 and 3 are working days in the month
    leave(e.id, "2026-11-25", "2026-11-25", { half: "afternoon", days: 0.5 });
    const sheet = monthlySheet("2026-11", { now: NOW });
    expect(sheet.days.find((d) => d.date === "2026-11-24")?.kind).toBe("holiday");
    const row = sheet.items.find((i) => i.employee.id === e.id);
    expect(row?.totals.leave_days).toBe(2.5);
    expect(row?.days["2026-11-02"]).toBe("ล");
  });

  it("one employee's sheet (their profile) reads and counts their own leave, and nobody else's", () => {
    const e = newEmployee();
    const other = newEmployee();
    leave(e.id, "2026-10-29", "2026-11-03");
    leave(e.id, "2026-11-25", "2026-11-25", { half: "morning", days: 0.5 });
    leave(other.id, "2026-11-02", "2026-11-06");
    const sheet = monthlySheet("2026-11", { now: NOW, employeeId: e.id });
    expect(sheet.items.map((i) => i.employee.id)).toEqual([e.id]);
    expect(sheet.items[0].totals.leave_days).toBe(2.5);
    expect(sheet.items[0].days["2026-11-02"]).toBe(monthlySheet("2026-11", { now: NOW }).items.find((i) => i.employee.id === other.id)?.days["2026-11-02"]);
  });
});

describe("the range CSV reads them too", () => {
  it("a late check-in on a morning-leave day is exported as present with no late minutes", async () => {
    const e = newEmployee();
    leave(e.id, DATE, DATE, { half: "morning", days: 0.5 });
    writeRecord(e.id, DATE, { checkinAt: at(DATE, "12:58"), checkoutAt: at(DATE, "17:31"), lateMinutes: 268 }, NOW);
    const { stream } = attendanceCsv(AttendanceListQuery.parse({ from: DATE, to: DATE, employee_id: String(e.id) }), NOW);
    const [header, row] = (await readCsv(stream)).slice(1).trim().split("\r\n");
    const labels = header.split(",");
    const cells = row.split(",");
    expect(cells[labels.indexOf("สถานะ")]).toBe("มาทำงาน");
    expect(cells[labels.indexOf("สาย (นาที)")]).toBe("0");
    expect(cells[labels.indexOf("ลา (วัน)")]).toBe("0.5");
    expect(cells[labels.indexOf("ช่วงที่ลา")]).toBe("ครึ่งวันเช้า");
  });
});
