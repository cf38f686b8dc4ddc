// The weekly "ledger_check" job: on Sundays it checks the last 35 days of the day ledger and
// records the result (a failed run when rows differ); the other days are recorded as skipped.
import { eq } from "drizzle-orm";
import { attendanceDays, jobRuns } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { bkk } from "./reminders.test-helpers";
import { dailyJobs, LEDGER_CHECK_SKIP } from "./scheduled-jobs.server";

const jobs = dailyJobs().filter((j) => j.name === "ledger_check");
const run = (at: Date) => createScheduler({ jobs, clock: () => at, log: () => undefined }).runDue(at);

beforeAll(() => {
  setSetting("attendance_start", "2026-10-01");
  createEmployee(EmployeeCreateSchema.parse({ code: "WK1", title: 1, first_name: "สมปอง", last_name: "รายสัปดาห์" }), { type: "system" });
  ensureLedger("2026-10-01", "2026-11-28", bkk("2026-11-29", "00:30"));
});

test("Sunday 03:30: the last 35 days checked, ตรงกันทั้งหมด; a Monday is skipped", async () => {
  expect(await run(bkk("2026-11-29", "03:25"))).toEqual([]);
  const [sunday] = await run(bkk("2026-11-29", "03:30"));
  expect(sunday).toMatchObject({ job: "ledger_check", date: "2026-11-29", status: "ok" });
  // 26 Oct – 29 Nov: the 29th is today and not filled yet, so 34 days hold one row each.
  expect(sunday.result).toBe("ตรงกันทั้งหมด: ตรวจ 34 แถว 34 วัน 26 ต.ค. 2569 – 29 พ.ย. 2569 (1 วันยังไม่ได้สรุป ไม่ได้ตรวจ)");
  expect(await run(bkk("2026-11-30", "04:00"))).toEqual([{ job: "ledger_check", date: "2026-11-30", status: "skipped", result: LEDGER_CHECK_SKIP }]);
});

test("rows that differ fail the run with their count", async () => {
  db().update(attendanceDays).set({ reason: "แก้ด้วยมือ" }).where(eq(attendanceDays.workDate, "2026-11-20")).run();
  const errors = vi.mocked(console.error).mockImplementation(() => undefined);
  const [outcome] = await run(bkk("2026-12-06", "03:30"));
  expect(outcome).toMatchObject({ job: "ledger_check", status: "failed" });
  // 2 Nov – 6 Dec: filled up to 28 Nov; the 8 days after are left to their readers.
  expect(outcome.result).toBe("ไม่ตรง 1 รายการ จาก 27 แถว 27 วัน 2 พ.ย. 2569 – 6 ธ.ค. 2569 (8 วันยังไม่ได้สรุป ไม่ได้ตรวจ) (รายละเอียด: npm run ledger:check)");
  expect(errors).toHaveBeenCalledTimes(1);
  expect(db().select().from(jobRuns).where(eq(jobRuns.runDate, "2026-12-06")).get()?.status).toBe("failed");
});
