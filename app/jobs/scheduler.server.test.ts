import { eq } from "drizzle-orm";
import { holidays, holidayYears, jobRuns } from "../../db/schema";
import { db } from "~/lib/db.server";
import { metrics } from "~/lib/metrics.server";
import { claimRun, INTERRUPTED } from "~/models/core/job-runs.server";
import { dailyJobs, type DailyJob, type DayPlan } from "~/models/flows/scheduled-jobs.server";
import { createScheduler, lateSkip, type Scheduler } from "./scheduler.server";

/** An instant at `time` (HH:mm) on `date` in Bangkok (UTC+7). */
const bkk = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);

const rows = (job: string) =>
  db()
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .all()
    .sort((a, b) => a.runDate.localeCompare(b.runDate));

let serial = 0;
function job(plan: Partial<DayPlan> = {}, run: DailyJob["run"] = async () => "done") {
  serial += 1;
  const calls: string[] = [];
  const j: DailyJob = {
    name: `test_job_${serial}`,
    label: "งานทดสอบ",
    plan: () => ({ on: true, at: "09:00", until: "17:00", skip: null, ...plan }),
    run: async (ctx) => {
      calls.push(ctx.date);
      return run(ctx);
    },
  };
  return { job: j, calls };
}

const started: Scheduler[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

describe("claiming a day's run", () => {
  test("the first claim gets the row, every later one nothing", () => {
    const first = claimRun("claim_test", "2026-11-24", new Date());
    expect(first).toEqual(expect.any(Number));
    expect(claimRun("claim_test", "2026-11-24", new Date())).toBeNull();
    expect(claimRun("claim_test", "2026-11-25", new Date())).toEqual(expect.any(Number));
    expect(rows("claim_test").map((r) => [r.runDate, r.status])).toEqual([
      ["2026-11-24", "running"],
      ["2026-11-25", "running"],
    ]);
  });

  test("two schedulers waking at once on the same database run the job once", async () => {
    const { job: j, calls } = job({}, () => new Promise((r) => setTimeout(() => r("slow"), 20)));
    const a = createScheduler({ jobs: [j], log: () => undefined });
    const b = createScheduler({ jobs: [j], log: () => undefined });
    const now = bkk("2026-11-24", "09:00");
    await Promise.all([a.runDue(now), b.runDue(now)]);
    expect(calls).toEqual(["2026-11-24"]);
    expect(rows(j.name)).toHaveLength(1);
  });
});

describe("when a job runs", () => {
  test("not before its time; at its time once; again the next business day", async () => {
    const { job: j, calls } = job();
    const s = createScheduler({ jobs: [j], log: () => undefined });
    expect(await s.runDue(bkk("2026-11-24", "08:59"))).toEqual([]);
    expect(await s.runDue(bkk("2026-11-24", "09:00"))).toEqual([{ job: j.name, date: "2026-11-24", status: "ok", result: "done" }]);
    expect(await s.runDue(bkk("2026-11-24", "09:01"))).toEqual([]);
    expect(await s.runDue(bkk("2026-11-24", "16:00"))).toEqual([]);
    expect(calls).toEqual(["2026-11-24"]);
    // 00:30 in Bangkok is still the previous day in UTC: the business day decides.
    await s.runDue(bkk("2026-11-25", "00:30"));
    expect(calls).toEqual(["2026-11-24"]);
    await s.runDue(bkk("2026-11-25", "09:30"));
    expect(calls).toEqual(["2026-11-24", "2026-11-25"]);
    const recorded = rows(j.name);
    expect(recorded.map((r) => [r.runDate, r.status, r.result])).toEqual([
      ["2026-11-24", "ok", "done"],
      ["2026-11-25", "ok", "done"],
    ]);
    expect(recorded[0].finishedAt).not.toBeNull();
  });

  test("a restart (a new scheduler on the same database) never repeats a day's run", async () => {
    const { job: j, calls } = job();
    await createScheduler({ jobs: [j], log: () => undefined }).runDue(bkk("2026-11-24", "09:05"));
    await createScheduler({ jobs: [j], log: () => undefined }).runDue(bkk("2026-11-24", "09:10"));
    expect(calls).toHaveLength(1);
  });

  test("catch-up: a time passed while down runs once at the start if still useful, else the day is recorded skipped", async () => {
    const useful = job();
    const late = job();
    const s = createScheduler({ jobs: [useful.job], log: () => undefined });
    expect(await s.runDue(bkk("2026-11-24", "13:00"))).toMatchObject([{ status: "ok" }]);
    const t = createScheduler({ jobs: [late.job], log: () => undefined });
    expect(await t.runDue(bkk("2026-11-24", "17:01"))).toEqual([{ job: late.job.name, date: "2026-11-24", status: "skipped", result: lateSkip("17:00") }]);
    expect(late.calls).toEqual([]);
    expect(await t.runDue(bkk("2026-11-24", "18:00"))).toEqual([]);
    expect(rows(late.job.name).map((r) => r.status)).toEqual(["skipped"]);
  });

  test("a skipped day is recorded once its time comes; a job switched off records nothing and runs once switched on", async () => {
    const holiday = job({ skip: "วันหยุด" });
    let on = false;
    const toggled: DailyJob = { ...job().job, plan: () => ({ on, at: "09:00", until: "17:00", skip: null }) };
    let ran = 0;
    toggled.run = async () => `ran ${++ran}`;
    const s = createScheduler({ jobs: [holiday.job, toggled], log: () => undefined });
    expect(await s.runDue(bkk("2026-11-24", "08:00"))).toEqual([]);
    expect(await s.runDue(bkk("2026-11-24", "10:00"))).toEqual([{ job: holiday.job.name, date: "2026-11-24", status: "skipped", result: "วันหยุด" }]);
    expect(holiday.calls).toEqual([]);
    expect(rows(toggled.name)).toEqual([]);
    on = true;
    expect(await s.runDue(bkk("2026-11-24", "11:00"))).toEqual([{ job: toggled.name, date: "2026-11-24", status: "ok", result: "ran 1" }]);
  });

  test("a failing job is recorded failed with its error, logged, and not tried again that day; the next job still runs", async () => {
    const errors = vi.mocked(console.error).mockImplementation(() => undefined);
    const broken = job({}, async () => Promise.reject(new Error("disk full")));
    const fine = job();
    const s = createScheduler({ jobs: [broken.job, fine.job], log: () => undefined });
    await s.runDue(bkk("2026-11-24", "09:00"));
    await s.runDue(bkk("2026-11-24", "09:30"));
    expect(broken.calls).toHaveLength(1);
    expect(fine.calls).toHaveLength(1);
    expect(rows(broken.job.name).map((r) => [r.status, r.result])).toEqual([["failed", "disk full"]]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0][0]))).toMatchObject({
      level: "error",
      msg: `Job "${broken.job.name}" failed`,
      job: broken.job.name,
      err: { type: "Error", message: "disk full" },
    });
    errors.mockClear();
  });

  test("each job's runs are counted by outcome in tn_job_runs_total, every outcome a series from the start", async () => {
    const count = async (job: string, outcome: string) =>
      (await metrics.jobRuns.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value;
    const fine = job();
    const broken = job({}, async () => Promise.reject(new Error("disk full")));
    const holiday = job({ skip: "วันหยุด" });
    const s = createScheduler({ jobs: [fine.job, broken.job, holiday.job], log: () => undefined });
    for (const j of [fine.job, broken.job, holiday.job]) {
      for (const outcome of ["ok", "failed", "skipped"]) expect(await count(j.name, outcome), `${j.name} ${outcome}`).toBe(0);
    }
    const errors = vi.mocked(console.error).mockImplementation(() => undefined);
    await s.runDue(bkk("2026-11-24", "09:00"));
    await s.runDue(bkk("2026-11-24", "09:30"));
    errors.mockClear();
    expect([await count(fine.job.name, "ok"), await count(broken.job.name, "failed"), await count(holiday.job.name, "skipped")]).toEqual([1, 1, 1]);
    expect([await count(fine.job.name, "failed"), await count(broken.job.name, "ok"), await count(holiday.job.name, "ok")]).toEqual([0, 0, 0]);
  });

  test("a run cut off by a stop is marked failed at the next start and not repeated that day", async () => {
    const { job: j, calls } = job();
    claimRun(j.name, "2026-11-24", bkk("2026-11-24", "09:00"));
    const log = vi.fn();
    const s = createScheduler({ jobs: [j], log, clock: () => bkk("2026-11-24", "09:30") });
    started.push(s);
    s.start();
    expect(rows(j.name).map((r) => [r.status, r.result])).toEqual([["failed", INTERRUPTED]]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Scheduler: \d+ run\(s\) cut off/));
    await s.runDue(bkk("2026-11-24", "09:31"));
    expect(calls).toEqual([]);
  });

  test("start catches up on the next turn of the event loop, not holding up the start", async () => {
    const { job: j, calls } = job();
    const s = createScheduler({ jobs: [j], log: () => undefined, clock: () => bkk("2026-11-26", "10:00") });
    started.push(s);
    s.start();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toEqual(["2026-11-26"]));
  });
});

