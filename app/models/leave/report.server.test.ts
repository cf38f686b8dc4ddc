import { describe, expect, it } from "vitest";
import { leavePetitions } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { newEmployee, system } from "~/models/attendance/attendance.test-helpers";
import { EmployeeUpdateSchema } from "~/models/employees/schema";
import { resignEmployee, updateEmployee } from "~/models/employees/employee.server";
import {
  CalendarQuery,
  crossingSums,
  leaveCalendar,
  leaveDaysByType,
  leaveStatistics,
  leaveStatisticsCsv,
  leaveStatisticsPage,
  ownYearSums,
  STATISTICS_CHART_PEOPLE,
  STATISTICS_PAGE_SIZE,
  StatisticQuery,
} from "./report.server";
import { PetitionSchema } from "./schema";
import { createPetition, decidePetition, cancelOwnPetition } from "./leave.server";

const admin = { type: "admin" as const, id: null };
/** The types on by default: all but ordination (10). */
const ON = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const zeros = (types: number[]) => Object.fromEntries(types.map((t) => [String(t), 0]));
/** An approved petition written as it is stored (the statistics read what is stored). */
const approvedRow = (employeeId: number, values: Partial<typeof leavePetitions.$inferInsert> & { type: number; startDate: string; days: number }) =>
  db()
    .insert(leavePetitions)
    .values({ employeeId, endDate: values.startDate, year: Number(values.startDate.slice(0, 4)), reason: "ลา", status: LeaveStatus.approve, ...values })
    .returning()
    .get();
const file = (employeeId: number, over: Record<string, unknown>) =>
  createPetition(
    employeeId,
    PetitionSchema.parse({ type: 1, reason: "ธุระ", ...over }),
    null,
    { type: "employee", id: employeeId },
  );

describe("leaveCalendar", () => {
  it("holds pending and approved petitions overlapping the month and its holidays, not cancelled ones", async () => {
    const e = newEmployee();
    const across = await file(e.id, { start_date: "2027-03-31", end_date: "2027-04-01" });
    const approved = await file(e.id, { start_date: "2027-04-20", end_date: "2027-04-20", half: "morning" });
    decidePetition({ id: approved.id, action: "accept", note: "" }, admin);
    const cancelled = await file(e.id, { start_date: "2027-04-22", end_date: "2027-04-22" });
    cancelOwnPetition(e.id, cancelled.id);
    await file(e.id, { start_date: "2027-05-05", end_date: "2027-05-05" });

    const april = leaveCalendar("2027-04");
    expect(april).toMatchObject({ first: "2027-04-01", last: "2027-04-30" });
    expect(april.items.map((i) => [i.id, i.status, i.half])).toEqual([
      [across.id, 1, "full"],
      [approved.id, 2, "morning"],
    ]);
    expect(april.items[0].employee.full_name).toContain("สมชาย");
    // 2027 was seeded when the first of them was counted.
    expect(april.holidays.map((h) => h.date)).toEqual(["2027-04-06", "2027-04-13", "2027-04-14", "2027-04-15"]);
    expect(april.holidays[1]).toEqual({ date: "2027-04-13", name: "วันสงกรานต์", kind: "public" });
    expect(leaveCalendar("2027-02").items).toEqual([]);
    expect(leaveCalendar("2027-12").last).toBe("2027-12-31");
  });

  it("finds the longest petition allowed from its last day, and not the day after", async () => {
    const e = newEmployee();
    // 120 calendar days (MAX_PETITION_CALENDAR_DAYS) ending on the 1st; a 3+ day sick leave needs a note.
    const long = await file(e.id, { type: 2, start_date: "2027-01-02", end_date: "2027-05-01", certificate_note: "พักฟื้น" });
    const mine = (month: string) => leaveCalendar(month).items.filter((i) => i.employee.id === e.id).map((i) => i.id);
    expect(mine("2027-05")).toEqual([long.id]);
    expect(mine("2027-06")).toEqual([]);
  });

  it("the month parameter: default, format and range", () => {
    const q = CalendarQuery("2026-11");
    expect(q.parse({}).month).toBe("2026-11");
    expect(q.parse({ month: "2024-02" }).month).toBe("2024-02");
    for (const bad of ["2026-13", "2026-1", "abc", "1999-12"]) expect(q.safeParse({ month: bad }).success, bad).toBe(false);
  });
});

