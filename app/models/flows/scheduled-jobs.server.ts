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
import { ensureHolidaySeeds } from "~/models/leave/holidays.server";
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
import { checkinPlan, checkoutPlan, END_OF_DAY } from "./reminders-due.server";
import { todayAttendance } from "~/models/dashboard/dashboard.server";
import { DEFAULT_SCHEDULE_ID, scheduleRulesOn } from "~/models/schedules/schedule-rules.server";
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
export type DayPlan = {
  on: boolean;
  at: string;
  until: string;
  skip: string | null;
  /**
   * A job that `repeats`: the times of the day (sorted, the first is `at`) at which it has work —
   * the reminders, one time per schedule in use. After the day's first run it runs again at each
   * later one until `until`.
   */
  times?: readonly string[];
};

export type RunContext = { date: string; now: Date; signal: AbortSignal };

export type DailyJob = {
  name: string;
  /** Thai, for the jobs page. */
  label: string;
  /** Thai, for the jobs page when the job has no setting: how often and when it runs. */
  every?: string;
  /** Runs again at each of its plan's later `times` (its run must find by itself whom it has already done). */
  repeats?: boolean;
  plan: (date: string, now: Date) => DayPlan;
  run: (ctx: RunContext) => Promise<string>;
};

export { END_OF_DAY };
export const REMINDERS_OFF_SKIP = "ปิดการแจ้งเตือนที่เซิร์ฟเวอร์ (REMINDERS=off)";
export const HOLIDAY_SKIP = "วันหยุด";
export const DAY_OFF_SKIP = "วันหยุดประจำสัปดาห์";
export const NO_LINE_SKIP = "ยังไม่ได้ตั้งค่า LINE";
export const NOBODY_DUE_SKIP = "ไม่มีพนักงานที่ต้องเตือนวันนี้";

/**
 * Why `date` is not a working day for the office: a public holiday, or nobody scheduled that day
 * (the day ledger, each employee on their own schedule: the dashboard's kind of day), or null.
 */
export function dayOffReason(date: string, now: Date): string | null {
  const { day } = todayAttendance(date, now);
  if (day.kind === "holiday") return `${HOLIDAY_SKIP} (${day.name})`;
  return day.kind === "day_off" ? DAY_OFF_SKIP : null;
}

/** Why no reminder at all runs on this server: REMINDERS=off or no LINE bot. */
const serverSkip = () => (env().REMINDERS === "off" ? REMINDERS_OFF_SKIP : isBotConfigured() ? null : NO_LINE_SKIP);

/** A reminder's plan: on a working day with LINE set up (and reminders not off for the server), from `at` until `until`. */
function reminderPlan(on: boolean, at: string, until: string, date: string, now: Date): DayPlan {
  if (!on) return { on, at, until, skip: null };
  const server = serverSkip();
  if (server === REMINDERS_OFF_SKIP) return { on, at, until, skip: server };
  // Worked out when read: the scheduler reads it once `at` has come, so the day ledger is not
  // counted on every wake before that.
  let skip: string | null | undefined;
  return {
    on,
    at,
    until,
    get skip() {
      if (skip === undefined) skip = dayOffReason(date, now) ?? server;
      return skip;
    },
  };
}

/**
 * A reminder on each employee's own schedule: it runs at every distinct time in `due` (each
 * employee's time that day). Without any, the day is skipped at `fallback` (the default
 * schedule's time), with why: a holiday, nobody scheduled, or nobody left to remind.
 */
function scheduledReminderPlan(
  on: boolean,
  date: string,
  now: Date,
  fallback: { at: string; until: string },
  due: () => { times: string[]; until: string },
): DayPlan {
  if (!on) return { on, ...fallback, skip: null };
  const server = serverSkip();
  if (server === REMINDERS_OFF_SKIP) return { on, ...fallback, skip: server };
  const { times, until } = due();
  if (times.length === 0) return { on, ...fallback, skip: dayOffReason(date, now) ?? server ?? NOBODY_DUE_SKIP };
  return { on, at: times[0], until, times, skip: server };
}

