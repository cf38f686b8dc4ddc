import { DAY_MS, startDailyJobs, stopDailyJobs } from "./daily-jobs.server";

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(async () => {
  await stopDailyJobs();
  vi.useRealTimers();
});

describe("daily jobs", () => {
  test("run once right after start, then every day; stop ends them and waits for a run in progress", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearInterval"] });
    const runs: AbortSignal[] = [];
    const log = vi.fn();
    startDailyJobs({ jobs: [{ name: "t", run: async (signal) => (runs.push(signal), `run ${runs.length}`) }], log });
    expect(runs).toHaveLength(0); // the server is not held up starting
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DAY_MS - 1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    expect(log.mock.calls).toEqual([["run 1"], ["run 2"]]);
    await stopDailyJobs();
    expect(runs[1].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * DAY_MS);
    expect(runs).toHaveLength(2);
  });

  test("a failing job is logged and the next job and the next day still run", async () => {
    // Asserted here instead of failing the test (tests/setup/console.ts).
    const errors = vi.mocked(console.error).mockImplementation(() => undefined);
    const ran: string[] = [];
    startDailyJobs({
      jobs: [
        { name: "broken", run: async () => Promise.reject(new Error("disk")) },
        { name: "fine", run: async () => (ran.push("fine"), null) },
      ],
      everyMs: 5,
      log: () => undefined,
    });
    await vi.waitFor(() => expect(ran.length).toBeGreaterThanOrEqual(2));
    await stopDailyJobs();
    expect(errors.mock.calls[0]).toEqual(['Daily job "broken" failed:', new Error("disk")]);
  });

  test("a timer tick while a run is still busy does not start a second run", async () => {
    let release: () => void = () => undefined;
    let started = 0;
    startDailyJobs({ jobs: [{ name: "slow", run: () => (started++, new Promise<null>((r) => (release = () => r(null)))) }], everyMs: 2, log: () => undefined });
    await vi.waitFor(() => expect(started).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    await flush();
    expect(started).toBe(1);
    const stopped = stopDailyJobs();
    release();
    await stopped;
  });
});

describe("holiday seed job", () => {
  it("seeds the coming year when the year turns while the server runs, once", async () => {
    const { holidaySeedJob } = await import("./daily-jobs.server");
    const { db } = await import("~/lib/db.server");
    const { holidayYears } = await import("../../db/schema");
    const years = () => db().select().from(holidayYears).all().map((r) => r.year).sort();
    let now = new Date("2030-12-31T16:59:00Z"); // 23:59 on 31 Dec 2030 in Bangkok
    const job = holidaySeedJob(() => now);
    const signal = new AbortController().signal;
    expect(await job.run(signal)).toContain("2031");
    expect(years()).toEqual(expect.arrayContaining([2030, 2031]));
    expect(years()).not.toContain(2032);
    expect(await job.run(signal)).toBeNull();
    now = new Date("2030-12-31T17:01:00Z"); // 00:01 on 1 Jan 2031 in Bangkok
    expect(await job.run(signal)).toBe(`Thai public holidays of 2032 loaded: ${db().select().from((await import("../../db/schema")).holidays).all().filter((h) => h.date.startsWith("2032")).length} days`);
    expect(years()).toContain(2032);
  });
});