describe("waking and stopping", () => {
  test("a wake while the previous one still runs starts nothing; stop aborts the run in progress and waits for it", async () => {
    let release: () => void = () => undefined;
    let signal: AbortSignal | null = null;
    const { job: j, calls } = job({}, (ctx) => {
      signal = ctx.signal;
      return new Promise((r) => (release = () => r("released")));
    });
    const s = createScheduler({ jobs: [j], log: () => undefined, clock: () => bkk("2026-11-27", "09:00") });
    const first = s.tick();
    expect(s.tick()).toBe(first);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(signal!.aborted).toBe(true);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(rows(j.name).map((r) => r.status)).toEqual(["ok"]);
    await s.tick(bkk("2026-11-28", "09:00"));
    expect(calls).toHaveLength(1);
  });
});

describe("holiday seed job", () => {
  test("seeds the coming year when the year turns while the server runs, once a day", async () => {
    const seed = dailyJobs().find((j) => j.name === "holiday_seed")!;
    const years = () => db().select().from(holidayYears).all().map((r) => r.year).sort();
    const s = createScheduler({ jobs: [seed], log: () => undefined });
    const [first] = await s.runDue(bkk("2030-12-31", "23:59"));
    expect(first).toMatchObject({ status: "ok", result: expect.stringContaining(`${2031 + 543}`) });
    expect(years()).toEqual(expect.arrayContaining([2030, 2031]));
    expect(years()).not.toContain(2032);
    expect(await s.runDue(bkk("2031-01-01", "00:04"))).toEqual([]);
    const [next] = await s.runDue(bkk("2031-01-01", "00:05"));
    const added = db().select().from(holidays).all().filter((h) => h.date.startsWith("2032")).length;
    expect(next.result).toBe(`เพิ่มวันหยุดปี ${2032 + 543}: ${added} วัน`);
    expect(years()).toContain(2032);
  });
});
