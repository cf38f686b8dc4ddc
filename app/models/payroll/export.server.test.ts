import { and, between, eq } from "drizzle-orm";
import { admins, attendanceDays, employees, payrollCloses } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { THAI_DATE_FORMAT } from "~/lib/xlsx.server";
import { approvedLeave, at, resetLedger, writeRecord } from "~/models/attendance/ledger.test-helpers";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";
import { isoWeekday } from "~/models/attendance/status";
import { LEAVE_TYPES } from "~/models/leave/rules";
import { leaveTypeOf, updateLeaveType } from "~/models/leave/leave-types.server";
import { serialDate, xlsxPart, xlsxRows } from "../../../tests/fixtures/xlsx";
import { closeMonth } from "./close.server";
import { leaveColumnTypes, payrollColumns, PAYROLL_HEAD_ROWS, payrollCsv, PayrollQuery, payrollSheet, payrollXlsx } from "./export.server";
import { leaveColumnLabel, PAYROLL_LABELS } from "./labels";

const MONTH = "2026-11"; // 1 Nov 2026 is a Sunday
const NOW = at("2026-12-03", "10:00");
const system = { type: "system" as const };
const typeOf = (id: number) => leaveTypeOf(id)!;
/** The types on by default: all but ordination (10). */
const ON = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const headerOf = (month = MONTH) => payrollColumns(payrollSheet(month, NOW).leave_types).map((c) => c.label);

let serial = 0;
function make(first: string, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `PX${String(serial).padStart(3, "0")}`, title: 1, first_name: first, last_name: "เงินเดือน", ...overrides }),
    system,
  );
}
const record = (employeeId: number, date: string, values: Parameters<typeof writeRecord>[2] = {}) => writeRecord(employeeId, date, values, NOW);
const setMinutes = (employeeId: number, date: string, values: Partial<typeof attendanceDays.$inferInsert>) =>
  db().update(attendanceDays).set(values).where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date))).run();

/** The expected row of an employee, summed in JS from the ledger's rows of the month. */
function expectedFromLedger(employeeId: number) {
  const rows = db()
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), between(attendanceDays.workDate, "2026-11-01", "2026-11-30")))
    .all();
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    scheduled_days: sum((r) => (r.scheduledMinutes > 0 || r.leaveFraction === 1 ? 1 : 0)),
    worked_days: sum((r) => (["present", "late", "early_leave", "missing_checkout"].includes(r.status) ? 1 : 0)),
    absent_days: sum((r) => r.absentFraction),
    late_count: sum((r) => (r.lateMinutes > 0 ? 1 : 0)),
    late_minutes: sum((r) => r.lateMinutes),
    early_minutes: sum((r) => r.earlyMinutes),
    leave_days_by_type: Object.fromEntries(LEAVE_TYPES.map((t) => [t, sum((r) => (r.leaveType === t ? r.leaveFraction : 0))])),
    leave_days_mixed: sum((r) => (r.leaveType === null ? r.leaveFraction : 0)),
    leave_days: sum((r) => r.leaveFraction),
    overtime_minutes: sum((r) => r.overtimeMinutes),
    holiday_work_minutes: sum((r) => r.holidayWorkMinutes),
    holiday_overtime_minutes: sum((r) => r.holidayOvertimeMinutes),
    missing_checkouts: sum((r) => (r.status === "missing_checkout" ? 1 : 0)),
  };
}

let a: { id: number };
let b: { id: number };

