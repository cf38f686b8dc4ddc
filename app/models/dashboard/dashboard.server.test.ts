import path from "node:path";
import Database from "better-sqlite3";
import { attendance, attendanceDays, employees, employeeSchedules, holidays, ledgerDates, leavePetitions, machines, machineVisits } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DailyQuery, dailyAttendance } from "~/models/attendance/daily.server";
import { recomputeDay, recomputeLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { TODAY_BUCKETS } from "./buckets";
import { attendanceTrend, awayThisWeek, dashboard, leaveByType, machineAlerts, pendingLeave, todayAttendance } from "./dashboard.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { assignSchedule, workSchedule } from "~/models/flows/reminders.test-helpers";

const admin = { type: "admin" as const, id: null };
const DATE = "2026-11-23"; // a Monday
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

let serial = 0;
function make(first: string, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `D${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "ทดสอบ", ...overrides }),
    admin,
  );
}

/** A record written as the check-in would write it: the record, then its ledger row (as of `now`). */
function record(employeeId: number, date: string, values: Partial<typeof attendance.$inferInsert> = {}, now = at(date, "23:30")) {
  db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: at(date, "08:20"), checkoutAt: at(date, "17:40"), ...values })
    .run();
  recomputeDay(db(), employeeId, date, now);
}

/** A holiday added as the holidays' writer adds it: the row, then the ledger's filled dates. */
function holiday(date: string, name: string, now: Date) {
  db().insert(holidays).values({ date, name, kind: "company", source: "admin" }).run();
  recomputeLedger(db(), { from: date, to: date }, {}, now);
}

function leave(employeeId: number, start: string, end: string, over: Partial<typeof leavePetitions.$inferInsert> = {}) {
  return db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, startDate: start, endDate: end, days: 1, year: Number(start.slice(0, 4)), reason: "ธุระ", status: LeaveStatus.approve, ...over })
    .returning()
    .get();
}

const sum = (counts: Record<string, number>) => TODAY_BUCKETS.reduce((n, b) => n + counts[b], 0);

beforeAll(() => setSetting("attendance_start", "2020-01-01"));

beforeEach(() => {
  db().delete(attendanceDays).run();
  db().delete(ledgerDates).run();
  db().update(machines).set({ lastVisitId: null }).run();
  db().delete(machineVisits).run();
  db().delete(machines).run();
  db().delete(attendance).run();
  db().delete(leavePetitions).run();
  db().delete(holidays).run();
  db().delete(employees).run();
});

describe("today's attendance", () => {
  it("puts every working employee in one bucket, so the buckets add up to the headcount", () => {
    const onTime = make("ตรงเวลา");
    const late = make("มาสาย");
    const early = make("กลับก่อน");
    const missing = make("ลืมออก");
    const waiting = make("รอตรวจ");
    const rejected = make("ถูกปฏิเสธ");
    make("ขาด");
    const fullLeave = make("ลาทั้งวัน");
    const halfWorked = make("ลาเช้าแล้วมา");
    const halfAway = make("ลาบ่ายไม่มา");
    const gone = make("ลาออกแล้ว");
    const leaving = make("จะลาออก");
    record(onTime.id, DATE);
    record(late.id, DATE, { checkinAt: at(DATE, "08:45"), lateMinutes: 15 });
    record(early.id, DATE, { checkoutAt: at(DATE, "16:00"), earlyMinutes: 90 });
    record(missing.id, DATE, { checkoutAt: null });
    record(waiting.id, DATE, { checkinAt: at(DATE, "09:00"), reviewStatus: "pending", checkinReview: "pending", flags: ["outside"] });
    record(rejected.id, DATE, { reviewStatus: "rejected", checkinReview: "rejected", checkoutReview: "rejected" });
    leave(fullLeave.id, DATE, DATE);
    leave(halfWorked.id, DATE, DATE, { half: "morning", days: 0.5 });
    record(halfWorked.id, DATE, { checkinAt: at(DATE, "12:55") });
    leave(halfAway.id, DATE, DATE, { half: "afternoon", days: 0.5 });
    record(gone.id, DATE);
    resignEmployee(gone.id, DATE, admin);
    resignEmployee(leaving.id, "2026-11-24", admin);

    const today = todayAttendance(DATE, at(DATE, "23:30"));
    expect(today.headcount).toBe(11); // not the one who resigned today
    expect(sum(today.counts)).toBe(today.headcount);
    expect(today.counts).toEqual({
      present: 1.5, // on time, and the afternoon worked by the morning leave back at 12:55
      late: 1,
      early_leave: 1,
      missing_checkout: 1,
      pending_review: 1, // late too, but counted only here
      leave: 2, // the full day, and half of each half day's leave
      absent: 3.5, // no record, a rejected check-in, the one resigning tomorrow, and the morning the afternoon leave did not come to
      off: 0,
    });
    expect(today.day).toEqual({ kind: "work" });

    const daily = dailyAttendance(DailyQuery.parse({ date: DATE }), { now: at(DATE, "23:30") });
    expect(daily.headcount).toBe(today.headcount);
  });

  it("before the day's hours are over a missing check-in is counted where the daily view shows it, as absent so far", () => {
    const notYet = make("ยังไม่มา");
    const afternoon = make("ลาบ่าย");
    leave(afternoon.id, DATE, DATE, { half: "afternoon", days: 0.5 });
    record(make("มาแล้ว").id, DATE, { checkoutAt: null }, at(DATE, "09:00"));
    const today = todayAttendance(DATE, at(DATE, "09:00"));
    expect(today.counts).toMatchObject({ present: 1, absent: 1, leave: 1 });
    expect(sum(today.counts)).toBe(3);
    expect(notYet.id).toBeGreaterThan(0);
    // After the morning the afternoon leave who never came is half absent.
    expect(todayAttendance(DATE, at(DATE, "12:30")).counts).toMatchObject({ absent: 1.5, leave: 0.5 });
  });

  it("on a holiday those who did not work are off, and the day says which holiday", () => {
    db().insert(holidays).values({ date: DATE, name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
    const worker = make("มาทำงานวันหยุด");
    make("หยุด");
    make("หยุดด้วย");
    record(worker.id, DATE);
    const today = todayAttendance(DATE, at(DATE, "18:00"));
    expect(today.day).toEqual({ kind: "holiday", name: "วันหยุดบริษัท" });
    expect(today.counts).toMatchObject({ off: 2, present: 1, absent: 0 });
    expect(sum(today.counts)).toBe(3);
  });

  it("on a weekend everyone without a record is off (day off)", () => {
    const saturday = "2026-11-28";
    make("เสาร์");
    make("เสาร์ด้วย");
    const today = todayAttendance(saturday, at(saturday, "10:00"));
    expect(today.day).toEqual({ kind: "day_off" });
    expect(today.counts).toMatchObject({ off: 2, absent: 0 });
  });

  it("a day is a work day when anyone is scheduled on their own schedule: a Saturday with a Saturday schedule", () => {
    const saturday = "2026-11-28";
    const worker = make("เสาร์ครึ่งวัน");
    make("หยุดเสาร์");
    assignSchedule(worker.id, workSchedule([{ weekday: 6, start: "08:30", end: "12:30" }]));
    try {
      const today = todayAttendance(saturday, at(saturday, "10:00"));
      expect(today.day).toEqual({ kind: "work" });
      expect(today.counts).toMatchObject({ off: 1, absent: 1 });
    } finally {
      db().delete(employeeSchedules).run();
    }
  });

  it("with no employees every bucket is zero", () => {
    const today = todayAttendance(DATE, at(DATE, "10:00"));
    expect(today.headcount).toBe(0);
    expect(sum(today.counts)).toBe(0);
  });
});

describe("leave cards", () => {
  it("pending petitions: the count and the oldest first", () => {
    const a = make("ขอลา");
    const b = make("ขอลาด้วย");
    const first = leave(a.id, "2026-12-01", "2026-12-01", { status: LeaveStatus.request, createdAt: new Date("2026-11-01T00:00:00Z") });
    leave(b.id, "2026-12-02", "2026-12-02", { status: LeaveStatus.request, createdAt: new Date("2026-11-02T00:00:00Z") });
    leave(b.id, "2026-12-03", "2026-12-03", { status: LeaveStatus.approve });
    const pending = pendingLeave();
    expect(pending.total).toBe(2);
    expect(pending.items[0]).toMatchObject({ id: first.id, employee: { id: a.id }, start_date: "2026-12-01", half: "full" });
  });

  it("away this week: approved leave overlapping Monday to Sunday, not pending, cancelled or another week", () => {
    const a = make("ลาพุธ");
    const b = make("ลาข้ามสัปดาห์");
    const c = make("รออนุมัติ");
    leave(a.id, "2026-11-25", "2026-11-25", { half: "morning", days: 0.5 });
    leave(b.id, "2026-11-19", "2026-11-23", { days: 3 });
    leave(c.id, "2026-11-24", "2026-11-24", { status: LeaveStatus.request });
    leave(c.id, "2026-11-26", "2026-11-26", { status: LeaveStatus.cancel });
    leave(c.id, "2026-11-30", "2026-11-30");
    const away = awayThisWeek("2026-11-25");
    expect(away).toMatchObject({ from: "2026-11-23", to: "2026-11-29", people: 2, total: 2 });
    expect(away.items.map((i) => [i.employee.id, i.on_leave_today, i.half])).toEqual([
      [b.id, false, "full"],
      [a.id, true, "morning"],
    ]);
  });

  it("leave by type: approved days of the year per type that is on or has days, zeros included, each day in its own year", () => {
    const a = make("ลาหลายแบบ");
    leave(a.id, "2026-03-02", "2026-03-03", { type: 2, days: 2 });
    leave(a.id, "2026-04-01", "2026-04-01", { type: 2, days: 0.5, half: "morning" });
    leave(a.id, "2026-05-01", "2026-05-01", { type: 1, status: LeaveStatus.request });
    leave(a.id, "2025-05-01", "2025-05-01", { type: 3, year: 2025 });
    // Across 31 December: 2 of its 3 days in 2026 (and 1 of 2025's in 2026).
    leave(a.id, "2026-12-29", "2027-01-04", { type: 4, days: 3, nextYearDays: 1 });
    leave(a.id, "2025-12-30", "2026-01-02", { type: 3, days: 2, nextYearDays: 1 });
    const labels = ["ลากิจ", "ลาป่วย", "ลาพักร้อน", "ลาคลอด", "ลาช่วยเหลือคู่สมรสคลอดบุตร", "ลาดูแลบุตรที่เจ็บป่วยหรือพิการ", "ลารับราชการทหาร", "ลาทำหมัน", "ลาฝึกอบรม"];
    const zeros = labels.map((label, i) => ({ type: i + 1, label, days: 0 }));
    expect(leaveByType(2026).items).toEqual(zeros.map((z) => ({ ...z, days: { 2: 2.5, 3: 1, 4: 2 }[z.type] ?? 0 })));
    expect(leaveByType(2027).items.find((i) => i.type === 4)?.days).toBe(1);
    // Ordination is off: a column only in a year with days of it.
    expect(leaveByType(2028).items.map((i) => i.type)).not.toContain(10);
    leave(a.id, "2028-06-01", "2028-06-15", { type: 10, days: 15 });
    expect(leaveByType(2028).items.at(-1)).toEqual({ type: 10, label: "ลาอุปสมบท", days: 15 });
  });
});

describe("machines", () => {
  let visitor = 0;
  const machine = (code: string, values: Partial<typeof machines.$inferInsert> = {}) =>
    db().insert(machines).values({ code, name: `ตู้ ${code}`, type: 1, ...values }).returning().get();
  function visit(machineId: number, date: string, status: "normal" | "refilled" | "out_of_stock" | "broken") {
    const v = db()
      .insert(machineVisits)
      .values({ machineId, employeeId: visitor, visitedAt: at(date, "10:00"), visitDate: date, status })
      .returning()
      .get();
    db().update(machines).set({ lastVisitId: v.id }).where(eq(machines.id, machineId)).run();
  }
  beforeEach(() => {
    visitor = make("ดูแลตู้").id;
  });

  it("overdue across a month end: the due date itself is on time, the day after is late", () => {
    const visited = machine("A1", { visitEveryDays: 7, createdAt: new Date("2026-01-01T00:00:00Z") });
    visit(visited.id, "2026-01-28", "normal"); // due 4 Feb
    // Registered at 03:00 on 1 Feb in Bangkok (20:00 UTC on 31 Jan), never visited: due 4 Feb too.
    machine("A2", { visitEveryDays: 3, createdAt: new Date("2026-01-31T20:00:00Z") });
    machine("A3", { visitEveryDays: null, createdAt: new Date("2025-01-01T00:00:00Z") }); // no schedule
    machine("A4", { visitEveryDays: 1, active: false, createdAt: new Date("2025-01-01T00:00:00Z") });

    expect(machineAlerts("2026-02-04").overdue.total).toBe(0);
    const late = machineAlerts("2026-02-05");
    expect(late.active).toBe(3);
    expect(late.overdue.total).toBe(2);
    expect(late.overdue.items.map((m) => [m.code, m.due_date])).toEqual([
      ["A1", "2026-02-04"],
      ["A2", "2026-02-04"],
    ]);
  });

  it("an open problem stays until a later normal or refilled visit", () => {
    const m = machine("B1");
    visit(m.id, "2026-03-01", "broken");
    expect(machineAlerts("2026-03-02").problems).toMatchObject({ total: 1, items: [{ code: "B1", last_status: "broken", last_visit_date: "2026-03-01" }] });
    visit(m.id, "2026-03-02", "out_of_stock");
    expect(machineAlerts("2026-03-02").problems.items[0].last_status).toBe("out_of_stock");
    visit(m.id, "2026-03-03", "refilled");
    expect(machineAlerts("2026-03-03").problems.total).toBe(0);
  });

  it("no machines: zero active, nothing listed", () => {
    expect(machineAlerts(DATE)).toEqual({ active: 0, overdue: { total: 0, items: [] }, problems: { total: 0, items: [] } });
  });
});

describe("the 30-day attendance series", () => {
  const TODAY = "2026-11-24"; // Tuesday: the series runs 25 Oct – 23 Nov
  const NOW = at(TODAY, "10:00");
  const DAY = "2026-11-18"; // a Wednesday in the range

  it("has one point per working day before today, weekends and holidays left out", () => {
    db().insert(holidays).values({ date: "2026-11-20", name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
    make("คนเดียว");
    const dates = attendanceTrend(TODAY, NOW).map((d) => d.date);
    expect(dates[0]).toBe("2026-10-26");
    expect(dates.at(-1)).toBe("2026-11-23");
    expect(dates).not.toContain("2026-11-20");
    expect(dates).not.toContain("2026-11-21");
    expect(dates).not.toContain(TODAY);
    expect(dates).toHaveLength(20); // 21 weekdays, one a holiday
  });

  it("counts a day from the ledger in person-days: on time, late, leave and absent add up to the staff that day", () => {
    const onTime = make("ตรงเวลา");
    const late = make("สาย");
    const fullLeave = make("ลา");
    const halfBack = make("ลาเช้าแล้วมาทัน");
    const halfLate = make("ลาเช้าแล้วมาสาย");
    const rejected = make("ถูกปฏิเสธ");
    make("ขาด");
    const gone = make("ลาออก");
    const later = make("เริ่มงานทีหลัง", { start_date: "2026-11-20" });
    record(onTime.id, DAY);
    record(late.id, DAY, { checkinAt: at(DAY, "09:00") });
    leave(fullLeave.id, DAY, DAY);
    leave(halfBack.id, DAY, DAY, { half: "morning", days: 0.5 });
    record(halfBack.id, DAY, { checkinAt: at(DAY, "12:55") });
    leave(halfLate.id, DAY, DAY, { half: "morning", days: 0.5 });
    record(halfLate.id, DAY, { checkinAt: at(DAY, "13:20") });
    record(rejected.id, DAY, { reviewStatus: "rejected", checkinReview: "rejected" });
    resignEmployee(gone.id, DAY, admin);

    const day = attendanceTrend(TODAY, NOW).find((d) => d.date === DAY);
    // The morning leaves are half on leave; the afternoon one back at 12:55 on time, the one at 13:20 late.
    expect(day).toEqual({ date: DAY, headcount: 7, on_time: 1.5, late: 1.5, leave: 2, absent: 2 });

    // From 20 Nov the late starter is on the staff.
    expect(attendanceTrend(TODAY, NOW).find((d) => d.date === "2026-11-23")?.headcount).toBe(8);
    expect(later.id).toBeGreaterThan(0);
  });

  it("days before the office started counting have no row: employees added with a 2024 start date are not absent for the whole month", () => {
    setSetting("attendance_start", "2026-11-19");
    try {
      make("เริ่มงาน 2024", { start_date: "2024-01-01" });
      make("เริ่มงาน 2024 ด้วย", { start_date: "2024-03-01" });
      const trend = attendanceTrend(TODAY, NOW);
      expect(trend.map((d) => d.date)).toEqual(["2026-11-19", "2026-11-20", "2026-11-23"]);
      expect(trend.every((d) => d.headcount === 2 && d.absent === 2)).toBe(true);

      setSetting("attendance_start", TODAY);
      db().delete(attendanceDays).run();
      db().delete(ledgerDates).run();
      expect(attendanceTrend(TODAY, NOW)).toEqual([]);
      expect(todayAttendance(TODAY, NOW).headcount).toBe(2);
    } finally {
      setSetting("attendance_start", "2020-01-01");
    }
  });

  it("the whole dashboard for a business day; the kept series follows any write", () => {
    const e = make("ทุกอย่าง");
    const d = dashboard(NOW);
    expect(d.today.date).toBe(TODAY);
    expect(d.today.headcount).toBe(1);
    expect(d.trend).toHaveLength(21);
    expect(d.trend.find((t) => t.date === DAY)).toMatchObject({ on_time: 0, absent: 1 });
    expect(d.leave_by_type.year).toBe(2026);

    record(e.id, DAY);
    expect(dashboard(NOW).trend.find((t) => t.date === DAY)).toMatchObject({ on_time: 1, absent: 0 });
    holiday(DAY, "วันหยุดชดเชย", NOW);
    expect(dashboard(NOW).trend.map((t) => t.date)).not.toContain(DAY);
  });

  it("the kept cards follow a write to what each one reads", () => {
    const e = make("เก็บไว้");
    const before = dashboard(NOW);
    expect(before).toMatchObject({ pending_leave: { total: 0 }, away: { total: 0 }, machines: { active: 0 } });
    expect(dashboard(NOW).pending_leave).toBe(before.pending_leave);

    leave(e.id, TODAY, TODAY, { status: LeaveStatus.request });
    expect(dashboard(NOW).pending_leave.total).toBe(1);
    leave(e.id, TODAY, TODAY, { type: 2, days: 3 });
    const after = dashboard(NOW);
    expect(after.away.total).toBe(1);
    expect(after.leave_by_type.items.find((i) => i.type === 2)?.days).toBe(3);
    db().insert(machines).values({ code: "K001", name: "ตู้ทดสอบ", type: 1 }).run();
    expect(dashboard(NOW).machines.active).toBe(1);
    // A write committed by another connection (another process, the CLI) is seen as well.
    const other = new Database(path.join(process.env.DATA_DIR!, "tn.sqlite"));
    other.prepare("update machines set active = 0 where code = 'K001'").run();
    other.close();
    expect(dashboard(NOW).machines.active).toBe(0);
    // Today's statuses are worked out each time: the same data later in the evening counts again.
    record(make("ไม่ออก").id, TODAY, { checkoutAt: null }, NOW);
    expect(dashboard(NOW).today.counts.missing_checkout).toBe(0);
    expect(dashboard(at(TODAY, "23:30")).today.counts.missing_checkout).toBe(1);
  });
});
