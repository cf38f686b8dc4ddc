import { performance } from "node:perf_hooks";
import sharp from "sharp";
import {
  blankImage,
  faceSelfie,
  htmlFile,
  secondSelfieOfA,
  severalFacesImage,
} from "../../tests/fixtures/faces";
import { SPOOFS } from "../../tests/fixtures/spoofs";
import { DomainError } from "./errors";
import {
  DEFAULT_FACE_THRESHOLD,
  DEFAULT_LIVENESS_THRESHOLD,
  FACE_ERRORS,
  DEFAULT_FACE_IDLE_MS,
  DEFAULT_FACE_JOB_TIMEOUT_MS,
  DEFAULT_FACE_LOAD_TIMEOUT_MS,
  closeFaceEngine,
  computeDescriptor,
  configureFaceEngine,
  countFaces,
  crashBusyFaceWorkerForTests,
  faceCountRefusal,
  faceDistance,
  faceEngineStats,
  breakNextLivenessForTests,
  hangNextFaceJobForTests,
  readSelfie,
  warmUpFaceEngine,
} from "./face.server";
import { metrics } from "./metrics.server";
import { UPLOAD_MESSAGES } from "./uploads-shared";

async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The face engine's series in the metrics registry: queue, watchdog restarts, descriptor jobs by outcome. */
async function faceMetrics() {
  const values = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;
  const job = (all: { metricName?: string; labels: Partial<Record<string, string | number>>; value: number }[], suffix: string, outcome: string) =>
    all.find((v) => v.metricName === `tn_face_job_duration_seconds_${suffix}` && v.labels.kind === "descriptor" && v.labels.outcome === outcome)?.value ?? 0;
  const jobs = await values("tn_face_job_duration_seconds");
  return {
    queued: (await values("tn_face_queue_length"))[0]?.value,
    restarts: (await values("tn_face_worker_restarts_total"))[0]?.value ?? 0,
    ok: job(jobs, "count", "ok"),
    failed: job(jobs, "count", "failed"),
    failedSeconds: job(jobs, "sum", "failed"),
  };
}

// First in the file: nothing has used the engine yet.
it("starts no worker and loads no model before the first photo", () => {
  expect(faceEngineStats()).toMatchObject({ poolSize: 1, workers: 0, started: 0, modelLoadMs: null, idleMs: DEFAULT_FACE_IDLE_MS });
  expect(DEFAULT_FACE_IDLE_MS).toBe(120_000);
});

describe("faceDistance", () => {
  it("is the Euclidean distance", () => {
    expect(faceDistance([0, 0, 0], [3, 4, 0])).toBe(5);
    expect(faceDistance([1, 2], [1, 2])).toBe(0);
    expect(DEFAULT_FACE_THRESHOLD).toBe(0.5);
  });

  it("refuses descriptors of different lengths", () => {
    expect(() => faceDistance([1, 2], [1, 2, 3])).toThrow(/length/);
    expect(() => faceDistance([], [])).toThrow(/length/);
  });
});