beforeAll(() => {
  resetLedger("2026-10-01");
  setSetting("work_days", [1, 2, 3, 4, 5]);
  a = make("เอ");
  b = make("บี", { pay_basis: "daily" });
  make("ซี", { start_date: "2026-12-01" }); // not on the staff in November: no row
  record(a.id, "2026-11-02"); // present
  record(a.id, "2026-11-03", { checkinAt: at("2026-11-03", "08:42") }); // late 12
  record(a.id, "2026-11-04", { checkoutAt: at("2026-11-04", "17:00") }); // early 30
  record(a.id, "2026-11-05", { checkinAt: at("2026-11-05", "08:35"), checkoutAt: null }); // late 5, no check-out
  record(a.id, "2026-11-06", { reviewStatus: "rejected", checkinReview: "rejected", checkoutReview: "rejected" }); // absent
  record(a.id, "2026-11-07", { checkinAt: at("2026-11-07", "09:00"), checkoutAt: at("2026-11-07", "12:00") }); // Saturday work
  approvedLeave(a.id, "2026-11-09", "2026-11-09", { type: 2 });
  approvedLeave(a.id, "2026-11-10", "2026-11-10", { type: 1, half: "morning", days: 0.5 });
  record(a.id, "2026-11-10", { checkinAt: at("2026-11-10", "12:55"), checkoutAt: at("2026-11-10", "17:35") });
  approvedLeave(a.id, "2026-11-11", "2026-11-11", { type: 3, half: "afternoon", days: 0.5 }); // and no show in the morning
  record(b.id, "2026-11-02");
  payrollSheet(MONTH, NOW); // fills the month
  // The overtime columns as the ledger holds them (its own tests cover how they are computed).
  setMinutes(a.id, "2026-11-02", { overtimeMinutes: 150 });
  setMinutes(a.id, "2026-11-07", { holidayWorkMinutes: 180, holidayOvertimeMinutes: 10 });
  setMinutes(b.id, "2026-11-02", { overtimeMinutes: 45 });
});

describe("payrollSheet", () => {
  it("has a row per employee with ledger rows in the month, summed as the ledger holds them", () => {
    const sheet = payrollSheet(MONTH, NOW);
    expect(sheet).toMatchObject({ month: MONTH, first: "2026-11-01", last: "2026-11-30", close: null });
    expect(sheet.rows.map((r) => r.employee_id)).toEqual([a.id, b.id]);
    for (const row of sheet.rows) expect(row).toMatchObject(expectedFromLedger(row.employee_id));
  });

  it("counts what the month held, by the definitions", () => {
    const row = payrollSheet(MONTH, NOW).rows[0];
    expect(row).toMatchObject({
      pay_basis: "monthly",
      late_count: 2,
      late_minutes: 17,
      early_minutes: 30,
      missing_checkouts: 1,
      leave_days_by_type: { 1: 0.5, 2: 1, 3: 0.5 },
      leave_days_mixed: 0,
      leave_days: 2,
      overtime_minutes: 150,
      holiday_work_minutes: 180,
      holiday_overtime_minutes: 10,
      weeks_over: [],
    });
    // Worked: the 2nd–5th, the 10th's afternoon and the Saturday; the rejected check-in is not.
    expect(row.worked_days).toBe(6);
    // Every working day of the month (weekdays, no holiday), the full day of leave on the 9th included.
    const workingDays = db()
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, a.id), between(attendanceDays.workDate, "2026-11-01", "2026-11-30")))
      .all()
      .filter((r) => isoWeekday(r.workDate) <= 5 && r.holidayDate === null).length;
    expect(workingDays).toBeGreaterThan(15);
    expect(row.scheduled_days).toBe(workingDays);
    // The rejected check-in, half of the 11th, and the working days with nothing (all but the 2nd–6th, 9th, 10th and 11th).
    expect(row.absent_days).toBe(1 + 0.5 + (workingDays - 8));
    expect(payrollSheet(MONTH, NOW).rows[1]).toMatchObject({ pay_basis: "daily", worked_days: 1, overtime_minutes: 45 });
  });

  it("defaults to the month before today's; the query takes a month and a format", () => {
    expect(payrollSheet(undefined, NOW).month).toBe(MONTH);
    expect(PayrollQuery.parse({})).toEqual({ month: undefined, format: "xlsx" });
    expect(PayrollQuery.parse({ month: MONTH, format: "csv" })).toEqual({ month: MONTH, format: "csv" });
    expect(PayrollQuery.safeParse({ month: "2026-13" }).success).toBe(false);
    expect(PayrollQuery.safeParse({ format: "pdf" }).success).toBe(false);
  });
});

