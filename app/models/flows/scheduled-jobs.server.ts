// The scheduler's daily jobs: for each, when it runs on a business day (from the settings), until
// when a late run is still worth it, whether the day is skipped, and what it does. The engine that
// claims and records runs is app/jobs/scheduler.server.ts.
import { z } from "zod";
import { workDate } from "~/lib/business-day.server";
import { env } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { isBotConfigured } from "~/lib/line.server";
import { formFlag } from "~/lib/validation";
import { isoWeekday } from "~/models/attendance/status";
import type { Actor } from "~/models/audit/audit.server";
import { runNightlyBackup } from "~/models/core/backups.server";
import { ensureHolidaySeeds, holidaysBetween } from "~/models/leave/holidays.server";
import { recountedText } from "~/models/leave/labels";
import { lastOkRunDate, lastRunOf, type JobRunDto } from "~/models/core/job-runs.server";
import {
  sendCheckinReminders,
  sendCheckoutReminders,
  sendDailySummary,
  sendOverdueMachineReminders,
  sendPendingLeaveReminder,
} from "./reminders.server";
import { addMinutesToTime, REMINDER_SETTING_KEYS, type ReminderSettingKey } from "./reminder-settings";
import { purgeExpiredSelfies } from "~/models/attendance/selfie-retention.server";
import { ensureLedger, previousDate } from "~/models/attendance/ledger.server";
import { formatThaiDate } from "~/lib/thai-date";
import { lastDays, ledgerCheck, ledgerCheckSummary } from "~/models/attendance/ledger-check.server";
import { getSettings, updateSettings } from "~/models/core/settings.server";

export type JobName =
  | "holiday_seed"
  | "selfie_purge"
  | "nightly_backup"
  | "remind_checkin"
  | "remind_checkout"
  | "daily_summary"
  | "remind_pending_leave"
  | "remind_overdue_machines"
  | "ledger_fill"
  | "ledger_check";

/**
 * A job's plan for one business day. `at`: the time of day (HH:mm, APP_TIMEZONE) it becomes due;
 * `until`: the last minute a run (a catch-up after the server was down) is still useful; `skip`:
 * why the day has no run (recorded as a skipped row once `at` has passed); `on: false` records
 * nothing, so switching the job on later that day still runs it.
 */
export type DayPlan = { on: boolean; at: string; until: string; skip: string | null };

export type RunContext = { date: string; now: Date; signal: AbortSignal };

export type DailyJob = {
  name: string;
  /** Thai, for the jobs page. */
  label: string;
  plan: (date: string) => DayPlan;
  run: (ctx: RunContext) => Promise<string>;
};

export const END_OF_DAY = "23:59";
export const REMINDERS_OFF_SKIP = "ปิดการแจ้งเตือนที่เซิร์ฟเวอร์ (REMINDERS=off)";
export const HOLIDAY_SKIP = "วันหยุด";
export const DAY_OFF_SKIP = "วันหยุดประจำสัปดาห์";
export const NO_LINE_SKIP = "ยังไม่ได้ตั้งค่า LINE";

/** Why `date` is not a working day (a public holiday or a weekly day off), or null. */
export function dayOffReason(date: string): string | null {
  const holiday = holidaysBetween(date, date)[0];
  if (holiday) return `${HOLIDAY_SKIP} (${holiday.name})`;
  return getSettings(["work_days"]).work_days.includes(isoWeekday(date)) ? null : DAY_OFF_SKIP;
}

/** A reminder's plan: on a working day with LINE set up (and reminders not off for the server), from `at` until `until`. */
function reminderPlan(on: boolean, at: string, until: string, date: string): DayPlan {
  const skip = env().REMINDERS === "off" ? REMINDERS_OFF_SKIP : (dayOffReason(date) ?? (isBotConfigured() ? null : NO_LINE_SKIP));
  return { on, at, until, skip };
}

function holidaySeedJob(): DailyJob {
  return {
    name: "holiday_seed",
    label: "เตรียมวันหยุดราชการ",
    plan: () => ({ on: true, at: "00:05", until: END_OF_DAY, skip: null }),
    run: async ({ now }) => {
      const seeded = ensureHolidaySeeds(now);
      return seeded.length
        ? seeded.map((s) => `เพิ่มวันหยุดปี ${s.year + 543}: ${s.added} วัน${recountedText(s.recounted_petitions)}`).join(", ")
        : "มีวันหยุดครบแล้ว";
    },
  };
}