describe("the calendar and the statistics are kept until a write", () => {
  it("the same answer while nothing is written; a decision reaches both", async () => {
    const e = newEmployee();
    const p = await file(e.id, { start_date: "2030-03-04", end_date: "2030-03-04" });
    const calendar = leaveCalendar("2030-03");
    const statistics = leaveStatistics(2030);
    expect(leaveCalendar("2030-03")).toBe(calendar);
    expect(leaveStatistics(2030)).toBe(statistics);
    expect(calendar.items.map((i) => [i.id, i.status])).toEqual([[p.id, 1]]);
    expect(statistics.items.find((i) => i.employee.id === e.id)?.total).toBe(0);

    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    expect(leaveCalendar("2030-03").items.map((i) => [i.id, i.status])).toEqual([[p.id, 2]]);
    expect(leaveStatistics(2030).items.find((i) => i.employee.id === e.id)?.total).toBe(1);
  });
});

describe("leaveStatistics", () => {
  it("sums approved days per type for everyone who worked that year, zeros included", async () => {
    const a = newEmployee();
    const b = newEmployee();
    const gone = newEmployee();
    updateEmployee(gone.id, EmployeeUpdateSchema.parse({ start_date: "2020-01-01" }), system);
    resignEmployee(gone.id, "2027-01-01", system);
    const x = await file(a.id, { start_date: "2028-03-06", end_date: "2028-03-07" });
    const y = await file(a.id, { type: 2, start_date: "2028-03-08", end_date: "2028-03-08", half: "afternoon" });
    const pending = await file(a.id, { type: 3, start_date: "2028-03-09", end_date: "2028-03-09" });
    for (const p of [x, y]) decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    void pending;

    const { types, items } = leaveStatistics(2028);
    expect(types).toEqual(ON);
    const rowA = items.find((i) => i.employee.id === a.id);
    expect(rowA).toEqual({ employee: expect.anything(), days: { ...zeros(ON), "1": 2, "2": 0.5 }, total: 2.5 });
    expect(items.find((i) => i.employee.id === b.id)).toEqual({ employee: expect.anything(), days: zeros(ON), total: 0 });
    // Resigned before the year began: not listed.
    expect(items.find((i) => i.employee.id === gone.id)).toBeUndefined();
    expect(leaveStatistics(2027).items.find((i) => i.employee.id === gone.id)).toBeDefined();
  });

  it("the admin tab gets one page of the rows, with totals and the chart's people over everyone", async () => {
    while (leaveStatistics(2029).items.length <= STATISTICS_PAGE_SIZE) newEmployee();
    const all = leaveStatistics(2029).items;
    const last = all[all.length - 1];
    const first = all[0];
    const p = await file(last.employee.id, { start_date: "2029-03-05", end_date: "2029-03-07" });
    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    const q = await file(first.employee.id, { type: 2, start_date: "2029-03-08", end_date: "2029-03-08" });
    decidePetition({ id: q.id, action: "accept", note: "" }, admin);

    const everyone = leaveStatistics(2029).items;
    const one = leaveStatisticsPage(2029, 1);
    expect(one).toMatchObject({ year: 2029, types: ON, total: everyone.length, page: 1, page_size: STATISTICS_PAGE_SIZE });
    expect(one.items).toEqual(everyone.slice(0, STATISTICS_PAGE_SIZE));
    // The employee on the last page still counts in the totals and leads the chart.
    expect(one.totals).toEqual({ ...zeros(ON), "1": 3, "2": 1 });
    expect(one.top.map((i) => [i.employee.id, i.total])).toEqual([
      [last.employee.id, 3],
      [first.employee.id, 1],
    ]);
    expect(STATISTICS_CHART_PEOPLE).toBe(15);

    const lastPage = Math.ceil(everyone.length / STATISTICS_PAGE_SIZE);
    const beyond = leaveStatisticsPage(2029, lastPage + 3);
    expect(beyond.page).toBe(lastPage);
    expect(beyond.items).toEqual(everyone.slice((lastPage - 1) * STATISTICS_PAGE_SIZE));
    expect(beyond.items.at(-1)?.employee.id).toBe(last.employee.id);
  });

  it("the CSV has a BOM, Thai headers and the same figures", async () => {
    const csv = await readCsv(leaveStatisticsCsv(2028));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = csv.slice(1).trim().split("\r\n");
    expect(header).toBe(
      "รหัสพนักงาน,ชื่อ-นามสกุล,ลากิจ (วัน),ลาป่วย (วัน),ลาพักร้อน (วัน),ลาคลอด (วัน),ลาช่วยเหลือคู่สมรสคลอดบุตร (วัน)," +
        "ลาดูแลบุตรที่เจ็บป่วยหรือพิการ (วัน),ลารับราชการทหาร (วัน),ลาทำหมัน (วัน),ลาฝึกอบรม (วัน),รวม (วัน)",
    );
    expect(rows.some((r) => r.endsWith(",2,0.5,0,0,0,0,0,0,0,2.5"))).toBe(true);
  });

  it("a type with days has its column: maternity's days are counted under it", async () => {
    const e = newEmployee();
    approvedRow(e.id, { type: 4, startDate: "2031-02-02", endDate: "2031-03-03", days: 30 });
    const { types, items } = leaveStatistics(2031);
    expect(types).toContain(4);
    expect(items.find((i) => i.employee.id === e.id)).toMatchObject({ days: { "4": 30 }, total: 30 });
    expect(leaveStatisticsPage(2031, 1).totals["4"]).toBe(30);
    const [header, ...rows] = (await readCsv(leaveStatisticsCsv(2031))).slice(1).trim().split("\r\n");
    const column = header.split(",").indexOf("ลาคลอด (วัน)");
    expect(column).toBeGreaterThan(1);
    expect(rows.map((r) => r.split(",")[column])).toContain("30");
  });

  it("ordination (off by default) has no column until a year has days of it, then it has one", async () => {
    expect(leaveStatistics(2032).types).toEqual(ON);
    expect((await readCsv(leaveStatisticsCsv(2032))).split("\r\n")[0]).not.toContain("ลาอุปสมบท");
    const e = newEmployee();
    approvedRow(e.id, { type: 10, startDate: "2032-07-01", endDate: "2032-07-15", days: 15 });
    // Pending or in another year: still no column.
    approvedRow(e.id, { type: 10, startDate: "2033-07-01", endDate: "2033-07-15", days: 15, status: LeaveStatus.request });
    expect(leaveStatistics(2033).types).toEqual(ON);
    const { types, items } = leaveStatistics(2032);
    expect(types).toEqual([...ON, 10]);
    expect(items.find((i) => i.employee.id === e.id)?.days).toEqual({ ...zeros([...ON, 10]), "10": 15 });
    expect(items.find((i) => i.employee.id !== e.id)?.days["10"]).toBe(0);
    expect((await readCsv(leaveStatisticsCsv(2032))).split("\r\n")[0]).toContain(",ลาฝึกอบรม (วัน),ลาอุปสมบท (วัน),รวม (วัน)");
    expect(leaveDaysByType(2032)).toMatchObject({ types: [...ON, 10], days: { "10": 15 } });
  });

  it("a petition across 31 December counts each day in its own year", async () => {
    const e = newEmployee();
    const p = await file(e.id, { type: 2, start_date: "2026-12-28", end_date: "2027-01-05", certificate_note: "พักฟื้น" });
    // Working days: 28–30 December 2026 (31 Dec and 1 Jan are holidays), 4–5 January 2027.
    expect([p.days, p.next_year_days]).toEqual([5, 2]);
    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    // The same written straight, in the years after: its own year and the next each take their part.
    approvedRow(e.id, { type: 3, startDate: "2027-12-30", endDate: "2028-01-03", days: 3, nextYearDays: 1 });
    const daysOf = (year: number) => leaveStatistics(year).items.find((i) => i.employee.id === e.id)?.days;
    expect(daysOf(2026)).toMatchObject({ "2": 3, "3": 0 });
    expect(daysOf(2027)).toMatchObject({ "2": 2, "3": 2 });
    expect(daysOf(2028)).toMatchObject({ "2": 0, "3": 1 });
    expect(leaveStatistics(2027).items.find((i) => i.employee.id === e.id)?.total).toBe(4);
    expect(leaveDaysByType(2026).days["2"]).toBeGreaterThanOrEqual(3);
  });

  it("reads the year's sums from the covering year index and the crossing part from the partial index, scanning no table", () => {
    const planOf = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      return db()
        .$client.prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
        .all(...params)
        .map((r) => r.detail)
        .join("\n");
    };
    const own = planOf(ownYearSums(2027));
    const crossing = planOf(crossingSums(2027));
    expect(own).toContain("USING COVERING INDEX leave_petitions_year_idx");
    expect(crossing).toContain("USING COVERING INDEX leave_petitions_crossing_idx");
    for (const plan of [own, crossing]) {
      expect(plan).not.toMatch(/SCAN leave_petitions\b/);
      expect(plan).not.toContain("TEMP B-TREE");
    }
  });

  it("the year parameter: from 2024, a number", () => {
    expect(StatisticQuery().safeParse({ year: "2023" }).success).toBe(false);
    expect(StatisticQuery().safeParse({ year: "20x6" }).success).toBe(false);
    expect(StatisticQuery().safeParse({ format: "xml" }).success).toBe(false);
    expect(StatisticQuery().parse({ year: "2024", format: "csv" })).toEqual({ year: 2024, format: "csv" });
  });
});
