import { todayFor } from "./attendance.server";
import { employeeDay } from "./daily.server";
import { STATUS_LABELS } from "./labels";
import { absentSoFar } from "./status";

/** The home's word for a working day with no check-in yet while it can still come (not "ขาดงาน"). */
export const NOT_CHECKED_IN_YET = "ยังไม่ได้ลงเวลา";

/**
 * The employee home's card: today's check-in and check-out, the status and reason the admins'
 * daily view shows for this employee today, the review of the record, what comes next, and the
 * day's approved leave.
 */
export function employeeToday(employeeId: number, now: Date = new Date()) {
  const { work_date, record, next } = todayFor(employeeId, now);
  const day = employeeDay(
    employeeId,
    work_date,
    record && {
      checkinAt: record.checkin_at,
      checkoutAt: record.checkout_at,
      lateMinutes: record.late_minutes,
      earlyMinutes: record.early_minutes,
      reviewStatus: record.review_status,
    },
    now,
  );
  return {
    work_date,
    checkin_at: record?.checkin_at ?? null,
    checkout_at: record?.checkout_at ?? null,
    status: day.status,
    /**
     * The status in Thai, the daily view's word (sent so the phone does not load the labels), but
     * not "ขาดงาน" for a day whose work hours are not over: the employee may still check in.
     */
    status_label: absentSoFar(day) ? NOT_CHECKED_IN_YET : STATUS_LABELS[day.status],
    reason: day.reason,
    review_status: record?.review_status ?? null,
    next,
    leave: day.leave,
  };
}

export type EmployeeToday = ReturnType<typeof employeeToday>;