function holidaySeedJob(): DailyJob {
  return {
    name: "holiday_seed",
    label: "เตรียมวันหยุดราชการ",
    every: "ทุกวัน 00:05 น.",
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
    every: "ทุกวัน 02:00 น.",
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
    every: "ทุกวัน 01:00 น.",
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
    every: "ทุกวันอาทิตย์ 03:30 น.",
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
    every: "ทุกวัน 00:15 น.",
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
      plan: (date, now) => {
        const { remind_overdue_machines: s, work_end } = getSettings(["remind_overdue_machines", "work_end"]);
        return reminderPlan(s.on, s.time, work_end > s.time ? work_end : END_OF_DAY, date, now);
      },
      run: ({ date }) => sendOverdueMachineReminders(date, lastOkRunDate("remind_overdue_machines", date)),
    },
    {
      name: "remind_checkin",
      label: "เตือนลงเวลาเข้างาน",
      repeats: true,
      plan: (date, now) => {
        const { remind_checkin: s } = getSettings(["remind_checkin"]);
        const office = scheduleRulesOn(DEFAULT_SCHEDULE_ID, date);
        const fallback = { at: addMinutesToTime(office.work_start, s.after_minutes), until: office.work_end };
        return scheduledReminderPlan(s.on, date, now, fallback, () => checkinPlan(date, now, s.after_minutes));
      },
      run: ({ date, now }) => sendCheckinReminders(date, now),
    },
    {
      name: "remind_pending_leave",
      label: "เตือนคำขอลารออนุมัติ",
      plan: (date, now) => {
        const { remind_pending_leave: s, work_end } = getSettings(["remind_pending_leave", "work_end"]);
        return reminderPlan(s.on, s.time, work_end > s.time ? work_end : END_OF_DAY, date, now);
      },
      run: ({ now }) => sendPendingLeaveReminder(now),
    },
    {
      name: "remind_checkout",
      label: "เตือนลงเวลาออกงาน",
      repeats: true,
      plan: (date, now) => {
        const { remind_checkout: s } = getSettings(["remind_checkout"]);
        const fallback = { at: addMinutesToTime(scheduleRulesOn(DEFAULT_SCHEDULE_ID, date).work_end, s.after_minutes), until: END_OF_DAY };
        return scheduledReminderPlan(s.on, date, now, fallback, () => ({ times: checkoutPlan(date, now, s.after_minutes), until: END_OF_DAY }));
      },
      run: ({ date, now }) => sendCheckoutReminders(date, now),
    },
    {
      name: "daily_summary",
      label: "สรุปประจำวันเข้ากลุ่ม LINE",
      plan: (date, now) => {
        const { daily_summary: s } = getSettings(["daily_summary"]);
        return reminderPlan(s.on, s.time, END_OF_DAY, date, now);
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
  /** A reminder on each employee's schedule: today's times, one per schedule's time in use (else empty). */
  times: string[];
  /** A job without a setting: how often and when it runs (Thai). */
  every: string | null;
  setting: { key: ReminderSettingKey; on: boolean; time: string | null; after_minutes: number | null } | null;
  last_run: JobRunDto | null;
};

/** Each daily job with today's plan, its editable setting and its newest run (the jobs page). */
export function jobsOverview(now: Date = new Date()): JobOverview[] {
  const date = workDate(now);
  const values = getSettings(REMINDER_SETTING_KEYS);
  return dailyJobs().map((job) => {
    const plan = job.plan(date, now);
    const key = JOB_SETTING[job.name];
    const value = key ? values[key] : null;
    return {
      name: job.name,
      label: job.label,
      at: plan.at,
      until: plan.until,
      on: plan.on,
      skip: plan.skip,
      times: plan.times ? [...plan.times] : [],
      every: job.every ?? null,
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
