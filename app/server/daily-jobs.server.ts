// Housekeeping that runs inside the server process: once shortly after start, then every 24 h.
// Kept to one small function so a scheduler can take its place without touching the jobs.
import { ensureHolidaySeeds } from "~/models/holidays.server";
import { purgeExpiredSelfies } from "~/models/selfie-retention.server";

export const DAY_MS = 24 * 60 * 60 * 1000;

type Job = { name: string; run: (signal: AbortSignal) => Promise<string | null> };

/** The selfie purge resumes from the previous run's cutoff, so a day's run scans one new day. */
function selfiePurgeJob(): Job {
  let purgedBefore: string | undefined;
  return {
    name: "selfie retention",
    run: async (signal) => {
      const result = await purgeExpiredSelfies(new Date(), { from: purgedBefore, signal });
      if (!signal.aborted) purgedBefore = result.cutoff;
      return result.photos > 0 ? `Selfie retention: deleted ${result.photos} photos of ${result.records} records before ${result.cutoff}` : null;
    },
  };
}

/** A server running across New Year seeds the coming year's holidays without a restart. */
export function holidaySeedJob(clock: () => Date = () => new Date()): Job {
  return {
    name: "holiday seed",
    run: async () => {
      const seeded = ensureHolidaySeeds(clock());
      return seeded.length ? seeded.map((s) => `Thai public holidays of ${s.year} loaded: ${s.added} days`).join("\n") : null;
    },
  };
}

let running: { timer: NodeJS.Timeout; stop: AbortController; current: Promise<void> } | null = null;

/**
 * Starts the daily jobs: the first run on the next turn of the event loop (the server is not
 * held up starting), then every `everyMs`. The timers are unref'd, so they never keep the
 * process alive. A failing job is logged and tried again the next day.
 */
export function startDailyJobs({ jobs = [holidaySeedJob(), selfiePurgeJob()], everyMs = DAY_MS, log = console.log }: { jobs?: Job[]; everyMs?: number; log?: (line: string) => void } = {}) {
  stopDailyJobs();
  const stop = new AbortController();
  let busy = false;
  const runAll = async () => {
    for (const job of jobs) {
      if (stop.signal.aborted) break;
      try {
        const line = await job.run(stop.signal);
        if (line) log(line);
      } catch (error) {
        console.error(`Daily job "${job.name}" failed:`, error);
      }
    }
  };
  const state = { timer: setInterval(() => tick(), everyMs), stop, current: Promise.resolve() };
  const tick = () => {
    if (busy || stop.signal.aborted) return;
    busy = true;
    state.current = runAll().finally(() => {
      busy = false;
    });
  };
  state.timer.unref();
  setTimeout(tick, 0).unref();
  running = state;
}

/** Stops the timer; a run in progress stops after its current batch, and the promise waits for it. */
export function stopDailyJobs(): Promise<void> {
  if (!running) return Promise.resolve();
  const { timer, stop, current } = running;
  running = null;
  clearInterval(timer);
  stop.abort();
  return current;
}