describe("payrollXlsx", () => {
  it("holds the ledger's numbers as numbers under Thai headers, the head and header frozen, dates shown in BE", async () => {
    const { filename, bytes } = await payrollXlsx(MONTH, NOW);
    expect(filename).toBe("payroll-2026-11.xlsx");
    const rows = await xlsxRows(bytes);
    expect(rows[0][0]).toBe("สรุปเวลาทำงานสำหรับคิดเงินเดือน เดือนพฤศจิกายน 2569");
    expect(String(rows[1][0])).toMatch(/^ยังไม่ปิดงวด/);
    const [label, first, , last] = rows[2];
    expect(label).toBe("ช่วงวันที่");
    const asDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : serialDate(Number(v)));
    expect([asDate(first), asDate(last)]).toEqual(["2026-11-01", "2026-11-30"]);
    const header = rows[PAYROLL_HEAD_ROWS];
    expect(header).toEqual(headerOf());
    expect(header).toEqual(expect.arrayContaining([leaveColumnLabel(typeOf(2)), PAYROLL_LABELS.overtimeHours, PAYROLL_LABELS.weeksOver]));
    const data = rows.slice(PAYROLL_HEAD_ROWS + 1).map((cells) => Object.fromEntries(header.map((h, i) => [String(h), cells[i]])));
    expect(data).toHaveLength(2);
    for (const [i, e] of [a, b].entries()) {
      const want = expectedFromLedger(e.id);
      const cells = data[i];
      expect(cells[PAYROLL_LABELS.scheduledDays]).toBe(want.scheduled_days);
      expect(cells[PAYROLL_LABELS.workedDays]).toBe(want.worked_days);
      expect(cells[PAYROLL_LABELS.absentDays]).toBe(want.absent_days);
      expect(cells[PAYROLL_LABELS.lateCount]).toBe(want.late_count);
      expect(cells[PAYROLL_LABELS.lateMinutes]).toBe(want.late_minutes);
      expect(cells[PAYROLL_LABELS.earlyMinutes]).toBe(want.early_minutes);
      for (const t of ON) expect(cells[leaveColumnLabel(typeOf(t))]).toBe(want.leave_days_by_type[t]);
      expect(cells[PAYROLL_LABELS.overtimeHours]).toBe(want.overtime_minutes / 60);
      expect(cells[PAYROLL_LABELS.holidayWorkHours]).toBe(want.holiday_work_minutes / 60);
      expect(cells[PAYROLL_LABELS.holidayOvertimeHours]).toBe(want.holiday_overtime_minutes / 60);
      expect(cells[PAYROLL_LABELS.missingCheckouts]).toBe(want.missing_checkouts);
    }
    expect(data[0]).toMatchObject({ [PAYROLL_LABELS.code]: "PX001", [PAYROLL_LABELS.payBasis]: "รายเดือน", [PAYROLL_LABELS.holidayWorkRate]: 1 });
    expect(data[1]).toMatchObject({ [PAYROLL_LABELS.payBasis]: "รายวัน", [PAYROLL_LABELS.holidayWorkRate]: 2, [PAYROLL_LABELS.overtimeHours]: 0.75 });
    expect(data[0][PAYROLL_LABELS.holidayOvertimeHours]).toBe(10 / 60);

    const sheetXml = xlsxPart(bytes, "xl/worksheets/sheet1.xml");
    expect(sheetXml).toMatch(/<pane [^>]*ySplit="4"[^>]*state="frozen"/);
    expect(sheetXml).toMatch(/<pane [^>]*xSplit="2"/);
    expect(xlsxPart(bytes, "xl/styles.xml")).toContain(`formatCode="${THAI_DATE_FORMAT}"`);
  });

  it("names who closed the month and when", async () => {
    const adminId = db().insert(admins).values({ username: "payroll-x", passwordHash: "x", fullName: "คุณปิดงวด" }).returning().get().id;
    closeMonth(MONTH, { type: "admin", id: adminId }, NOW);
    try {
      const rows = await xlsxRows((await payrollXlsx(MONTH, NOW)).bytes);
      expect(rows[1][0]).toBe("ปิดงวดแล้ว โดย คุณปิดงวด เมื่อ 3 ธ.ค. 2569 10:00");
    } finally {
      db().delete(payrollCloses).run();
    }
  });
});

