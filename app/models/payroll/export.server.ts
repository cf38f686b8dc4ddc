import { z } from "zod";
import { workDate } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import { blankAsMissing } from "~/lib/validation";
import { dateCell, xlsxBytes, type CellObject, type SheetData } from "~/lib/xlsx.server";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { monthField } from "~/models/attendance/monthly.server";
import type { LeaveTypeRules } from "~/models/leave/catalogue";
import { leaveTypeList } from "~/models/leave/leave-types.server";
import { overWeeklyLimitByEmployee, type WeekOver } from "~/models/overtime/weekly-limit.server";
import { closeOf, type PayrollClose } from "./close.server";
import { PAY_BASIS_LABELS } from "~/models/employees/labels";
import { closeStateText, HOLIDAY_WORK_RATE, leaveColumnLabel, PAYROLL_LABELS, payrollTitle } from "./labels";
import { monthSpan, payrollMonthOf } from "./month";
import { payrollTotals, type PayrollTotals } from "./totals.server";

// The payroll export of a month (`GET /api/payroll?month=&format=xlsx|csv`): one row per employee
// the ledger has rows for in the month, the same columns in both formats. Numbers are numbers:
// days (halves), counts, minutes, and hours as minutes / 60 (the XLSX keeps the exact value and
// shows two decimals; the CSV writes it rounded to two).

export const PayrollQuery = z.object({
  month: z.preprocess(blankAsMissing, monthField.optional()),
  format: z.preprocess(blankAsMissing, z.enum(["xlsx", "csv"], { error: "รูปแบบ (format) ต้องเป็น xlsx หรือ csv" }).default("xlsx")),
});

export type PayrollRow = PayrollTotals & { weeks_over: WeekOver[] };

export type PayrollSheet = {
  month: string;
  first: string;
  last: string;
  close: PayrollClose | null;
  /** The types with a leave column (leaveColumnTypes of the rows). */
  leave_types: LeaveTypeRules[];
  rows: PayrollRow[];
};

/** The leave columns of a month: every type that is on, and any type off with days in `rows`, by id. */
export function leaveColumnTypes(rows: readonly Pick<PayrollTotals, "leave_days_by_type">[]): LeaveTypeRules[] {
  return leaveTypeList().filter((t) => t.active || rows.some((r) => (r.leave_days_by_type[t.id] ?? 0) > 0));
}

/**
 * The month's rows (default: the month before today's), the ledger filled up to today first, with
 * the weeks in which an employee's approved overtime and holiday work passed 36 hours.
 */
export function payrollSheet(month: string | undefined, now: Date = new Date()): PayrollSheet {
  const theMonth = month ?? payrollMonthOf(workDate(now));
  const span = monthSpan(theMonth);
  ensureLedger(span.first, span.last, now);
  const over = overWeeklyLimitByEmployee(theMonth);
  const rows = payrollTotals(span).map((t) => ({ ...t, weeks_over: over.get(t.employee_id) ?? [] }));
  return { month: theMonth, ...span, close: closeOf(theMonth), leave_types: leaveColumnTypes(rows), rows };
}

type Kind = "text" | "count" | "days" | "hours";
/** A column; an "hours" column's value is its minutes (written as hours by each format). */
type Column = { label: string; kind: Kind; width: number; value: (r: PayrollRow) => string | number };
type LeaveColumnType = Pick<LeaveTypeRules, "id" | "name_th" | "paid_days">;

const hours = (minutes: number) => minutes / 60;
const roundHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const weeksText = (weeks: WeekOver[]) => weeks.map((w) => `สัปดาห์เริ่ม ${formatThaiDate(w.week_start)}: ${w.hours} ชม.`).join("; ");

