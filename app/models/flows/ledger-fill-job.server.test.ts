// The nightly ledger_fill job (ADR 043): the day that just ended is in the ledger, absences
// included, without anyone opening a page.
import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates } from "../../../db/schema";
import { createScheduler } from "~/jobs/scheduler.server";
import { db } from "~/lib/db.server";
import { formatThaiDate } from "~/lib/thai-date";
import { setSetting } from "~/models/core/settings.server";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { dailyJobs, jobsOverview } from "./scheduled-jobs.server";
import { bkk } from "./reminders.test-helpers";

const DAY = "2025-03-03"; // a Monday
const statusOf = (employeeId: number, date: string) =>
  db()
    .select({ status: attendanceDays.status })
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date)))
    .get()?.status;

beforeAll(() => setSetting("attendance_start", "2025-03-01"));

test("after midnight it fills the day that ended for everyone: who came is present, who did not is absent", async () => {
  const came = newEmployee();
  const stayedAway = newEmployee();
  db()
    .insert(attendance)
    .values({ employeeId: came.id, workDate: DAY, checkinAt: bkk(DAY, "08:20"), checkoutAt: bkk(DAY, "17:35") })
    .run();
  const fill = dailyJobs().find((j) => j.name === "ledger_fill");
  expect(fill).toBeDefined();
  const scheduler = createScheduler({ jobs: fill ? [fill] : [], log: () => undefined });

  expect(await scheduler.runDue(bkk("2025-03-04", "00:14"))).toEqual([]);
  expect(statusOf(stayedAway.id, DAY)).toBeUndefined();
  const [run] = await scheduler.runDue(bkk("2025-03-04", "00:15"));
  expect(run).toMatchObject({ status: "ok", result: `บันทึกสรุปวันที่ ${formatThaiDate(DAY)}: 2 คน` });
  expect(statusOf(came.id, DAY)).toBe("present");
  expect(statusOf(stayedAway.id, DAY)).toBe("absent");
  expect(db().select().from(ledgerDates).where(eq(ledgerDates.workDate, DAY)).get()).toMatchObject({ freshUntil: null });

  // The next night finds Tuesday already filled by a reader after its last threshold: nothing to write.
  ensureLedger("2025-03-04", "2025-03-04", bkk("2025-03-05", "00:01"));
  const [next] = await scheduler.runDue(bkk("2025-03-05", "00:15"));
  expect(next).toMatchObject({ status: "ok", result: `สรุปวันที่ ${formatThaiDate("2025-03-04")} ไม่มีรายการต้องบันทึกเพิ่ม` });
});

test("the jobs page lists it with its Thai label, every night, with no setting", () => {
  const job = jobsOverview(bkk("2025-03-04", "10:00")).find((j) => j.name === "ledger_fill");
  expect(job).toMatchObject({ label: "บันทึกสรุปวันทำงาน", at: "00:15", on: true, skip: null, setting: null });
});
