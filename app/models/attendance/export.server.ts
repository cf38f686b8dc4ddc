// The range CSV's rows and columns, with no database access: the export's worker threads
// (app/workers/attendance-csv.ts) format the rows they read with these. A row is one day ledger
// row (ADR 043) with the day's attendance record beside it, when there is one.
import { sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { attendance, attendanceDays, employees } from "../../../db/schema";
import type { CsvColumn } from "~/lib/csv.server";
import { LEAVE_TYPE_LABELS } from "~/lib/enums";
import type { PortableStatement } from "~/lib/portable-statement";
import { clockFormatter, formatThaiDate } from "~/lib/thai-date";
import { WEEKDAY_SHORT } from "./codes";
import { flagLabel, GEOFENCE_LABELS, matchText, REVIEW_STATUS_LABELS, STATUS_LABELS } from "./labels";
import { isoWeekday } from "./status";
import { HALF_LABELS } from "~/models/leave/labels";

// Timestamps and flags as stored (epoch ms, JSON text), each row read by exportRow: a year's
// export formats each straight from that, where decoding would make half a million Dates and
// parse a quarter of a million arrays of a handful of distinct values. The record's columns are
// null on a day without a record.
export const EXPORT_FIELDS = {
  employee_id: attendanceDays.employeeId,
  work_date: attendanceDays.workDate,
  checkin_at: sql<number | null>`${attendance.checkinAt}`,
  checkout_at: sql<number | null>`${attendance.checkoutAt}`,
  late_minutes: attendanceDays.lateMinutes,
  early_minutes: attendanceDays.earlyMinutes,
  checkin_geofence: attendance.checkinGeofence,
  checkin_distance_m: attendance.checkinDistanceM,
  checkin_address: attendance.checkinAddress,
  checkin_match: attendance.checkinMatch,
  checkin_photo: sql<boolean>`${attendance.checkinPhotoUploadId} is not null`,
  checkout_geofence: attendance.checkoutGeofence,
  checkout_distance_m: attendance.checkoutDistanceM,
  checkout_address: attendance.checkoutAddress,
  checkout_match: attendance.checkoutMatch,
  checkout_photo: sql<boolean>`${attendance.checkoutPhotoUploadId} is not null`,
  review_status: attendance.reviewStatus,
  review_note: attendance.reviewNote,
  checked: attendance.checked,
  flags: sql<string | null>`${attendance.flags}`,
  status: attendanceDays.status,
  reason: attendanceDays.reason,
  scheduled_minutes: attendanceDays.scheduledMinutes,
  worked_minutes: attendanceDays.workedMinutes,
  leave_type: attendanceDays.leaveType,
  leave_fraction: attendanceDays.leaveFraction,
  leave_half: attendanceDays.leaveHalf,
  absent_fraction: attendanceDays.absentFraction,
  overtime_minutes: attendanceDays.overtimeMinutes,
  holiday_work_minutes: attendanceDays.holidayWorkMinutes,
  holiday_overtime_minutes: attendanceDays.holidayOvertimeMinutes,
};

/** A row of EXPORT_FIELDS as the export reads it (a day without a record has its columns null). */
export type ExportRow = Omit<SelectResultFields<typeof EXPORT_FIELDS>, "review_status" | "checked"> & {
  review_status: SelectResultFields<typeof EXPORT_FIELDS>["review_status"] | null;
  checked: number | null;
};

/** A raw export row (EXPORT_FIELDS' order) as its object. */
export const exportRow = (r: unknown[]): ExportRow => ({
  employee_id: r[0] as number,
  work_date: r[1] as string,
  checkin_at: r[2] as number | null,
  checkout_at: r[3] as number | null,
  late_minutes: r[4] as number,
  early_minutes: r[5] as number,
  checkin_geofence: r[6] as ExportRow["checkin_geofence"],
  checkin_distance_m: r[7] as number | null,
  checkin_address: r[8] as string | null,
  checkin_match: r[9] as number | null,
  checkin_photo: r[10] === 1,
  checkout_geofence: r[11] as ExportRow["checkout_geofence"],
  checkout_distance_m: r[12] as number | null,
  checkout_address: r[13] as string | null,
  checkout_match: r[14] as number | null,
  checkout_photo: r[15] === 1,
  review_status: r[16] as ExportRow["review_status"],
  review_note: r[17] as string | null,
  checked: r[18] as number | null,
  flags: r[19] as string | null,
  status: r[20] as ExportRow["status"],
  reason: r[21] as string,
  scheduled_minutes: r[22] as number,
  worked_minutes: r[23] as number,
  leave_type: r[24] as number | null,
  leave_fraction: r[25] as number,
  leave_half: r[26] as ExportRow["leave_half"],
  absent_fraction: r[27] as number,
  overtime_minutes: r[28] as number,
  holiday_work_minutes: r[29] as number,
  holiday_overtime_minutes: r[30] as number,
});

/** What the columns need besides the rows, read once per export; structured-clonable. */
export type ExportContext = {
  timeZone: string;
  /** Each employee's code and full name, by id, when the export started. */
  employees: ReadonlyMap<number, ExportEmployee>;
};

export type ExportEmployee = { code: string; name: string };

/** What identifies an employee in the export, in this order (the workers read them as a row). */
export const EXPORT_EMPLOYEE_FIELDS = { code: employees.code, title: employees.title, firstName: employees.firstName, lastName: employees.lastName, namePrefix: employees.namePrefix };

/**
 * An export's work for its worker threads: the rows of `statement` for each of `days` (its `day`
 * placeholder); `employee` reads EXPORT_EMPLOYEE_FIELDS of the employee `id`.
 */
export type AttendanceExportTask = { file: string; statement: PortableStatement; employee: PortableStatement; days: string[]; context: ExportContext };

/** A value per distinct key, worked out once (an export repeats each date for every employee). */
function memo<K, T>(fn: (key: K) => T) {
  const cache = new Map<K, T>();
  return (key: K) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      cache.set(key, value);
    }
    return value;
  };
}