/** The purge resumes from the previous run's cutoff (in this process), so a day's run scans one new day. */
function selfiePurgeJob(): DailyJob {
  let purgedBefore: string | undefined;
  return {
    name: "selfie_purge",
    label: "ลบรูปถ่ายลงเวลาที่หมดอายุ",
    plan: () => ({ on: true, at: "02:00", until: END_OF_DAY, skip: null }),
    run: async ({ now, signal }) => {
      const result = await purgeExpiredSelfies(now, { from: purgedBefore, signal });
      if (!signal.aborted) purgedBefore = result.cutoff;
      return `ลบรูป ${result.photos} รูป จาก ${result.records} รายการ ก่อนวันที่ ${result.cutoff}`;
    },
  };
}

/** An online copy of the database into DATA_DIR/backups; `backup_keep` 0 switches it off. */
function nightlyBackupJob(): DailyJob {
  return {
    name: "nightly_backup",
    label: "สำรองฐานข้อมูลประจำวัน",
    plan: () => ({ on: getSettings(["backup_keep"]).backup_keep > 0, at: "01:00", until: END_OF_DAY, skip: null }),
    run: ({ date }) => runNightlyBackup(date),
  };
}

export const LEDGER_CHECK_DAYS = 35;
/** The ledger check runs once a week, on Sundays (ISO weekday 7); the other days are recorded as skipped. */
export const LEDGER_CHECK_WEEKDAY = 7;
export const LEDGER_CHECK_SKIP = "ตรวจสัปดาห์ละครั้ง ทุกวันอาทิตย์";

/**
 * The day ledger's reconcile check over the last 35 days (ADR 043). Rows that differ from their
 * inputs fail the run, so the jobs page and the settings hub show it in red with the count.
 */
function ledgerCheckJob(): DailyJob {
  return {
    name: "ledger_check",
    label: "ตรวจทานสรุปวันทำงาน",
    plan: (date) => ({ on: true, at: "03:30", until: END_OF_DAY, skip: isoWeekday(date) === LEDGER_CHECK_WEEKDAY ? null : LEDGER_CHECK_SKIP }),
    run: async ({ now, signal }) => {
      const result = await ledgerCheck(lastDays(LEDGER_CHECK_DAYS, now), { now, signal });
      const summary = ledgerCheckSummary(result);
      if (result.count > 0) throw new Error(`${summary} (รายละเอียด: npm run ledger:check)`);
      return summary;
    },
  };
}

/**
 * Fills the day ledger for the day that just ended (ADR 043): its absences and missing check-outs
 * are written without anyone opening a page. A date a reader filled since its last threshold is
 * left as it is.
 */
function ledgerFillJob(): DailyJob {
  return {
    name: "ledger_fill",
    label: "บันทึกสรุปวันทำงาน",
    plan: () => ({ on: true, at: "00:15", until: END_OF_DAY, skip: null }),
    run: async ({ date, now }) => {
      const day = previousDate(date);
      const rows = ensureLedger(day, day, now);
      return rows > 0 ? `บันทึกสรุปวันที่ ${formatThaiDate(day)}: ${rows} คน` : `สรุปวันที่ ${formatThaiDate(day)} ไม่มีรายการต้องบันทึกเพิ่ม`;
    },
  };
}

