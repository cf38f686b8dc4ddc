import { and, eq, gte, inArray } from "drizzle-orm";
import { attendance, attendanceCorrections } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { addDays } from "~/lib/iso-day";
import { employeeLedger } from "~/models/attendance/ledger.server";

// A forgotten check-out's last step: after the reminder at the schedule's end, the day ledger
// makes the open day `missing_checkout` the next morning, and the employee's home offers a
// correction request for it (the history's form on /employee/checkin-out).

/** How many days back (today included) the home offers to correct a forgotten check-out. */
export const FORGOTTEN_CHECKOUT_DAYS = 7;

export type ForgottenCheckout = { work_date: string; checkin_at: string | null };

/**
 * The employee's days of the last week whose ledger status is `missing_checkout` and that have no
 * correction request waiting for an admin, newest first, with the check-in time.
 */
export function forgottenCheckouts(employeeId: number, now: Date = new Date()): ForgottenCheckout[] {
  const today = workDate(now);
  const from = addDays(today, -(FORGOTTEN_CHECKOUT_DAYS - 1));
  const days = employeeLedger(employeeId, from, today, now).filter((d) => d.status === "missing_checkout");
  if (days.length === 0) return [];
  const waiting = new Set(
    db()
      .select({ workDate: attendanceCorrections.workDate })
      .from(attendanceCorrections)
      .where(and(eq(attendanceCorrections.employeeId, employeeId), eq(attendanceCorrections.status, "pending"), gte(attendanceCorrections.workDate, from)))
      .all()
      .map((c) => c.workDate),
  );
  const ids = days.flatMap((d) => (d.attendanceId === null ? [] : [d.attendanceId]));
  const checkins = new Map(
    ids.length === 0
      ? []
      : db()
          .select({ id: attendance.id, checkinAt: attendance.checkinAt })
          .from(attendance)
          .where(inArray(attendance.id, ids))
          .all()
          .map((r) => [r.id, r.checkinAt] as const),
  );
  return days
    .filter((d) => !waiting.has(d.workDate))
    .sort((a, b) => b.workDate.localeCompare(a.workDate))
    .map((d) => ({ work_date: d.workDate, checkin_at: (d.attendanceId === null ? null : checkins.get(d.attendanceId))?.toISOString() ?? null }));
}