const metres = (m: number | null) => (m == null ? null : Math.round(m));
const NO_EMPLOYEE = { code: "", name: "" };

/**
 * The CSV's columns. `lookUp` finds an employee missing from the context (one added after it was
 * read, whose records the rows' later snapshot can hold).
 */
export function exportColumns(context: ExportContext, lookUp: (id: number) => ExportEmployee | undefined = () => undefined): CsvColumn<ExportRow>[] {
  const { timeZone } = context;
  const clock = clockFormatter(timeZone);
  const thaiDate = memo((date: string) => formatThaiDate(date, timeZone));
  const weekday = memo(isoWeekday);
  const later = memo((id: number) => lookUp(id) ?? NO_EMPLOYEE);
  const employee = (id: number) => context.employees.get(id) ?? later(id);
  const flags = memo((stored: string) => (JSON.parse(stored) as string[]).map(flagLabel).join(", "));
  // Dates twice (ADR 012): Thai BE for reading, ISO beside it for sorting and formulas.
  return [
    { label: "วันที่", value: (r) => thaiDate(r.work_date) },
    { label: "วันที่ (ค.ศ.)", value: (r) => r.work_date },
    { label: "วัน", value: (r) => WEEKDAY_SHORT[weekday(r.work_date) - 1] },
    { label: "รหัสพนักงาน", value: (r) => employee(r.employee_id).code },
    { label: "ชื่อ-นามสกุล", value: (r) => employee(r.employee_id).name },
    { label: "สถานะ", value: (r) => STATUS_LABELS[r.status] },
    { label: "เวลาเข้างาน", value: (r) => clock(r.checkin_at) },
    { label: "เวลาออกงาน", value: (r) => clock(r.checkout_at) },
    { label: "สาย (นาที)", value: (r) => r.late_minutes },
    { label: "ออกก่อนเวลา (นาที)", value: (r) => r.early_minutes },
    { label: "พื้นที่ตอนเข้างาน", value: (r) => (r.checkin_geofence ? GEOFENCE_LABELS[r.checkin_geofence] : "") },
    { label: "ระยะจากสำนักงานตอนเข้างาน (ม.)", value: (r) => metres(r.checkin_distance_m) },
    { label: "ที่อยู่ตอนเข้างาน", value: (r) => r.checkin_address },
    { label: "ใบหน้าตอนเข้างาน", value: (r) => (r.checkin_at ? matchText(r.checkin_match, r.checkin_photo) : null) },
    { label: "พื้นที่ตอนออกงาน", value: (r) => (r.checkout_geofence ? GEOFENCE_LABELS[r.checkout_geofence] : "") },
    { label: "ระยะจากสำนักงานตอนออกงาน (ม.)", value: (r) => metres(r.checkout_distance_m) },
    { label: "ที่อยู่ตอนออกงาน", value: (r) => r.checkout_address },
    { label: "ใบหน้าตอนออกงาน", value: (r) => (r.checkout_at ? matchText(r.checkout_match, r.checkout_photo) : null) },
    { label: "ผลการตรวจสอบ", value: (r) => (r.review_status ? REVIEW_STATUS_LABELS[r.review_status] : "") },
    { label: "หมายเหตุการตรวจสอบ", value: (r) => r.review_note },
    { label: "ตรวจแล้ว", value: (r) => (r.checked == null ? "" : r.checked === 1 ? "ตรวจแล้ว" : "ยังไม่ตรวจ") },
    { label: "ข้อสังเกต", value: (r) => (r.flags ? flags(r.flags) : "") },
    // The day ledger's own columns (ADR 043), after the record's.
    { label: "รายละเอียดสถานะ", value: (r) => r.reason },
    { label: "เวลาทำงานตามกำหนด (นาที)", value: (r) => r.scheduled_minutes },
    { label: "เวลาทำงานจริง (นาที)", value: (r) => r.worked_minutes },
    { label: "ประเภทการลา", value: (r) => (r.leave_fraction > 0 ? (r.leave_type == null ? "หลายประเภท" : (LEAVE_TYPE_LABELS[r.leave_type] ?? "")) : "") },
    { label: "ช่วงที่ลา", value: (r) => (r.leave_fraction > 0 ? HALF_LABELS[r.leave_half ?? "full"] : "") },
    { label: "ลา (วัน)", value: (r) => r.leave_fraction },
    { label: "ขาดงาน (วัน)", value: (r) => r.absent_fraction },
    { label: "โอที 1.5 เท่า (นาที)", value: (r) => r.overtime_minutes },
    { label: "ทำงานวันหยุด (นาที)", value: (r) => r.holiday_work_minutes },
    { label: "โอที 3 เท่า (นาที)", value: (r) => r.holiday_overtime_minutes },
  ];
}
