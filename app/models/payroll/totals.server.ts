import { preparedQuery } from "~/lib/db.server";
import { fullName } from "~/lib/enums";
import { LEAVE_TYPES } from "~/models/leave/rules";
import type { PayBasis } from "~/models/employees/schema";

// Each employee's month for payroll, summed in one GROUP BY over the day ledger's rows
// (attendance_days, ADR 043): the export's row and the timesheet's totals are this one query, so
// they cannot disagree. An employee is in the month when the ledger has a row for them in it.

export type PayrollTotals = {
  employee_id: number;
  code: string;
  full_name: string;
  pay_basis: PayBasis;
  /**
   * The days the schedule asked for: ledger days with scheduled minutes (a half day's leave
   * counts, for its other half) plus days of full-day leave (which schedule no minutes). Holidays
   * and days off are not scheduled, even when worked.
   */
  scheduled_days: number;
  /** Days with a check-in the review did not reject (present, late, early leave, no check-out), holidays and days off included. */
  worked_days: number;
  /** The ledger's absent_fraction summed: 1 a day, 0.5 the other half of a half day's leave. */
  absent_days: number;
  late_count: number;
  late_minutes: number;
  early_minutes: number;
  /** Leave days per type (leave_fraction summed by leave_type), by type code. */
  leave_days_by_type: Record<number, number>;
  /** Days whose two halves are leave of two types (the ledger keeps no one type for them). */
  leave_days_mixed: number;
  leave_days: number;
  overtime_minutes: number;
  holiday_work_minutes: number;
  holiday_overtime_minutes: number;
  missing_checkouts: number;
};

const WORKED_STATUSES = "'present', 'late', 'early_leave', 'missing_checkout'";

// LEAVE_TYPES are the app's own integer codes: written into the SQL, one sum each.
const leaveSums = LEAVE_TYPES.map((t) => `total(case when d.leave_type = ${t} then d.leave_fraction end) as leave_${t}`).join(",\n  ");

// Summed first, then joined to the thousand employees (not each of the month's rows to its employee).
const sums = (scope: string) => `select d.employee_id,
    sum(d.scheduled_minutes > 0 or d.leave_fraction >= 1) as scheduled_days,
    sum(d.status in (${WORKED_STATUSES})) as worked_days,
    total(d.absent_fraction) as absent_days,
    sum(d.late_minutes > 0) as late_count,
    sum(d.late_minutes) as late_minutes,
    sum(d.early_minutes) as early_minutes,
    ${leaveSums},
    total(case when d.leave_type is null then d.leave_fraction end) as leave_mixed,
    total(d.leave_fraction) as leave_days,
    sum(d.overtime_minutes) as overtime_minutes,
    sum(d.holiday_work_minutes) as holiday_work_minutes,
    sum(d.holiday_overtime_minutes) as holiday_overtime_minutes,
    sum(d.status = 'missing_checkout') as missing_checkouts
  from attendance_days d where d.work_date between @first and @last${scope}
  group by d.employee_id`;

const select = (scope: string) => `select e.title, e.code, e.name_prefix, e.first_name, e.last_name, e.pay_basis, t.*
  from (${sums(scope)}) t join employees e on e.id = t.employee_id
  order by lower(e.code), e.id`;

type Raw = Omit<PayrollTotals, "full_name" | "leave_days_by_type" | "leave_days_mixed"> & {
  title: number;
  name_prefix: string | null;
  first_name: string;
  last_name: string;
  leave_mixed: number;
} & Record<`leave_${number}`, number>;

type Span = { first: string; last: string };

const everyone = preparedQuery((d) => d.$client.prepare<[Span], Raw>(select("")));
const oneEmployee = preparedQuery((d) => d.$client.prepare<[Span & { employeeId: number }], Raw>(select(" and d.employee_id = @employeeId")));

function toTotals(r: Raw): PayrollTotals {
  return {
    employee_id: r.employee_id,
    code: r.code,
    full_name: fullName(r),
    pay_basis: r.pay_basis,
    scheduled_days: r.scheduled_days,
    worked_days: r.worked_days,
    absent_days: r.absent_days,
    late_count: r.late_count,
    late_minutes: r.late_minutes,
    early_minutes: r.early_minutes,
    leave_days_by_type: Object.fromEntries(LEAVE_TYPES.map((t) => [t, r[`leave_${t}`]])),
    leave_days_mixed: r.leave_mixed,
    leave_days: r.leave_days,
    overtime_minutes: r.overtime_minutes,
    holiday_work_minutes: r.holiday_work_minutes,
    holiday_overtime_minutes: r.holiday_overtime_minutes,
    missing_checkouts: r.missing_checkouts,
  };
}

/** Every employee with ledger rows from `first` to `last`, in code order (the ledger read as it is: fill it first). */
export const payrollTotals = (span: Span): PayrollTotals[] => everyone().all(span).map(toTotals);

/** One employee's totals from `first` to `last`, or null when the ledger has no row of theirs there. */
export function employeePayrollTotals(employeeId: number, span: Span): PayrollTotals | null {
  const row = oneEmployee().get({ ...span, employeeId });
  return row ? toTotals(row) : null;
}