describe("computeDescriptor", { timeout: 60_000 }, () => {
  let a: number[];

  beforeAll(async () => {
    await warmUpFaceEngine();
    a = await computeDescriptor(await faceSelfie("a"));
  }, 60_000);

  afterAll(async () => {
    await closeFaceEngine();
  });

  it("gives 128 finite numbers for a photo with one face", () => {
    expect(Array.isArray(a)).toBe(true);
    expect(a).toHaveLength(128);
    expect(a.every((n) => typeof n === "number" && Number.isFinite(n))).toBe(true);
  });

  it("matches the same person cropped, mirrored, brightened and re-encoded differently", async () => {
    const again = await computeDescriptor(await secondSelfieOfA());
    expect(faceDistance(a, again)).toBeLessThan(DEFAULT_FACE_THRESHOLD);
  });

  it("matches the same person from a large photo (downscaled) and a small one", async () => {
    const large = await computeDescriptor(await faceSelfie("a", { width: 1600 }));
    const small = await computeDescriptor(await faceSelfie("a", { width: 240, quality: 60 }));
    expect(faceDistance(a, large)).toBeLessThan(DEFAULT_FACE_THRESHOLD);
    expect(faceDistance(a, small)).toBeLessThan(DEFAULT_FACE_THRESHOLD);
  });

  it("turns the photo upright by its EXIF orientation first", async () => {
    // Stored sideways with orientation 6 (shown rotated 90° clockwise), as phones do.
    const sideways = await sharp(await faceSelfie("a")).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const upright = await computeDescriptor(sideways);
    expect(faceDistance(a, upright)).toBeLessThan(DEFAULT_FACE_THRESHOLD);
  });

  it("does not match a different person", async () => {
    const b = await computeDescriptor(await faceSelfie("b"));
    const c = await computeDescriptor(await faceSelfie("c"));
    expect(faceDistance(a, b)).toBeGreaterThanOrEqual(DEFAULT_FACE_THRESHOLD);
    expect(faceDistance(a, c)).toBeGreaterThanOrEqual(DEFAULT_FACE_THRESHOLD);
    expect(faceDistance(b, c)).toBeGreaterThanOrEqual(DEFAULT_FACE_THRESHOLD);
  });

  it("refuses a photo without a face (422)", async () => {
    const error = await domainError(computeDescriptor(await blankImage()));
    expect(error.status).toBe(422);
    expect(error.message).toBe(FACE_ERRORS.noFace);
    expect(error.message).toBe("ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน");
  });

  it("refuses a photo with several faces (422)", async () => {
    const error = await domainError(computeDescriptor(severalFacesImage()));
    expect(error.status).toBe(422);
    expect(error.message).toBe("พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง");
  });

  it("gives the pre-check the count and the words computeDescriptor decides by (dark photos included)", async () => {
    const photos = {
      one: await faceSelfie("a"),
      none: await blankImage(),
      several: severalFacesImage(),
      darkSeveral: await sharp(severalFacesImage()).modulate({ brightness: 0.5 }).jpeg().toBuffer(),
    };
    const counted: Record<string, number | null> = {};
    for (const [name, photo] of Object.entries(photos)) {
      const faces = await countFaces(photo);
      counted[name] = faces;
      const real = await computeDescriptor(photo).then(
        () => null,
        (e: unknown) => (e instanceof DomainError ? e.message : String(e)),
      );
      expect(faceCountRefusal(faces!), name).toBe(real);
    }
    expect(counted).toEqual({ one: 1, none: 0, several: 3, darkSeveral: expect.any(Number) });
    expect(counted.darkSeveral).toBeGreaterThan(1);
  });

  it("a pre-check waits behind the real jobs and refuses an unreadable file like the real path (400)", async () => {
    const [photoA, photoB] = await Promise.all([faceSelfie("a"), faceSelfie("b")]);
    const done: string[] = [];
    const first = computeDescriptor(photoA).then(() => done.push("real 1"));
    while (faceEngineStats().busy === 0) await sleep(2);
    const precheck = countFaces(photoB).then(() => done.push("pre-check"));
    while (faceEngineStats().queued === 0) await sleep(2);
    const second = computeDescriptor(photoB).then(() => done.push("real 2"));
    await Promise.all([first, precheck, second]);
    expect(done).toEqual(["real 1", "real 2", "pre-check"]);
    const error = await domainError(countFaces(htmlFile()));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.unsupported);
  });

  it("refuses a file that is not an image (400)", async () => {
    const error = await domainError(computeDescriptor(htmlFile()));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.unsupported);
  });

  it("refuses a broken image (400)", async () => {
    const jpeg = await faceSelfie("a");
    const error = await domainError(computeDescriptor(jpeg.subarray(0, 2000)));
    expect(error.status).toBe(400);
    expect(error.message).toBe(UPLOAD_MESSAGES.corrupt);
  });

  it("answers concurrent callers each with their own face", async () => {
    const [photoA, photoB] = await Promise.all([faceSelfie("a"), faceSelfie("b")]);
    const b = await computeDescriptor(photoB);
    const [a1, b1, a2, b2] = await Promise.all([
      computeDescriptor(photoA),
      computeDescriptor(photoB),
      computeDescriptor(photoA),
      computeDescriptor(photoB),
    ]);
    for (const same of [a1, a2]) expect(faceDistance(a, same)).toBeLessThan(1e-6);
    for (const same of [b1, b2]) expect(faceDistance(b, same)).toBeLessThan(1e-6);
    expect(faceEngineStats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it("keeps the main thread responsive while a descriptor is computed", async () => {
    const photo = await faceSelfie("b", { width: 640 });

    /** The longest gap between setTimeout(0) ticks on this thread while one descriptor is computed. */
    async function longestGap() {
      let ticks = 0;
      let longest = 0;
      let last = performance.now();
      let running = true;
      const tick = () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        ticks++;
        if (running) setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
      const started = performance.now();
      await computeDescriptor(photo);
      const took = performance.now() - started;
      running = false;
      await sleep(5);
      expect(took).toBeGreaterThan(20); // there was real work to wait for
      expect(ticks).toBeGreaterThan(Math.min(10, took / 10));
      return longest;
    }
    // On a loaded 2-core machine the OS may pause this thread now and then: one retry. A network
    // running on this thread would block it for its whole run (~200 ms) every time.
    let longest = await longestGap();
    if (longest >= 100) longest = Math.min(longest, await longestGap());
    expect(longest).toBeLessThan(100);

    // The share of time this thread was busy while the worker computed: near 0, not near 1.
    const before = performance.eventLoopUtilization();
    await computeDescriptor(photo);
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(busy).toBeLessThan(0.5);
  });

  describe("the liveness score of a check-in selfie", () => {
    it("is loaded in the worker with the face models", () => {
      expect(faceEngineStats().livenessModel).toBe(true);
    });

    it("scores a real photo in 0–1, above the default threshold, with the same descriptor as computeDescriptor", async () => {
      for (const photo of [await faceSelfie("a"), await faceSelfie("b"), await faceSelfie("c"), await secondSelfieOfA()]) {
        const selfie = await readSelfie(photo);
        expect(faceDistance(selfie.descriptor, await computeDescriptor(photo))).toBeLessThan(1e-6);
        expect(selfie.liveness).toBeGreaterThanOrEqual(DEFAULT_LIVENESS_THRESHOLD);
        expect(selfie.liveness).toBeLessThanOrEqual(1);
      }
    });

    it("scores a photo degraded like a screen replay lower than the original", async () => {
      for (const person of ["a", "b", "c"] as const) {
        const original = await faceSelfie(person);
        const replayed = await SPOOFS.replay(original);
        const [real, spoof] = [(await readSelfie(original)).liveness!, (await readSelfie(replayed)).liveness!];
        expect(spoof, person).toBeLessThan(real - 0.05);
      }
    });

    it("a score that fails is null and the descriptor stands", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const photo = await faceSelfie("a");
        breakNextLivenessForTests();
        const selfie = await readSelfie(photo);
        expect(selfie.liveness).toBeNull();
        expect(faceDistance(selfie.descriptor, a)).toBeLessThan(1e-6);
        expect(String(warn.mock.calls[0]?.[0])).toContain("no liveness score for this selfie: liveness broken for a test");
        expect((await readSelfie(photo)).liveness).toBeGreaterThan(0);
      } finally {
        warn.mockRestore();
      }
    });
  });

  it("fails only the job of a crashed worker and replaces the worker", async () => {
    const [photoA, photoB] = await Promise.all([faceSelfie("a"), faceSelfie("b")]);
    const b = await computeDescriptor(photoB);
    const failure = domainError(computeDescriptor(photoA));
    while (faceEngineStats().busy === 0) await sleep(2);
    // The second job reaches the engine (queued behind the first, or on a second worker).
    const survivor = computeDescriptor(photoB);
    while (faceEngineStats().busy + faceEngineStats().queued < 2) await sleep(2);
    expect(crashBusyFaceWorkerForTests()).toBe(true);

    const error = await failure;
    expect(error.status).toBe(503);
    expect(error.message).toBe(FACE_ERRORS.engine);
    expect(faceDistance(b, await survivor)).toBeLessThan(1e-6);
    expect(faceDistance(a, await computeDescriptor(photoA))).toBeLessThan(1e-6);
    expect(faceEngineStats()).toMatchObject({ busy: 0, queued: 0 });
    expect(faceEngineStats().ready).toBeGreaterThanOrEqual(1);
  });
});

