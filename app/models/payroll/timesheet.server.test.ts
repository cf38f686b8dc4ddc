import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { getSetting, setSetting } from "~/models/core/settings.server";
import { recomputeDay } from "~/models/attendance/ledger.server";
import { approvedLeave, at, resetLedger, writeRecord } from "~/models/attendance/ledger.test-helpers";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { leaveTypeOf } from "~/models/leave/leave-types.server";
import { payrollColumns, payrollSheet } from "./export.server";
import { leaveColumnLabel, PAYROLL_LABELS } from "./labels";
import { employeeTimesheet } from "./timesheet.server";

const NOW = at("2026-12-03", "10:00");
const system = { type: "system" as const };
let id: number;

beforeAll(() => {
  resetLedger("2026-11-05");
  setSetting("work_days", [1, 2, 3, 4, 5]);
  id = createEmployee(EmployeeCreateSchema.parse({ code: "TS01", title: 2, first_name: "มาลี", last_name: "ใบลงเวลา", position: "บัญชี" }), system).id;
  createEmployee(EmployeeCreateSchema.parse({ code: "TS02", title: 1, first_name: "อื่น", last_name: "อีกคน" }), system);
  writeRecord(id, "2026-11-09", { checkinAt: at("2026-11-09", "08:42"), checkoutAt: at("2026-11-09", "17:35") }, NOW);
  // Out after midnight: the next morning, on the same work date.
  writeRecord(id, "2026-11-10", { checkinAt: at("2026-11-10", "08:25"), checkoutAt: at("2026-11-11", "00:30") }, NOW);
  approvedLeave(id, "2026-11-12", "2026-11-12", { type: 2 });
});

describe("employeeTimesheet", () => {
  it("has a row per date of the month from the ledger, with the record's times and the schedule's hours", () => {
    const sheet = employeeTimesheet(id, "2026-11", NOW);
    expect(sheet.employee).toMatchObject({ id, code: "TS01", full_name: "นางมาลี ใบลงเวลา", position: "บัญชี", pay_basis: "monthly" });
    expect(sheet).toMatchObject({ month: "2026-11", first: "2026-11-01", last: "2026-11-30", close: null, weeks_over: [] });
    expect(sheet.days).toHaveLength(30);
    // Before attendance_start: blank.
    expect(sheet.days[2]).toMatchObject({ date: "2026-11-03", status: null, status_label: "", schedule: null, checkin: "" });
    const hours = `${getSetting("work_start")}–${getSetting("work_end")}`;
    expect(sheet.days[8]).toMatchObject({
      date: "2026-11-09",
      weekday: 1,
      schedule: hours,
      checkin: "08:42",
      checkout: "17:35",
      status: "late",
      status_label: "มาสาย",
      late_minutes: 12,
    });
    expect(sheet.days[8].worked_minutes).toBeGreaterThan(0);
    expect(sheet.days[9]).toMatchObject({ checkin: "08:25", checkout: "00:30 (วันถัดไป)" });
    expect(sheet.days[11]).toMatchObject({ status: "leave", status_label: "ลา", checkin: "" });
    expect(sheet.days[13]).toMatchObject({ date: "2026-11-14", status: "day_off", schedule: null });
    expect(sheet.days[15]).toMatchObject({ date: "2026-11-16", status: "absent", status_label: "ขาดงาน" });
  });

  it("totals the month with the payroll export's own row", () => {
    const sheet = employeeTimesheet(id, "2026-11", NOW);
    const row = payrollSheet("2026-11", NOW).rows.find((r) => r.employee_id === id);
    const { weeks_over: _weeks, ...totals } = row!;
    expect(sheet.totals).toEqual(totals);
    expect(sheet.totals).toMatchObject({ late_count: 1, late_minutes: 12, leave_days_by_type: { 2: 1 } });
    expect(sheet.total_cells.map((c) => c.label)).toEqual(payrollColumns(payrollSheet("2026-11", NOW).leave_types).slice(3).map((c) => c.label));
    expect(sheet.total_cells.find((c) => c.label === leaveColumnLabel(leaveTypeOf(2)!))?.value).toBe("1");
    expect(sheet.total_cells.find((c) => c.label === PAYROLL_LABELS.lateMinutes)?.value).toBe("12");
    expect(sheet.total_cells.find((c) => c.label === PAYROLL_LABELS.overtimeHours)?.value).toBe("0.00");
  });

  it("has a leave column for each type that is on, and for a type that is off only when the employee took it", () => {
    const labels = () => employeeTimesheet(id, "2026-11", NOW).total_cells.map((c) => c.label);
    const ordination = leaveColumnLabel(leaveTypeOf(10)!);
    expect(labels()).toContain(leaveColumnLabel(leaveTypeOf(9)!));
    expect(labels()).not.toContain(ordination);
    approvedLeave(id, "2026-11-23", "2026-11-24", { type: 10, days: 2 });
    for (const date of ["2026-11-23", "2026-11-24"]) recomputeDay(db(), id, date, NOW);
    const cells = employeeTimesheet(id, "2026-11", NOW).total_cells;
    expect(cells.find((c) => c.label === ordination)?.value).toBe("2");
    expect(cells.map((c) => c.label).indexOf(ordination)).toBe(cells.map((c) => c.label).indexOf(leaveColumnLabel(leaveTypeOf(9)!)) + 1);
  });

  it("defaults to the month before today's; no totals for a month without rows; 404 for an unknown employee", () => {
    expect(employeeTimesheet(id, undefined, NOW).month).toBe("2026-11");
    expect(employeeTimesheet(id, "2026-09", NOW)).toMatchObject({ totals: null, total_cells: [] });
    expect(() => employeeTimesheet(999_999, "2026-11", NOW)).toThrow(DomainError);
  });
});