/** The export's columns, in order, with a leave column for each of `leaveTypes`; the Thai header of each is also the CSV's. */
export const payrollColumns = (leaveTypes: readonly LeaveColumnType[]): Column[] => [
  { label: PAYROLL_LABELS.code, kind: "text", width: 12, value: (r) => r.code },
  { label: PAYROLL_LABELS.name, kind: "text", width: 28, value: (r) => r.full_name },
  { label: PAYROLL_LABELS.payBasis, kind: "text", width: 12, value: (r) => PAY_BASIS_LABELS[r.pay_basis] },
  { label: PAYROLL_LABELS.scheduledDays, kind: "days", width: 12, value: (r) => r.scheduled_days },
  { label: PAYROLL_LABELS.workedDays, kind: "days", width: 12, value: (r) => r.worked_days },
  { label: PAYROLL_LABELS.absentDays, kind: "days", width: 10, value: (r) => r.absent_days },
  { label: PAYROLL_LABELS.lateCount, kind: "count", width: 10, value: (r) => r.late_count },
  { label: PAYROLL_LABELS.lateMinutes, kind: "count", width: 10, value: (r) => r.late_minutes },
  { label: PAYROLL_LABELS.earlyMinutes, kind: "count", width: 12, value: (r) => r.early_minutes },
  ...leaveTypes.map((t): Column => ({ label: leaveColumnLabel(t), kind: "days", width: 14, value: (r) => r.leave_days_by_type[t.id] ?? 0 })),
  { label: PAYROLL_LABELS.leaveMixed, kind: "days", width: 14, value: (r) => r.leave_days_mixed },
  { label: PAYROLL_LABELS.leaveDays, kind: "days", width: 10, value: (r) => r.leave_days },
  { label: PAYROLL_LABELS.overtimeHours, kind: "hours", width: 14, value: (r) => r.overtime_minutes },
  { label: PAYROLL_LABELS.holidayWorkHours, kind: "hours", width: 12, value: (r) => r.holiday_work_minutes },
  { label: PAYROLL_LABELS.holidayWorkRate, kind: "count", width: 12, value: (r) => HOLIDAY_WORK_RATE[r.pay_basis] },
  { label: PAYROLL_LABELS.holidayOvertimeHours, kind: "hours", width: 14, value: (r) => r.holiday_overtime_minutes },
  { label: PAYROLL_LABELS.missingCheckouts, kind: "count", width: 12, value: (r) => r.missing_checkouts },
  { label: PAYROLL_LABELS.weeksOver, kind: "text", width: 36, value: (r) => weeksText(r.weeks_over) },
];

/** The columns before a row's numbers: the code, the name and the pay basis. */
const PAYROLL_OWN_COLUMNS = 3;

/**
 * A row's numbers after the employee's own columns, as the timesheet prints them under the
 * export's headers (a leave column for each of `leaveTypes`): hours with two decimals, the rest
 * as the export has them ("-" for none).
 */
export function totalCells(row: PayrollRow, leaveTypes: readonly LeaveColumnType[]): { label: string; value: string }[] {
  return payrollColumns(leaveTypes).slice(PAYROLL_OWN_COLUMNS).map((c) => {
    const value = c.value(row);
    return { label: c.label, value: c.kind === "hours" ? hours(Number(value)).toFixed(2) : value === "" ? "-" : String(value) };
  });
}

const fileName = (month: string, extension: string) => `payroll-${month}.${extension}`;

/** The CSV: the header row, then a row per employee; UTF-8 with a BOM. */
export function payrollCsv(month: string | undefined, now: Date = new Date()) {
  const sheet = payrollSheet(month, now);
  const columns: CsvColumn<PayrollRow>[] = payrollColumns(sheet.leave_types).map((c) => ({
    label: c.label,
    value: c.kind === "hours" ? (r) => roundHours(Number(c.value(r))) : c.value,
  }));
  return { filename: fileName(sheet.month, "csv"), stream: csvStream(columns, sheet.rows) };
}

/** The rows above the table: the title, the month's state, its first and last dates. */
export const PAYROLL_HEAD_ROWS = 3;

const bold = (value: string): CellObject => ({ value, type: String, fontWeight: "bold" });

// A plain value is a cell of its own type with no style to look up: only hours carry a format.
function cellOf(column: Column, row: PayrollRow): CellObject | string | number {
  const value = column.value(row);
  if (column.kind === "text") return String(value);
  if (column.kind === "hours") return { value: hours(Number(value)), type: Number, format: "0.00" };
  return Number(value);
}

/**
 * The XLSX: a title row, the month's state (closed by whom and when, or open), the period as two
 * date cells shown in the Buddhist Era, then the header row and a row per employee; the head and
 * the header row stay in view while scrolling, and so do the code and the name.
 */
export async function payrollXlsx(month: string | undefined, now: Date = new Date()) {
  const sheet = payrollSheet(month, now);
  const columns = payrollColumns(sheet.leave_types);
  const rows: SheetData = [
    [bold(payrollTitle(sheet.month))],
    [{ value: closeStateText(sheet.close, (iso) => formatThaiDateTime(iso)), type: String }],
    [bold("ช่วงวันที่"), dateCell(sheet.first), { value: "ถึง", type: String, align: "center" }, dateCell(sheet.last)],
    columns.map((c) => ({ value: c.label, type: String, fontWeight: "bold", wrap: true, alignVertical: "top" })),
    ...sheet.rows.map((r) => columns.map((c) => cellOf(c, r))),
  ];
  const bytes = await xlsxBytes({
    name: `เงินเดือน ${sheet.month}`,
    rows,
    frozenRows: PAYROLL_HEAD_ROWS + 1,
    frozenColumns: 2,
    widths: columns.map((c) => c.width),
  });
  return { filename: fileName(sheet.month, "xlsx"), bytes };
}