describe("the worker's life: started by a photo, stopped when idle", { timeout: 120_000 }, () => {
  afterEach(async () => {
    await closeFaceEngine();
    configureFaceEngine({ idleMs: DEFAULT_FACE_IDLE_MS });
  });

  async function waitForNoWorker() {
    for (let i = 0; i < 500 && faceEngineStats().workers > 0; i++) await sleep(20);
    return faceEngineStats().workers;
  }

  it("stops the idle worker and starts a fresh one for the next photo", async () => {
    configureFaceEngine({ idleMs: 50 });
    const photo = await faceSelfie("a");
    const before = faceEngineStats();
    const first = await computeDescriptor(photo);
    expect(faceEngineStats().started).toBe(before.started + 1);
    expect(await waitForNoWorker()).toBe(0);
    expect(faceEngineStats().released).toBe(before.released + 1);

    const again = await computeDescriptor(photo);
    expect(faceDistance(first, again)).toBeLessThan(1e-6);
    expect(faceEngineStats().started).toBe(before.started + 2);
  });

  it("keeps a worker that gets work before its idle time is up", async () => {
    configureFaceEngine({ idleMs: 60_000 });
    const photo = await faceSelfie("b");
    const before = faceEngineStats();
    await computeDescriptor(photo);
    await computeDescriptor(photo);
    expect(faceEngineStats()).toMatchObject({ workers: 1, started: before.started + 1, released: before.released });
  });

  it("runs photos that arrive while the worker stops or starts, on one worker at a time", async () => {
    configureFaceEngine({ idleMs: 0 });
    const [photoA, photoB] = await Promise.all([faceSelfie("a"), faceSelfie("b")]);
    const a = await computeDescriptor(photoA);
    const b = await computeDescriptor(photoB);
    // idle 0: the worker is stopped the moment its queue is empty, so each await above ended one
    // and these arrive while it stops; they queue for the fresh worker and all succeed.
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, faceEngineStats().workers);
        await sleep(5);
      }
    })();
    const answers = await Promise.all([computeDescriptor(photoA), computeDescriptor(photoB), computeDescriptor(photoA)]);
    watching = false;
    await watch;
    expect(faceDistance(a, answers[0])).toBeLessThan(1e-6);
    expect(faceDistance(b, answers[1])).toBeLessThan(1e-6);
    expect(faceDistance(a, answers[2])).toBeLessThan(1e-6);
    expect(most).toBe(1);
    expect(await waitForNoWorker()).toBe(0);
  });

  it("refuses a negative idle time", () => {
    expect(() => configureFaceEngine({ idleMs: -1 })).toThrow(/idleMs/);
  });
});

