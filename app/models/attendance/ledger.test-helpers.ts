// Shared set-up for the tests of the day ledger's readers (not a test file itself).
import { ne } from "drizzle-orm";
import {
  attendance,
  attendanceDays,
  employeeSchedules,
  employees,
  holidays,
  ledgerDates,
  leavePetitions,
  overtimeRequests,
  payrollCloses,
  schedules,
  scheduleVersions,
} from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { setSetting } from "~/models/core/settings.server";
import { recomputeDay } from "./ledger.server";

/** The Bangkok instant of a date and HH:mm. */
export const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

/**
 * A clean slate for a reader's test: no records, leave, holidays, employees or ledger rows, and
 * attendance counted from `start` (the ledger is empty before it, and without an office and the
 * setting it is empty altogether).
 */
export function resetLedger(start = "2020-01-01") {
  db().delete(attendanceDays).run();
  db().delete(ledgerDates).run();
  db().delete(attendance).run();
  db().delete(leavePetitions).run();
  db().delete(holidays).run();
  db().delete(overtimeRequests).run();
  db().delete(employeeSchedules).run();
  db().delete(scheduleVersions).run();
  db().delete(schedules).where(ne(schedules.isDefault, 1)).run();
  db().delete(payrollCloses).run();
  db().delete(employees).run();
  setSetting("attendance_start", start);
}

/**
 * A record written as the writers leave it: the row, then the employee's ledger day recomputed
 * (the record's late/early minutes become the ledger's).
 */
export function writeRecord(employeeId: number, date: string, values: Partial<typeof attendance.$inferInsert>, now: Date) {
  const row = db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: at(date, "08:20"), checkoutAt: at(date, "17:40"), ...values })
    .returning()
    .get();
  recomputeDay(db(), employeeId, date, now);
  return row;
}

/** An approved petition (type 1 ลากิจ unless given), as the tables hold it. */
export function approvedLeave(employeeId: number, start: string, end: string, over: Partial<typeof leavePetitions.$inferInsert> = {}) {
  db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, startDate: start, endDate: end, days: 1, year: Number(start.slice(0, 4)), reason: "ธุระ", status: LeaveStatus.approve, ...over })
    .run();
}
