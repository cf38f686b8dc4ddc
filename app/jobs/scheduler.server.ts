// The in-process scheduler. Croner wakes it every minute; each wake runs the daily jobs that are
// due. A job runs at most once per business day: the run first claims its (job, run_date) row in
// job_runs, and only the claimer runs it, so a restart, a second wake or a slow run never repeats
// it. A job whose time passed while the server was down runs at the first wake after the start, if
// its plan says it is still useful (`until`); later than that the day is recorded as skipped.
// A job that `repeats` (the reminders on each employee's schedule) runs again at each later time
// of its plan that day, reclaiming the same row; its run finds by itself whom it already reminded.
import { Cron } from "croner";
import { workDate } from "~/lib/business-day.server";
import { logger } from "~/lib/log.server";
import { metrics } from "~/lib/metrics.server";
import { appTimeZone, clockTimeOf } from "~/lib/thai-date";
import { claimRun, dayRunOf, failInterruptedRuns, finishRun, reclaimRun, recordSkip } from "~/models/core/job-runs.server";
import { resendUndeliveredNotices } from "~/models/line/notifier.server";
import { dailyJobs, type DailyJob } from "~/models/flows/scheduled-jobs.server";

/** How often pushes LINE did not take (or did not answer) are sent again (a cron pattern: every 10 minutes). */
export const NOTICE_RETRY_PATTERN = "*/10 * * * *";
const EVERY_MINUTE = "* * * * *";

export type RunOutcome = { job: string; date: string; status: "ok" | "failed" | "skipped"; result: string };

export const lateSkip = (until: string) => `เลยเวลาที่ยังมีประโยชน์ (${until} น.)`;

export type SchedulerOptions = {
  jobs?: DailyJob[];
  clock?: () => Date;
  log?: (line: string) => void;
};

const OUTCOMES = ["ok", "failed", "skipped"] as const satisfies readonly RunOutcome["status"][];
const info = (line: string) => logger.info(line);

export function createScheduler({ jobs = dailyJobs(), clock = () => new Date(), log = info }: SchedulerOptions = {}) {
  const stop = new AbortController();
  for (const job of jobs) for (const outcome of OUTCOMES) metrics.jobRuns.inc({ job: job.name, outcome }, 0);

  async function runJob(job: DailyJob, date: string, now: Date, id: number | null): Promise<RunOutcome | null> {
    if (id === null) return null;
    try {
      const result = await job.run({ date, now, signal: stop.signal });
      finishRun(id, "ok", result, clock());
      metrics.jobRuns.inc({ job: job.name, outcome: "ok" });
      log(`Job ${job.name} (${date}): ${result}`);
      return { job: job.name, date, status: "ok", result };
    } catch (error) {
      const result = error instanceof Error ? error.message : String(error);
      finishRun(id, "failed", result, clock());
      metrics.jobRuns.inc({ job: job.name, outcome: "failed" });
      logger.error({ err: error, job: job.name }, `Job "${job.name}" failed`);
      return { job: job.name, date, status: "failed", result };
    }
  }

  /** Runs (one after another) every daily job due at `now` that has no row for its business day yet. */
  async function runDue(now: Date = clock()): Promise<RunOutcome[]> {
    const date = workDate(now);
    const time = clockTimeOf(now);
    const outcomes: RunOutcome[] = [];
    for (const job of jobs) {
      if (stop.signal.aborted) break;
      const row = dayRunOf(job.name, date);
      if (row && !(job.repeats && (row.status === "ok" || row.status === "failed"))) continue;
      const plan = job.plan(date, now);
      if (!plan.on || time < plan.at) continue;
      if (row) {
        const since = clockTimeOf(row.startedAt);
        const again = plan.skip === null && time <= plan.until && (plan.times ?? []).some((t) => t > since && t <= time);
        const outcome = again ? await runJob(job, date, now, reclaimRun(row.id, row.startedAt, now)) : null;
        if (outcome) outcomes.push(outcome);
        continue;
      }
      const skip = plan.skip ?? (time > plan.until ? lateSkip(plan.until) : null);
      if (skip !== null) {
        if (recordSkip(job.name, date, skip, now)) {
          metrics.jobRuns.inc({ job: job.name, outcome: "skipped" });
          outcomes.push({ job: job.name, date, status: "skipped", result: skip });
        }
        continue;
      }
      const outcome = await runJob(job, date, now, claimRun(job.name, date, now));
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  let busy: Promise<unknown> | null = null;
  /** One wake: skipped while the previous one is still running (its jobs would find their rows anyway). */
  function tick(now: Date = clock()) {
    if (busy || stop.signal.aborted) return busy ?? Promise.resolve();
    busy = runDue(now)
      .catch((error: unknown) => logger.error({ err: error }, "Scheduler wake failed"))
      .finally(() => {
        busy = null;
      });
    return busy;
  }

  let retrying: Promise<unknown> | null = null;
  function retryNotices() {
    if (retrying || stop.signal.aborted) return;
    retrying = resendUndeliveredNotices(clock())
      .then(({ sent, tried, gaveUp }) => {
        if (tried > 0) log(`LINE notices sent again: ${sent} of ${tried}`);
        if (gaveUp > 0) log(`LINE notices given up after a day or 12 attempts: ${gaveUp}`);
      })
      .catch((error: unknown) => logger.error({ err: error }, "LINE notice retry failed"))
      .finally(() => {
        retrying = null;
      });
  }

  const crons: Cron[] = [];
  return {
    runDue,
    tick,
    /**
     * Marks runs cut off by the last stop, catches up right after (not holding up the start) with
     * the daily jobs and the notices LINE has not taken, then wakes every minute.
     */
    start() {
      const interrupted = failInterruptedRuns(clock());
      if (interrupted > 0) log(`Scheduler: ${interrupted} run(s) cut off by the last stop marked failed`);
      setTimeout(() => {
        void tick();
        retryNotices();
      }, 0).unref();
      const options = { timezone: appTimeZone(), protect: true, unref: true };
      crons.push(new Cron(EVERY_MINUTE, options, () => void tick()));
      crons.push(new Cron(NOTICE_RETRY_PATTERN, options, () => retryNotices()));
    },
    /** Stops the timers; a run in progress is told to stop (signal) and awaited. */
    async stop() {
      for (const cron of crons) cron.stop();
      stop.abort();
      await Promise.all([busy, retrying]);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

let running: Scheduler | null = null;

/** The server's background jobs (the only place they start): the daily jobs and the notice re-send. */
export function startServerJobs(log: (line: string) => void = info) {
  void running?.stop();
  running = createScheduler({ log });
  running.start();
}

export async function stopServerJobs() {
  const current = running;
  running = null;
  await current?.stop();
}
