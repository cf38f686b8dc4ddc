import { and, between, eq } from "drizzle-orm";
import { attendance, employees } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { rowFullName } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { businessDate, clockFormatter } from "~/lib/thai-date";
import { STATUS_LABELS } from "~/models/attendance/labels";
import { absentSoFar } from "~/models/attendance/ledger-day";
import { employeeLedger } from "~/models/attendance/ledger.server";
import { monthDates } from "~/models/attendance/monthly.server";
import type { AttendanceStatus } from "~/models/attendance/status";
import { overWeeklyLimitByEmployee, type WeekOver } from "~/models/overtime/weekly-limit.server";
import { DEFAULT_SCHEDULE_ID, scheduleRulesOn } from "~/models/schedules/schedule-rules.server";
import { closeOf, type PayrollClose } from "./close.server";
import { leaveColumnTypes, totalCells } from "./export.server";
import type { PayBasis } from "~/models/employees/schema";
import { monthSpan, payrollMonthOf } from "./month";
import { employeePayrollTotals, type PayrollTotals } from "./totals.server";

// An employee's printable monthly timesheet (/admin/employee/:id/timesheet?month=): a row per date
// from the day ledger with the record's times beside it, and the month's totals: the payroll
// export's own row for the employee (the same query), so the paper and the file agree.

export type TimesheetDay = {
  date: string;
  weekday: number;
  /** The hours the employee's schedule set for the date ("08:30–17:30"), null on a day off or a holiday. */
  schedule: string | null;
  checkin: string;
  checkout: string;
  /** The ledger's status; null when the ledger has no row (not on the staff, before counting began, still ahead). */
  status: AttendanceStatus | null;
  status_label: string;
  late_minutes: number;
  early_minutes: number;
  worked_minutes: number;
  overtime_minutes: number;
  holiday_work_minutes: number;
  holiday_overtime_minutes: number;
  reason: string;
};

export type Timesheet = {
  employee: { id: number; code: string; full_name: string; position: string | null; department: string | null; pay_basis: PayBasis };
  month: string;
  first: string;
  last: string;
  close: PayrollClose | null;
  days: TimesheetDay[];
  /** The month's totals, null when the ledger has no row of the employee in it. */
  totals: PayrollTotals | null;
  weeks_over: WeekOver[];
  /**
   * The totals under the export's headers, as printed (empty without totals): a leave column for
   * each type that is on, and any type off the employee took in the month.
   */
  total_cells: { label: string; value: string }[];
};

export const TIMESHEET_MESSAGES = { noEmployee: "ไม่พบพนักงาน" } as const;

const blankDay = (date: string, weekday: number): TimesheetDay => ({
  date,
  weekday,
  schedule: null,
  checkin: "",
  checkout: "",
  status: null,
  status_label: "",
  late_minutes: 0,
  early_minutes: 0,
  worked_minutes: 0,
  overtime_minutes: 0,
  holiday_work_minutes: 0,
  holiday_overtime_minutes: 0,
  reason: "",
});

/** The schedule's hours of a date that was to be worked, else null. */
function scheduleText(scheduleId: number | null, date: string, weekday: number, holiday: boolean) {
  if (holiday) return null;
  const rules = scheduleRulesOn(scheduleId ?? DEFAULT_SCHEDULE_ID, date);
  return rules.work_days.includes(weekday) ? `${rules.work_start}–${rules.work_end}` : null;
}

/** The employee's timesheet of `month` (default: the month before today's); 404 for an unknown employee. */
export function employeeTimesheet(employeeId: number, month: string | undefined, now: Date = new Date()): Timesheet {
  const e = db().select().from(employees).where(eq(employees.id, employeeId)).get();
  if (!e) throw new DomainError(404, TIMESHEET_MESSAGES.noEmployee);
  const theMonth = month ?? payrollMonthOf(workDate(now));
  const span = monthSpan(theMonth);
  const ledger = new Map(employeeLedger(employeeId, span.first, span.last, now).map((r) => [r.workDate, r]));
  const records = new Map(
    db()
      .select({ date: attendance.workDate, checkinAt: attendance.checkinAt, checkoutAt: attendance.checkoutAt })
      .from(attendance)
      .where(and(eq(attendance.employeeId, employeeId), between(attendance.workDate, span.first, span.last)))
      .all()
      .map((r) => [r.date, r]),
  );
  const zone = appTimeZoneFromEnv();
  const clock = clockFormatter(zone);
  const days = monthDates(theMonth).map(({ date, weekday }): TimesheetDay => {
    const row = ledger.get(date);
    if (!row) return blankDay(date, weekday);
    const record = records.get(date);
    const out = record?.checkoutAt ?? null;
    const nextDay = out !== null && businessDate(out, zone) > date;
    const notYet = absentSoFar(row);
    return {
      date,
      weekday,
      schedule: scheduleText(row.scheduleId, date, weekday, row.holidayDate !== null),
      checkin: clock(record?.checkinAt ?? null),
      checkout: out === null ? "" : `${clock(out)}${nextDay ? " (วันถัดไป)" : ""}`,
      status: row.status,
      status_label: notYet ? "" : STATUS_LABELS[row.status],
      late_minutes: row.lateMinutes,
      early_minutes: row.earlyMinutes,
      worked_minutes: row.workedMinutes,
      overtime_minutes: row.overtimeMinutes,
      holiday_work_minutes: row.holidayWorkMinutes,
      holiday_overtime_minutes: row.holidayOvertimeMinutes,
      reason: row.reason,
    };
  });
  const totals = employeePayrollTotals(employeeId, span);
  const weeksOver = overWeeklyLimitByEmployee(theMonth).get(employeeId) ?? [];
  return {
    employee: {
      id: e.id,
      code: e.code,
      full_name: rowFullName(e),
      position: e.position,
      department: e.department,
      pay_basis: e.payBasis,
    },
    month: theMonth,
    ...span,
    close: closeOf(theMonth),
    days,
    totals,
    weeks_over: weeksOver,
    total_cells: totals ? totalCells({ ...totals, weeks_over: weeksOver }, leaveColumnTypes([totals])) : [],
  };
}
