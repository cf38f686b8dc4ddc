import { attendance, attendanceCorrections } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { setSetting } from "~/models/core/settings.server";
import { FORGOTTEN_CHECKOUT_DAYS, forgottenCheckouts } from "./forgotten-checkouts.server";
import { bkk, person } from "./reminders.test-helpers";

beforeAll(() => setSetting("attendance_start", "2020-01-01"));

function record(employeeId: number, date: string, checkin: string, checkout: string | null = null) {
  return db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: bkk(date, checkin), checkoutAt: checkout ? bkk(date, checkout) : null })
    .returning()
    .get();
}

function correction(row: { id: number; employeeId: number; workDate: string }, status: "pending" | "rejected") {
  db()
    .insert(attendanceCorrections)
    .values({ attendanceId: row.id, employeeId: row.employeeId, workDate: row.workDate, source: "employee", checkoutAt: bkk(row.workDate, "17:30"), reason: "ลืม", status })
    .run();
}

test("the last 7 days the ledger holds as missing_checkout, newest first, except those with a correction waiting", () => {
  const me = person();
  const other = person();
  const now = bkk("2026-12-17", "09:00"); // a Thursday; 10 Dec is a public holiday
  record(me.id, "2026-12-09", "08:30"); // 8 days back: too old
  const friday = record(me.id, "2026-12-11", "08:25"); // the 7th day back
  correction(friday, "rejected"); // a rejected request may be asked again
  record(me.id, "2026-12-14", "08:30", "17:35"); // checked out
  correction(record(me.id, "2026-12-15", "08:30"), "pending"); // waiting for an admin
  record(me.id, "2026-12-16", "08:31");
  record(me.id, "2026-12-17", "08:30"); // today, the day still open
  record(other.id, "2026-12-16", "08:30");

  expect(FORGOTTEN_CHECKOUT_DAYS).toBe(7);
  expect(forgottenCheckouts(me.id, now)).toEqual([
    { work_date: "2026-12-16", checkin_at: bkk("2026-12-16", "08:31").toISOString() },
    { work_date: "2026-12-11", checkin_at: bkk("2026-12-11", "08:25").toISOString() },
  ]);
  // The next morning today's open day is a forgotten check-out too.
  expect(forgottenCheckouts(me.id, bkk("2026-12-18", "09:00")).map((d) => d.work_date)).toEqual(["2026-12-17", "2026-12-16"]);
});