describe("payrollCsv", () => {
  it("has the same columns after a UTF-8 BOM, hours rounded to two decimals", async () => {
    const { filename, stream } = payrollCsv(MONTH, NOW);
    expect(filename).toBe("payroll-2026-11.csv");
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await readCsv(new Response(bytes).body!)).slice(1).trimEnd().split("\r\n");
    const header = headerOf();
    expect(lines[0]).toBe(header.join(","));
    expect(lines).toHaveLength(3);
    const cells = lines[1].split(",");
    const col = (label: string) => cells[header.indexOf(label)];
    const code = db().select({ code: employees.code }).from(employees).where(eq(employees.id, a.id)).get()?.code;
    expect(col(PAYROLL_LABELS.code)).toBe(code);
    expect(col(PAYROLL_LABELS.overtimeHours)).toBe("2.5");
    expect(col(PAYROLL_LABELS.holidayOvertimeHours)).toBe("0.17");
    expect(col(PAYROLL_LABELS.lateMinutes)).toBe("17");
  });
});

describe("the leave columns", () => {
  const label = (id: number) => leaveColumnLabel(typeOf(id));

  it("one for each type that is on, by id; an unpaid type (paid_days 0) says so", () => {
    const sheet = payrollSheet(MONTH, NOW);
    expect(sheet.leave_types.map((t) => t.id)).toEqual(ON);
    const leaveHeaders = headerOf().filter((h) => h.startsWith("ลา") && h !== PAYROLL_LABELS.leaveMixed && h !== PAYROLL_LABELS.leaveDays);
    expect(leaveHeaders).toEqual(ON.map(label));
    expect(label(1)).toBe("ลากิจ ได้รับค่าจ้าง (วัน)");
    expect(label(8)).toBe("ลาทำหมัน ได้รับค่าจ้าง (วัน)"); // paid_days null: as the certificate says
    expect(label(9)).toBe("ลาฝึกอบรม ไม่ได้รับค่าจ้าง (วัน)");
    expect(label(10)).toBe("ลาอุปสมบท ไม่ได้รับค่าจ้าง (วัน)");
  });

  it("whether a type is paid is its rules': an admin setting paid_days to 0 makes its column unpaid", () => {
    updateLeaveType(7, { paid_days: 0 }, system);
    try {
      expect(headerOf()).toContain("ลารับราชการทหาร ไม่ได้รับค่าจ้าง (วัน)");
    } finally {
      updateLeaveType(7, { paid_days: 60 }, system);
    }
    expect(headerOf()).toContain("ลารับราชการทหาร ได้รับค่าจ้าง (วัน)");
  });

  it("a type that is off has a column only in a month with days of it", async () => {
    const c = make("ดี");
    approvedLeave(c.id, "2026-10-26", "2026-10-30", { type: 10, days: 5 }); // Monday to Friday
    expect(headerOf()).not.toContain(label(10));
    const october = payrollSheet("2026-10", NOW);
    expect(october.leave_types.map((t) => t.id)).toEqual([...ON, 10]);
    const mine = october.rows.find((r) => r.employee_id === c.id)!;
    expect(mine.leave_days_by_type[10]).toBe(5);
    const lines = (await readCsv(payrollCsv("2026-10", NOW).stream)).slice(1).trimEnd().split("\r\n");
    const header = lines[0].split(",");
    expect(header).toContain(label(10));
    const row = lines.find((l) => l.startsWith(`${mine.code},`))!.split(",");
    expect(row[header.indexOf(label(10))]).toBe("5");
    // Another employee's columns: theirs the same, ordination with nothing.
    expect(leaveColumnTypes(october.rows.filter((r) => r.employee_id !== c.id)).map((t) => t.id)).toEqual(ON);
  });
});
