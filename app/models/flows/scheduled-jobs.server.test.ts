import { DomainError } from "~/lib/errors";
import { claimRun, finishRun, listJobRuns, recordSkip } from "~/models/core/job-runs.server";
import { addMinutesToTime } from "./reminder-settings";
import { resetEnvCache } from "~/lib/env.server";
import { dailyJobs, jobsOverview, JobScheduleSchema, NO_LINE_SKIP, REMINDERS_OFF_SKIP, updateJobSchedule } from "./scheduled-jobs.server";
import { getSetting, updateSettings } from "~/models/core/settings.server";
import { bkk } from "./reminders.test-helpers";

const system = { type: "system" as const };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("reminder settings", () => {
  test("defaults: check-in 15 min after the schedule's start, check-out 30 min after its end, summary 18:00, pending leave 09:00, cabinets 08:00, all on", () => {
    expect(getSetting("remind_checkin")).toEqual({ on: true, after_minutes: 15 });
    expect(getSetting("remind_checkout")).toEqual({ on: true, after_minutes: 30 });
    expect(getSetting("daily_summary")).toEqual({ on: true, time: "18:00" });
    expect(getSetting("remind_pending_leave")).toEqual({ on: true, time: "09:00" });
    expect(getSetting("remind_overdue_machines")).toEqual({ on: true, time: "08:00" });
  });

  test("bad values are refused with Thai messages and nothing is written", () => {
    const error = refusal(() =>
      updateSettings({ daily_summary: { on: true, time: "6pm" }, remind_checkin: { on: "yes", after_minutes: -5 }, remind_checkout: { on: true } }, system),
    );
    expect(error.status).toBe(400);
    expect(error.fields).toMatchObject({
      "daily_summary.time": "เวลาสรุปประจำวันต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)",
      "remind_checkin.on": "ค่าเปิด/ปิดการเตือนลงเวลาเข้างานไม่ถูกต้อง",
      "remind_checkout.after_minutes": "จำนวนนาทีของการเตือนลงเวลาออกงานต้องเป็นตัวเลข",
    });
    expect(getSetting("daily_summary")).toEqual({ on: true, time: "18:00" });
  });

  test("the times follow work_start and work_end; a late offset stops at 23:59", () => {
    expect(addMinutesToTime("08:30", 15)).toBe("08:45");
    expect(addMinutesToTime("23:30", 60)).toBe("23:59");
    updateSettings({ work_start: "09:00", work_end: "18:00" }, system);
    const jobs = new Map(jobsOverview(bkk("2026-11-24", "10:00")).map((j) => [j.name, j]));
    expect(jobs.get("remind_checkin")).toMatchObject({ at: "09:15", until: "18:00", on: true });
    expect(jobs.get("remind_checkout")).toMatchObject({ at: "18:30", until: "23:59" });
    expect(jobs.get("daily_summary")).toMatchObject({ at: "18:00", setting: { key: "daily_summary", on: true, time: "18:00", after_minutes: null } });
    expect(jobs.get("holiday_seed")).toMatchObject({ setting: null, every: "ทุกวัน 00:05 น." });
    // The weekly check says so (it read "ทุกวัน 03:30 น." on the jobs page and the settings hub).
    expect(jobs.get("ledger_check")).toMatchObject({ setting: null, every: "ทุกวันอาทิตย์ 03:30 น." });
    updateSettings({ work_start: "08:30", work_end: "17:30" }, system);
  });

  test("the jobs page form: on/off and a time or minutes, checked by the registry", () => {
    updateJobSchedule(JobScheduleSchema.parse({ key: "remind_checkin", on: "false", value: "30" }), system);
    expect(getSetting("remind_checkin")).toEqual({ on: false, after_minutes: 30 });
    updateJobSchedule(JobScheduleSchema.parse({ key: "daily_summary", on: "true", value: "17:00" }), system);
    expect(getSetting("daily_summary")).toEqual({ on: true, time: "17:00" });
    const tooLate = refusal(() => updateJobSchedule(JobScheduleSchema.parse({ key: "remind_checkout", on: "true", value: "999" }), system));
    expect(tooLate.message).toBe("จำนวนนาทีของการเตือนลงเวลาออกงานต้องไม่เกิน 360 นาที");
    expect(refusal(() => updateJobSchedule(JobScheduleSchema.parse({ key: "remind_checkin", on: "true", value: "" }), system)).message).toBe(
      "จำนวนนาทีของการเตือนลงเวลาเข้างานต้องเป็นตัวเลข",
    );
    expect(JobScheduleSchema.safeParse({ key: "face_threshold", on: "true", value: "1" }).success).toBe(false);
    updateSettings({ remind_checkin: { on: true, after_minutes: 15 }, daily_summary: { on: true, time: "18:00" } }, system);
  });
});

describe("server switches", () => {
  test("REMINDERS=off skips every reminder (the housekeeping still runs); without a LINE bot they are skipped too", () => {
    const plans = () => new Map(dailyJobs().map((j) => [j.name, j.plan("2026-11-24", bkk("2026-11-24", "10:00"))]));
    expect(plans().get("remind_checkin")?.skip).toBe(NO_LINE_SKIP);
    process.env.REMINDERS = "off";
    resetEnvCache();
    try {
      const off = plans();
      for (const name of ["remind_checkin", "remind_checkout", "daily_summary", "remind_pending_leave", "remind_overdue_machines"]) {
        expect(off.get(name)?.skip).toBe(REMINDERS_OFF_SKIP);
      }
      expect(off.get("holiday_seed")?.skip).toBeNull();
      expect(off.get("selfie_purge")?.skip).toBeNull();
      expect(off.get("nightly_backup")?.skip).toBeNull();
    } finally {
      delete process.env.REMINDERS;
      resetEnvCache();
    }
  });
});

describe("job runs", () => {
  test("one row per job and day; the list is newest day first and filters by job", () => {
    const id = claimRun("list_test", "2026-01-05", bkk("2026-01-05", "09:00"));
    finishRun(id!, "ok", "ส่งถึงพนักงาน 2 ราย", bkk("2026-01-05", "09:01"));
    expect(recordSkip("list_test", "2026-01-06", "วันหยุด", bkk("2026-01-06", "09:00"))).toBe(true);
    expect(recordSkip("list_test", "2026-01-06", "วันหยุด", bkk("2026-01-06", "09:05"))).toBe(false);
    expect(claimRun("list_test", "2026-01-06", bkk("2026-01-06", "09:10"))).toBeNull();
    const page = listJobRuns({ job: "list_test", page: 1, page_size: 20 });
    expect(page.total).toBe(2);
    expect(page.items.map((r) => [r.run_date, r.status, r.result])).toEqual([
      ["2026-01-06", "skipped", "วันหยุด"],
      ["2026-01-05", "ok", "ส่งถึงพนักงาน 2 ราย"],
    ]);
    expect(page.items[1].finished_at).toBe(bkk("2026-01-05", "09:01").toISOString());
  });
});
