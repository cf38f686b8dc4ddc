// Housekeeping that runs inside the server process: once shortly after start, then every 24 h.
// Kept to one small function so a scheduler can take its place without touching the jobs.
import { ensureHolidaySeeds } from "~/models/holidays.server";
import { resendUndeliveredNotices } from "~/models/notifier.server";
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

type Running = { timer: NodeJS.Timeout; stop: AbortController; current: Promise<void> };
const running = new Map<string, Running>();

export const NOTICE_RETRY_MS = 10 * 60 * 1000;

/** LINE notices that LINE did not take (down, 5xx, a crash before sending) go out again with their own retry key. */
export function noticeRetryJob(clock: () => Date = () => new Date()): Job {
  return {
    name: "notice retry",
    run: async () => {
      const { sent, tried } = await resendUndeliveredNotices(clock());
      return tried > 0 ? `LINE notices sent again: ${sent} of ${tried}` : null;
    },
  };
}

/**
 * Starts the daily jobs: the first run on the next turn of the event loop (the server is not
 * held up starting), then every `everyMs`. The timers are unref'd, so they never keep the
 * process alive. A failing job is logged and tried again the next day.
 */
export function startDailyJobs({
  jobs = [holidaySeedJob(), selfiePurgeJob()],
  everyMs = DAY_MS,
  log = console.log,
  group = "daily",
}: { jobs?: Job[]; everyMs?: number; log?: (line: string) => void; group?: string } = {}) {
  void stopJobs(group);
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
  running.set(group, state);
}

/** The server's background jobs: the daily housekeeping, and the notice re-send every 10 minutes. */
export function startServerJobs(log: (line: string) => void = console.log) {
  startDailyJobs({ log });
  startDailyJobs({ group: "notices", jobs: [noticeRetryJob()], everyMs: NOTICE_RETRY_MS, log });
}

function stopJobs(group: string): Promise<void> {
  const state = running.get(group);
  if (!state) return Promise.resolve();
  running.delete(group);
  clearInterval(state.timer);
  state.stop.abort();
  return state.current;
}

/** Stops every timer; a run in progress stops after its current batch, and the promise waits for it. */
export function stopDailyJobs(): Promise<void> {
  return Promise.all([...running.keys()].map(stopJobs)).then(() => undefined);
}
