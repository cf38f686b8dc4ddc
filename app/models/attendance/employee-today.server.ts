import { LEAVE_TYPE_LABELS } from "~/lib/enums";
import { todayFor } from "./attendance.server";
import { STATUS_LABELS } from "./labels";
import { absentSoFar } from "./ledger-day";
import { employeeLedger, type LedgerRow } from "./ledger.server";
import type { LeavePart } from "./status";

/** The home's word for a working day with no check-in yet while it can still come (not "ขาดงาน"). */
export const NOT_CHECKED_IN_YET = "ยังไม่ได้ลงเวลา";

/** The home's word for a day the ledger holds no row of: before the office (or the employee) started counting. */
export const NOT_COUNTED = "ยังไม่เริ่มนับการลงเวลา";

/** The day's approved leave as the ledger counted it (none on a holiday or a day off). */
function leaveOf(day: LedgerRow | null): { part: LeavePart; type: string | null } | null {
  if (!day || day.leaveFraction === 0) return null;
  return { part: day.leaveHalf ?? "full", type: day.leaveType === null ? null : (LEAVE_TYPE_LABELS[day.leaveType] ?? null) };
}

/**
 * The employee home's card: today's check-in and check-out, the ledger's status and reason for
 * this employee today (the admins' daily view reads the same row), the review of the record, what
 * comes next, and the day's approved leave.
 */
export function employeeToday(employeeId: number, now: Date = new Date()) {
  const { work_date, record, next } = todayFor(employeeId, now);
  const day = employeeLedger(employeeId, work_date, work_date, now)[0] ?? null;
  return {
    work_date,
    checkin_at: record?.checkin_at ?? null,
    checkout_at: record?.checkout_at ?? null,
    status: day?.status ?? null,
    /**
     * The status in Thai, the daily view's word (sent so the phone does not load the labels), but
     * not "ขาดงาน" for a day whose work hours are not over: the employee may still check in.
     */
    status_label: !day ? NOT_COUNTED : absentSoFar(day) ? NOT_CHECKED_IN_YET : STATUS_LABELS[day.status],
    reason: day?.reason ?? "",
    review_status: record?.review_status ?? null,
    next,
    leave: leaveOf(day),
  };
}

export type EmployeeToday = ReturnType<typeof employeeToday>;
