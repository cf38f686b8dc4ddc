// One seeded pair of days rendered through every reader of the day ledger (ADR 043, issue 35):
// the daily view, the monthly sheet, the range CSV, the dashboard (today and the 30-day series),
// the profile, the records' list, the LINE daily summary, the employee's home and history. Each
// must show the ledger row's status and minutes, and the counts must add the same rows up.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { attendance, attendanceDays, holidays, leavePetitions } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { setSetting } from "~/models/core/settings.server";
import { TODAY_BUCKETS, todayBucket, type TodayBucket } from "~/models/dashboard/buckets";
import { attendanceTrend, todayAttendance } from "~/models/dashboard/dashboard.server";
import { createEmployee } from "~/models/employees/employee.server";
import { employeeProfile } from "~/models/employees/profile.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { dailySummaryData } from "~/models/flows/reminders.server";
import { listOwn } from "./attendance.server";
import { dayCode } from "./codes";
import { DailyQuery, dailyAttendance } from "./daily.server";
import { employeeToday } from "./employee-today.server";
import { STATUS_LABELS } from "./labels";
import type { LedgerRow } from "./ledger.server";
import { monthlySheet } from "./monthly.server";
import { AttendanceListQuery, attendanceCsv, listAttendance } from "./report.server";

const DAY = "2026-11-23"; // a Monday, a working day
const HOLIDAY = "2026-11-24"; // a Tuesday made a company holiday
const BEFORE_START = "2026-11-20"; // a Friday before attendance_start
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
// Late in each day: every threshold of the day has passed (missing_checkout_hour is 23).
const nowOn = (date: string) => at(date, "23:30");

let serial = 0;
const make = (first: string) =>
  createEmployee(EmployeeCreateSchema.parse({ code: `LR${String(++serial).padStart(2, "0")}`, title: 1, first_name: first, last_name: "ทุกหน้าจอ" }), {
    type: "system",
  });

function record(employeeId: number, date: string, checkin: string, checkout: string | null, values: Partial<typeof attendance.$inferInsert> = {}) {
  db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: at(date, checkin), checkoutAt: checkout ? at(date, checkout) : null, ...values })
    .run();
}

function halfDayLeave(employeeId: number, date: string, half: "morning" | "afternoon") {
  db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, startDate: date, endDate: date, half, days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
    .run();
}

const people: Record<string, { id: number; code: string }> = {};