describe("the watchdog: a stuck worker is killed and restarted", { timeout: 60_000 }, () => {
  // Seconds, not the default 8: a fresh worker's first jobs take over a second on a busy 2-core machine.
  const LIMIT = 4_000;
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    await warmUpFaceEngine();
    await computeDescriptor(await faceSelfie("a")); // the worker's slow first job, under the default limit
    configureFaceEngine({ jobTimeoutMs: LIMIT });
  }, 60_000);
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());
  afterAll(async () => {
    await closeFaceEngine();
    configureFaceEngine({ jobTimeoutMs: DEFAULT_FACE_JOB_TIMEOUT_MS });
  });

  it("defaults to a few seconds, not a minute", () => {
    expect(DEFAULT_FACE_JOB_TIMEOUT_MS).toBe(8_000);
    expect(() => configureFaceEngine({ jobTimeoutMs: 0 })).toThrow(/jobTimeoutMs/);
  });

  it("a stuck job and the jobs waiting behind it fail with the 503 at the limit; a fresh worker answers the next job", async () => {
    const photo = await faceSelfie("a");
    const expected = await computeDescriptor(photo);
    const before = faceEngineStats();
    const metricsBefore = await faceMetrics();
    hangNextFaceJobForTests();
    const started = performance.now();
    const stuck = domainError(computeDescriptor(photo));
    while (faceEngineStats().busy === 0) await sleep(2);
    const waiting = domainError(computeDescriptor(photo));
    while (faceEngineStats().queued === 0) await sleep(2);
    expect((await faceMetrics()).queued).toBe(1);
    const [error, behind] = await Promise.all([stuck, waiting]);
    const took = performance.now() - started;
    expect([error.status, error.message]).toEqual([503, FACE_ERRORS.engine]);
    expect([behind.status, behind.message]).toEqual([503, FACE_ERRORS.engine]);
    expect(took).toBeGreaterThanOrEqual(LIMIT - 100);
    expect(took).toBeLessThan(LIMIT + 3_000);
    expect(faceEngineStats()).toMatchObject({ restarts: before.restarts + 1, started: before.started + 1, workers: 1, busy: 0, queued: 0 });
    expect(String(warn.mock.calls[0]?.[0])).toContain(`a job ran over ${LIMIT} ms; the worker is restarted and 1 waiting job(s) fail (503)`);

    const again = await computeDescriptor(photo);
    expect(faceDistance(expected, again)).toBeLessThan(1e-6);
    expect(faceEngineStats()).toMatchObject({ restarts: before.restarts + 1, started: before.started + 1 });
    // The stuck job is timed as failed (at the limit), the one that never reached the worker not at all.
    const metricsAfter = await faceMetrics();
    expect(metricsAfter).toMatchObject({
      queued: 0,
      restarts: metricsBefore.restarts + 1,
      failed: metricsBefore.failed + 1,
      ok: metricsBefore.ok + 1,
    });
    expect(metricsAfter.failedSeconds - metricsBefore.failedSeconds).toBeGreaterThanOrEqual((LIMIT - 100) / 1000);
  });

  it("a pre-check on a stuck engine says nothing after its wait, and is not queued behind two waiting jobs", async () => {
    const photo = await faceSelfie("b");
    hangNextFaceJobForTests();
    const stuck = domainError(computeDescriptor(photo));
    while (faceEngineStats().busy === 0) await sleep(2);
    let started = performance.now();
    expect(await countFaces(photo, { waitMs: 300 })).toBeNull();
    expect(performance.now() - started).toBeLessThan(LIMIT);
    expect(faceEngineStats().queued).toBe(0); // withdrawn when its wait was up

    const behind = [domainError(computeDescriptor(photo)), domainError(computeDescriptor(photo))];
    while (faceEngineStats().queued < 2) await sleep(2);
    started = performance.now();
    expect(await countFaces(photo)).toBeNull();
    expect(performance.now() - started).toBeLessThan(LIMIT);
    expect(faceEngineStats().queued).toBe(2);
    for (const error of await Promise.all([stuck, ...behind])) expect(error.status).toBe(503);
    expect(await countFaces(photo, { waitMs: 30_000 })).toBe(1);
  });

  it("a load past its own limit fails what waits for it, and starts no other worker until the next photo", async () => {
    await closeFaceEngine();
    const photo = await faceSelfie("a");
    const before = faceEngineStats();
    configureFaceEngine({ loadTimeoutMs: 5 });
    try {
      const error = await domainError(computeDescriptor(photo));
      expect([error.status, error.message]).toEqual([503, FACE_ERRORS.engine]);
      expect(faceEngineStats()).toMatchObject({ workers: 0, restarts: before.restarts + 1, started: before.started + 1 });
      await sleep(50);
      expect(faceEngineStats().started).toBe(before.started + 1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("model load took over 5 ms");
    } finally {
      configureFaceEngine({ loadTimeoutMs: DEFAULT_FACE_LOAD_TIMEOUT_MS });
    }
    expect((await computeDescriptor(photo)).length).toBe(128);
  });

  it("loading the models is not a job: a job limit shorter than the load does not kill a starting worker", async () => {
    await closeFaceEngine();
    const before = faceEngineStats();
    configureFaceEngine({ jobTimeoutMs: 20 });
    try {
      await warmUpFaceEngine();
      expect(faceEngineStats().modelLoadMs).toBeGreaterThan(20);
      expect(faceEngineStats()).toMatchObject({ ready: 1, restarts: before.restarts });
    } finally {
      configureFaceEngine({ jobTimeoutMs: LIMIT });
    }
  });
});