export function dailyJobs(): DailyJob[] {
  return [
    holidaySeedJob(),
    ledgerFillJob(),
    nightlyBackupJob(),
    selfiePurgeJob(),
    ledgerCheckJob(),
    {
      name: "remind_overdue_machines",
      label: "เตือนตู้เลยกำหนดเข้าตรวจ",
      plan: (date) => {
        const { remind_overdue_machines: s, work_end } = getSettings(["remind_overdue_machines", "work_end"]);
        return reminderPlan(s.on, s.time, work_end > s.time ? work_end : END_OF_DAY, date);
      },
      run: ({ date }) => sendOverdueMachineReminders(date, lastOkRunDate("remind_overdue_machines", date)),
    },
    {
      name: "remind_checkin",
      label: "เตือนลงเวลาเข้างาน",
      plan: (date) => {
        const { remind_checkin: s, work_start, work_end } = getSettings(["remind_checkin", "work_start", "work_end"]);
        return reminderPlan(s.on, addMinutesToTime(work_start, s.after_minutes), work_end, date);
      },
      run: ({ date }) => sendCheckinReminders(date),
    },
    {
      name: "remind_pending_leave",
      label: "เตือนคำขอลารออนุมัติ",
      plan: (date) => {
        const { remind_pending_leave: s, work_end } = getSettings(["remind_pending_leave", "work_end"]);
        return reminderPlan(s.on, s.time, work_end > s.time ? work_end : END_OF_DAY, date);
      },
      run: ({ now }) => sendPendingLeaveReminder(now),
    },
    {
      name: "remind_checkout",
      label: "เตือนลงเวลาออกงาน",
      plan: (date) => {
        const { remind_checkout: s, work_end } = getSettings(["remind_checkout", "work_end"]);
        return reminderPlan(s.on, addMinutesToTime(work_end, s.after_minutes), END_OF_DAY, date);
      },
      run: ({ date }) => sendCheckoutReminders(date),
    },
    {
      name: "daily_summary",
      label: "สรุปประจำวันเข้ากลุ่ม LINE",
      plan: (date) => {
        const { daily_summary: s } = getSettings(["daily_summary"]);
        return reminderPlan(s.on, s.time, END_OF_DAY, date);
      },
      run: ({ date, now }) => sendDailySummary(date, now),
    },
  ];
}

/** The setting behind each reminder job (the housekeeping jobs have none). */
export const JOB_SETTING: Partial<Record<string, ReminderSettingKey>> = {
  remind_checkin: "remind_checkin",
  remind_checkout: "remind_checkout",
  daily_summary: "daily_summary",
  remind_pending_leave: "remind_pending_leave",
  remind_overdue_machines: "remind_overdue_machines",
};

export type JobOverview = {
  name: string;
  label: string;
  /** Today's plan: the time it runs and until when a late run still happens. */
  at: string;
  until: string;
  on: boolean;
  /** Why today has no run, if so (a holiday, LINE not set up). */
  skip: string | null;
  setting: { key: ReminderSettingKey; on: boolean; time: string | null; after_minutes: number | null } | null;
  last_run: JobRunDto | null;
};

/** Each daily job with today's plan, its editable setting and its newest run (the jobs page). */
export function jobsOverview(now: Date = new Date()): JobOverview[] {
  const date = workDate(now);
  const values = getSettings(REMINDER_SETTING_KEYS);
  return dailyJobs().map((job) => {
    const plan = job.plan(date);
    const key = JOB_SETTING[job.name];
    const value = key ? values[key] : null;
    return {
      name: job.name,
      label: job.label,
      at: plan.at,
      until: plan.until,
      on: plan.on,
      skip: plan.skip,
      setting:
        key && value
          ? { key, on: value.on, time: "time" in value ? value.time : null, after_minutes: "after_minutes" in value ? value.after_minutes : null }
          : null,
      last_run: lastRunOf(job.name),
    };
  });
}

const AFTER_KEYS: readonly ReminderSettingKey[] = ["remind_checkin", "remind_checkout"];

/** The jobs page's form: one reminder's on/off and its time (HH:mm) or minutes after the work hours. */
export const JobScheduleSchema = z.object({
  key: z.enum(REMINDER_SETTING_KEYS, { error: "ไม่รู้จักงานนี้" }),
  on: formFlag,
  value: z.string({ error: "กรุณากรอกเวลา" }).trim(),
});

/**
 * Stores one reminder's schedule through the settings registry. A bad value is a 400 whose message
 * is the setting's own Thai message (also as the form's `value` field).
 */
export function updateJobSchedule(input: z.infer<typeof JobScheduleSchema>, actor: Actor) {
  const value = AFTER_KEYS.includes(input.key)
    ? { on: input.on, after_minutes: input.value === "" ? Number.NaN : Number(input.value) }
    : { on: input.on, time: input.value };
  try {
    updateSettings({ [input.key]: value }, actor);
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 400) throw error;
    const message = Object.values(error.fields ?? {})[0] ?? error.message;
    throw new DomainError(400, message, { value: message });
  }
}