beforeAll(() => {
  setSetting("attendance_start", DAY);
  setSetting("work_days", [1, 2, 3, 4, 5]);
  db().insert(holidays).values({ date: HOLIDAY, name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
  for (const [key, name] of [
    ["morningIn1255", "ลาเช้าเข้าบ่าย"],
    ["afternoonOut1255", "ลาบ่ายออกเที่ยง"],
    ["morningNoShow", "ลาเช้าไม่มา"],
    ["outRejected", "เวลาออกไม่ผ่าน"],
    ["absent", "ขาด"],
    ["late", "สาย"],
    ["pending", "รอตรวจ"],
    ["holidayWorker", "ทำงานวันหยุด"],
  ] as const) {
    const e = make(name);
    people[key] = { id: e.id, code: e.code };
  }
  halfDayLeave(people.morningIn1255.id, DAY, "morning");
  record(people.morningIn1255.id, DAY, "12:55", "17:30", { lateMinutes: 265 });
  halfDayLeave(people.afternoonOut1255.id, DAY, "afternoon");
  record(people.afternoonOut1255.id, DAY, "08:25", "12:55", { earlyMinutes: 274 });
  halfDayLeave(people.morningNoShow.id, DAY, "morning");
  record(people.outRejected.id, DAY, "08:20", "17:40", { checkinReview: "accepted", checkoutReview: "rejected", reviewStatus: "rejected" });
  record(people.late.id, DAY, "08:45", "17:30", { lateMinutes: 15 });
  record(people.late.id, BEFORE_START, "09:00", "17:30", { lateMinutes: 30 });
  record(people.pending.id, DAY, "08:40", "17:30", { checkinReview: "pending", reviewStatus: "pending", flags: ["outside"] });
  record(people.holidayWorker.id, HOLIDAY, "10:00", "17:00", { lateMinutes: 90 });
});

/** The ledger's rows of a date (filled by the first reader), by employee. */
function truth(date: string): Map<number, LedgerRow> {
  dailyAttendance(DailyQuery.parse({ date }), { now: nowOn(date) });
  return new Map(
    db()
      .select()
      .from(attendanceDays)
      .where(eq(attendanceDays.workDate, date))
      .all()
      .map((r) => [r.employeeId, r]),
  );
}

const WORKED = new Set(["present", "late", "early_leave", "missing_checkout"]);

/** The dashboard's buckets worked out from the rows: each row one person-day, leave and absent by their fractions. */
function bucketsOf(rows: Iterable<LedgerRow>) {
  const counts = Object.fromEntries(TODAY_BUCKETS.map((b) => [b, 0])) as Record<TodayBucket, number>;
  for (const r of rows) {
    const pending = r.checkinReview === "pending" || r.checkoutReview === "pending";
    counts.leave += r.leaveFraction;
    counts.absent += r.absentFraction;
    counts[todayBucket({ status: r.status, reviewPending: pending })] += 1 - r.leaveFraction - r.absentFraction;
  }
  return counts;
}

describe.each([DAY, HOLIDAY])("%s through every reader", (date) => {
  const now = nowOn(date);

  test("the ledger holds the issue's cases as they should be", () => {
    const rows = truth(date);
    const row = (key: string) => rows.get(people[key].id);
    if (date === DAY) {
      expect(row("morningIn1255")).toMatchObject({ status: "present", lateMinutes: 0, earlyMinutes: 0, leaveFraction: 0.5, absentFraction: 0 });
      expect(row("afternoonOut1255")).toMatchObject({ status: "present", lateMinutes: 0, earlyMinutes: 0, leaveFraction: 0.5, leaveHalf: "afternoon" });
      expect(row("morningNoShow")).toMatchObject({ status: "absent", leaveFraction: 0.5, absentFraction: 0.5, leaveHalf: "morning" });
      expect(row("outRejected")).toMatchObject({ status: "missing_checkout", checkinReview: "accepted", checkoutReview: "rejected", absentFraction: 0 });
      expect(row("absent")).toMatchObject({ status: "absent", absentFraction: 1, leaveFraction: 0 });
      expect(row("late")).toMatchObject({ status: "late", lateMinutes: 15 });
      expect(row("pending")).toMatchObject({ status: "late", lateMinutes: 10, checkinReview: "pending" });
      expect(row("holidayWorker")).toMatchObject({ status: "absent", absentFraction: 1 });
    } else {
      expect(row("holidayWorker")).toMatchObject({ status: "present", lateMinutes: 0, earlyMinutes: 0, holidayDate: HOLIDAY, reason: "ทำงานวันหยุด: วันหยุดบริษัท" });
      expect([...rows.values()].filter((r) => r.status === "holiday")).toHaveLength(Object.keys(people).length - 1);
    }
    expect(rows.size).toBe(Object.keys(people).length);
  });

  test("the daily view, the employee's home and history show each row's status, reason and minutes", () => {
    const rows = truth(date);
    const daily = dailyAttendance(DailyQuery.parse({ date }), { now });
    expect(daily.headcount).toBe(rows.size);
    for (const item of daily.items) {
      const row = rows.get(item.employee.id)!;
      expect({ status: item.status, reason: item.reason }).toEqual({ status: row.status, reason: row.reason });
      if (item.record) expect([item.record.late_minutes, item.record.early_minutes]).toEqual([row.lateMinutes, row.earlyMinutes]);
      const home = employeeToday(item.employee.id, now);
      expect({ status: home.status, reason: home.reason }).toEqual({ status: row.status, reason: row.reason });
      const own = listOwn(item.employee.id, { from: date, to: date }, now).items;
      expect(own.map((r) => [r.status, r.reason, r.late_minutes, r.early_minutes])).toEqual(
        item.record ? [[row.status, row.reason, row.lateMinutes, row.earlyMinutes]] : [],
      );
    }
  });

  test("the monthly sheet and the profile code the day from the row and total the month's rows", () => {
    const rows = truth(date);
    const sheet = monthlySheet("2026-11", { now });
    for (const e of Object.values(people)) {
      const row = rows.get(e.id)!;
      const item = sheet.items.find((i) => i.employee.id === e.id)!;
      expect(item.days[date]).toBe(dayCode(row));
      const profile = employeeProfile(e.id, now);
      const day = profile.month.days.find((d) => d.date === date)!;
      expect([day.code, day.late_minutes, day.early_minutes]).toEqual([item.days[date], row.lateMinutes, row.earlyMinutes]);
      expect(profile.month.totals).toEqual(item.totals);

      const own = db().select().from(attendanceDays).where(eq(attendanceDays.employeeId, e.id)).all();
      expect(item.totals).toMatchObject({
        present: own.filter((r) => WORKED.has(r.status)).length,
        late_minutes: own.reduce((n, r) => n + r.lateMinutes, 0),
        missing_checkout: own.filter((r) => r.status === "missing_checkout").length,
        absent: own.reduce((n, r) => n + r.absentFraction, 0),
        leave_days: own.reduce((n, r) => n + r.leaveFraction, 0),
      });
    }
  });

  test("the range CSV has a row per ledger row (with a record or not) with the same status and minutes; the records' list the same minutes", async () => {
    const rows = truth(date);
    const query = AttendanceListQuery.parse({ from: BEFORE_START, to: date });
    const text = await readCsv(attendanceCsv(query, now).stream);
    const [head, ...lines] = parse(text, { bom: true }) as string[][];
    const col = (label: string) => head.indexOf(label);
    const onDate = lines.filter((l) => l[col("วันที่ (ค.ศ.)")] === date);
    expect(lines.every((l) => l[col("วันที่ (ค.ศ.)")] >= DAY)).toBe(true); // nothing before attendance_start
    expect(onDate).toHaveLength(rows.size);
    for (const e of Object.values(people)) {
      const row = rows.get(e.id)!;
      const line = onDate.find((l) => l[col("รหัสพนักงาน")] === e.code)!;
      expect([line[col("สถานะ")], line[col("สาย (นาที)")], line[col("ออกก่อนเวลา (นาที)")]]).toEqual([
        STATUS_LABELS[row.status],
        String(row.lateMinutes),
        String(row.earlyMinutes),
      ]);
    }

    const listed = listAttendance(AttendanceListQuery.parse({ from: date, to: date }), now).items;
    for (const { employee, record } of listed) {
      const row = rows.get(employee.id)!;
      expect([record.late_minutes, record.early_minutes]).toEqual([row.lateMinutes, row.earlyMinutes]);
    }
  });

  test("the dashboard and the LINE summary add the same rows up, to the headcount", () => {
    const rows = truth(date);
    const expected = bucketsOf(rows.values());
    const today = todayAttendance(date, now);
    expect(today.headcount).toBe(rows.size);
    expect(today.counts).toEqual(expected);
    expect(TODAY_BUCKETS.reduce((n, b) => n + today.counts[b], 0)).toBe(rows.size);
    const summary = dailySummaryData(date, now);
    expect({ headcount: summary.headcount, counts: summary.counts }).toEqual({ headcount: today.headcount, counts: today.counts });

    // The daily view counts statuses; the dashboard moves a record waiting for review to its own bucket.
    const daily = dailyAttendance(DailyQuery.parse({ date }), { now });
    const waiting = (...statuses: string[]) =>
      [...rows.values()].filter((r) => statuses.includes(r.status) && (r.checkinReview === "pending" || r.checkoutReview === "pending")).length;
    for (const status of ["late", "early_leave", "missing_checkout"] as const) expect(today.counts[status]).toBe(daily.summary[status] - waiting(status));
    expect(today.counts.off).toBe(daily.summary.holiday + daily.summary.day_off - waiting("holiday", "day_off"));
    expect(today.counts.pending_review).toBe(daily.summary.pending_review);
    if (date === DAY) expect(today.counts.pending_review).toBe(1);

    // The 30-day series of the day after: a working day's point is the same rows.
    const series = attendanceTrend("2026-11-25", at("2026-11-25", "10:00")).find((d) => d.date === date);
    if (date === HOLIDAY) expect(series).toBeUndefined();
    else {
      const worked = [...rows.values()].filter((r) => WORKED.has(r.status));
      expect(series).toEqual({
        date,
        headcount: rows.size,
        on_time: worked.filter((r) => r.lateMinutes === 0).reduce((n, r) => n + 1 - r.leaveFraction, 0),
        late: worked.filter((r) => r.lateMinutes > 0).reduce((n, r) => n + 1 - r.leaveFraction, 0),
        leave: expected.leave,
        absent: expected.absent,
      });
    }
  });
});

test("a record before attendance_start has no ledger row: the profile shows its times and counts nothing", () => {
  const profile = employeeProfile(people.late.id, nowOn(HOLIDAY));
  expect(profile.month.days.find((d) => d.date === BEFORE_START)).toMatchObject({ code: "", late_minutes: 0, checkin_at: at(BEFORE_START, "09:00").toISOString() });
  expect(db().select().from(attendanceDays).where(eq(attendanceDays.workDate, BEFORE_START)).all()).toEqual([]);
});
