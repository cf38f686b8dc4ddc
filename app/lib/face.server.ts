// The server's face engine (docs/decisions/005-face-engine.md): a selfie in, 128 numbers out.
// sharp decodes and downscales the photo (libuv thread pool); @vladmandic/face-api on the
// TensorFlow WASM backend runs in a worker thread (app/lib/face-worker.mjs), so the request
// thread never runs the network. Nothing is downloaded: models and .wasm come from node_modules.
// The worker is started by the first photo and stopped after a quiet spell: loaded, it holds
// ~250 MB (a WASM heap that never shrinks), most of a small server's memory
// (docs/decisions/026-memory-on-a-small-server.md). A watchdog kills and restarts a stuck worker,
// and the pre-check counts faces with the same detector (docs/decisions/036-face-precheck-on-the-server.md).
// A check-in selfie also gets a liveness score in the same job (docs/decisions/051-selfie-liveness-score.md);
// a score that cannot be had is null, never a failed check-in.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { DomainError } from "./errors";
import { FACE_MAX_SIDE } from "./face-detector.mjs";
import { imageDecodeError, openImage, sniffImageType } from "./image.server";
import { logger } from "./log.server";
import { collectedGauge, metrics, secondsSince } from "./metrics.server";
import { UPLOAD_MESSAGES } from "./uploads-shared";

/** Same person when the Euclidean distance is below this (the settings hold the live value). */
export const DEFAULT_FACE_THRESHOLD = 0.5;
/**
 * Below this liveness score a selfie goes to review: under every real photo measured (lowest 0.67),
 * with a margin (docs/benchmarks.md "Liveness", docs/decisions/051-selfie-liveness-score.md).
 */
export const DEFAULT_LIVENESS_THRESHOLD = 0.6;
/** Selfies are fitted inside this box before detection (never enlarged), as in the browser. */
export const FACE_INPUT_SIZE = FACE_MAX_SIDE;
/** A job that runs longer than this is stuck: the watchdog kills and restarts its worker (FACE_JOB_TIMEOUT_SECONDS). */
export const DEFAULT_FACE_JOB_TIMEOUT_MS = 8_000;
/** Starting a worker and loading the models may take longer than a job on a busy machine: its own limit. */
export const DEFAULT_FACE_LOAD_TIMEOUT_MS = 60_000;
/** A pre-check waits at most this long (its turn and its run), then has nothing to say. */
export const PRECHECK_WAIT_MS = 5_000;
/** With this many jobs already waiting for the worker, a pre-check is not queued at all. */
export const PRECHECK_MAX_WAITING = 2;

export const FACE_ERRORS = {
  noFace: "ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน",
  manyFaces: "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง",
  engine: "ระบบตรวจใบหน้าขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง",
} as const;

/** One worker: a second would double the memory, and one core stays free for requests. */
const POOL_SIZE = 1;
/** An idle worker is stopped after this long (FACE_IDLE_SECONDS); the next photo starts one. */
export const DEFAULT_FACE_IDLE_MS = 120_000;
let idleMs = DEFAULT_FACE_IDLE_MS;
let jobTimeoutMs = DEFAULT_FACE_JOB_TIMEOUT_MS;
let loadTimeoutMs = DEFAULT_FACE_LOAD_TIMEOUT_MS;

function checked(name: string, value: number, min: number) {
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be ≥ ${min} (got ${value})`);
  return value;
}

/**
 * Sets how long an idle worker lives (0: stop it as soon as the queue is empty), how long a job may
 * run and how long a worker may take to load its models before the watchdog restarts it.
 */
export function configureFaceEngine(options: { idleMs?: number; jobTimeoutMs?: number; loadTimeoutMs?: number }) {
  if (options.idleMs !== undefined) idleMs = checked("idleMs", options.idleMs, 0);
  if (options.jobTimeoutMs !== undefined) jobTimeoutMs = checked("jobTimeoutMs", options.jobTimeoutMs, 1);
  if (options.loadTimeoutMs !== undefined) loadTimeoutMs = checked("loadTimeoutMs", options.loadTimeoutMs, 1);
  pump();
}

/**
 * Where the worker file is on disk. The Remix server build is one bundle in build/, so the
 * worker is not in it: it is found from the working directory (the project root, also in the
 * Docker image), then next to this module (source / vitest), then beside build/.
 */
function workerPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(process.cwd(), "app/lib/face-worker.mjs"),
    path.join(here, "face-worker.mjs"),
    path.resolve(here, "../app/lib/face-worker.mjs"),
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`face-worker.mjs not found (looked in ${candidates.join(", ")})`);
  return found;
}

type Pixels = { width: number; height: number; pixels: Uint8Array };
type Answer = { faces: number; descriptor: number[] | null; liveness: number | null; livenessError: string | null; ms: number };
/**
 * `count`: a pre-check's job (faces counted, no descriptor), served after every real job waiting.
 * `liveness`: a check-in selfie's job, scored for liveness too.
 */
type Job = Pixels & { id: number; count: boolean; liveness: boolean; resolve: (a: Answer) => void; reject: (e: Error) => void };
type Slot = {
  worker: Worker;
  ready: boolean;
  /** Settles when the models are loaded (rejects if the worker dies first). */
  loaded: Promise<void>;
  job: Job | null;
  timer?: NodeJS.Timeout;
  /** Stops this worker once it has been idle for idleMs. */
  idleTimer?: NodeJS.Timeout;
  fail: (detail: string) => void;
};

function engineError(detail: string): DomainError {
  return Object.assign(new DomainError(503, FACE_ERRORS.engine), { cause: detail });
}

let slots: Slot[] = [];
const queue: Job[] = [];
collectedGauge({ name: "tn_face_queue_length", help: "Face engine jobs waiting for the worker", read: () => queue.length });
let nextId = 1;
let lastLoadMs: number | null = null;
let started = 0;
let released = 0;
let restarts = 0;
/** Test hook: the next job sent to a worker blocks it (face-worker.mjs obeys only under NODE_ENV=test). */
let hangNext = false;
/** Test hook: the next liveness score fails in the worker (only under NODE_ENV=test). */
let breakLivenessNext = false;
/** Whether the last worker that got ready loaded the liveness model (null: none got ready yet). */
let livenessLoaded: boolean | null = null;

function startWorker(): Slot {
  const worker = new Worker(workerPath());
  let loaded!: { resolve: () => void; reject: (e: Error) => void };
  const slot: Slot = {
    worker,
    ready: false,
    job: null,
    loaded: new Promise((resolve, reject) => (loaded = { resolve, reject })),
    // This worker is finished: its job (if any) fails alone, a fresh worker takes the queue.
    fail(detail) {
      if (!slots.includes(slot)) return;
      slots = slots.filter((s) => s !== slot);
      clearTimeout(slot.timer);
      clearTimeout(slot.idleTimer);
      loaded.reject(engineError(detail));
      slot.job?.reject(engineError(detail));
      slot.job = null;
      void worker.terminate();
      pump();
    },
  };
  slot.loaded.catch(() => {}); // only warmUpFaceEngine() waits on it
  slot.timer = setTimeout(() => restartStuck(slot, `model load took over ${loadTimeoutMs} ms`, { startAnother: false }), loadTimeoutMs);
  slot.timer.unref();
  worker.on("message", (message) => {
    if (message.type === "ready") {
      slot.ready = true;
      clearTimeout(slot.timer);
      lastLoadMs = message.loadMs;
      livenessLoaded = message.livenessError == null;
      if (message.livenessError) logger.warn(`Face engine: no liveness scores (the model did not load: ${message.livenessError})`);
      loaded.resolve();
      pump();
    } else if (message.type === "init-error") {
      // A broken install: fail what is waiting now instead of restarting workers forever.
      for (const job of queue.splice(0)) job.reject(engineError(message.message));
      slot.fail(`model load failed: ${message.message}`);
    } else if (slot.job && message.id === slot.job.id) {
      const job = slot.job;
      slot.job = null;
      clearTimeout(slot.timer);
      if (message.error) job.reject(engineError(message.error));
      else job.resolve(message);
      pump();
    }
  });
  worker.on("error", (error) => slot.fail(`worker error: ${error.message}`));
  worker.on("exit", (code) => slot.fail(`worker exited with code ${code}`));
  slots.push(slot);
  started += 1;
  return slot;
}

/**
 * The watchdog: a worker that is stuck (a job or its model load past its limit) is killed. Its job
 * and every job waiting behind it fail now with the 503 (a check-in then goes to review with its
 * photo, a registration answers "try again") rather than wait for a restart and their turn. After
 * a stuck job a fresh worker starts at once, so the next photo does not wait for the models; after
 * a stuck load the next photo starts one (a load that always hangs does not loop).
 */
function restartStuck(slot: Slot, detail: string, { startAnother }: { startAnother: boolean }) {
  if (!slots.includes(slot)) return;
  restarts += 1;
  metrics.faceWorkerRestarts.inc();
  const waiting = queue.splice(0);
  logger.warn(`Face engine: ${detail}; the worker is restarted and ${waiting.length} waiting job(s) fail (503)`);
  for (const job of waiting) job.reject(engineError(`${detail}; the worker was restarted`));
  slot.fail(detail);
  try {
    if (startAnother && slots.length < POOL_SIZE) startWorker();
  } catch (error) {
    logger.warn(`Face engine: no worker after the restart: ${error instanceof Error ? error.message : String(error)}`);
  }
  pump();
}

/** Stops a worker that has nothing to do; nothing fails, the next job starts a fresh one. */
function release(slot: Slot) {
  if (!slots.includes(slot) || slot.job || queue.length > 0) return;
  slots = slots.filter((s) => s !== slot);
  clearTimeout(slot.timer);
  clearTimeout(slot.idleTimer);
  released += 1;
  void slot.worker.terminate();
}

/** Hands queued jobs to idle ready workers, starting workers up to the pool size. */
function pump() {
  while (queue.length > 0 && slots.length < POOL_SIZE) {
    try {
      startWorker();
    } catch (error) {
      // e.g. the worker file is missing: fail what waits, never throw from an event handler
      const detail = error instanceof Error ? error.message : String(error);
      for (const job of queue.splice(0)) job.reject(engineError(detail));
    }
  }
  for (const slot of slots) {
    if (slot.ready && !slot.job && queue.length > 0) {
      const job = timed(queue.shift()!);
      slot.job = job;
      slot.timer = setTimeout(() => restartStuck(slot, `a job ran over ${jobTimeoutMs} ms`, { startAnother: true }), jobTimeoutMs);
      slot.timer.unref();
      const { id, width, height, pixels, count, liveness } = job;
      const hang = hangNext;
      const breakLiveness = breakLivenessNext && liveness;
      hangNext = false;
      if (breakLiveness) breakLivenessNext = false;
      slot.worker.postMessage({ id, width, height, pixels, count, liveness, hang, breakLiveness }, [pixels.buffer as ArrayBuffer]);
    }
    // Waiting or running work keeps the process alive; an idle worker does not.
    if (slot.job || (!slot.ready && queue.length > 0)) slot.worker.ref();
    else slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    if (slot.ready && !slot.job && queue.length === 0) {
      slot.idleTimer = setTimeout(() => release(slot), idleMs);
      slot.idleTimer.unref();
    }
  }
}

/** The job, its answer timed from now (its hand-over to the worker) into tn_face_job_duration_seconds. */
function timed(job: Job): Job {
  const sent = performance.now();
  const kind = job.count ? "precheck" : job.liveness ? "selfie" : "descriptor";
  const done = (outcome: "ok" | "failed") => metrics.faceJobDuration.observe({ kind, outcome }, secondsSince(sent));
  const { resolve, reject } = job;
  job.resolve = (answer) => {
    done("ok");
    resolve(answer);
  };
  job.reject = (error) => {
    done("failed");
    reject(error);
  };
  return job;
}

/** Queues a job: a real one goes ahead of the pre-checks waiting, a pre-check to the back. */
function enqueue(job: Job) {
  const firstCount = job.count ? -1 : queue.findIndex((waiting) => waiting.count);
  queue.splice(firstCount === -1 ? queue.length : firstCount, 0, job);
  pump();
}

function runJob(input: Pixels, liveness: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => enqueue({ ...input, id: nextId++, count: false, liveness, resolve, reject }));
}

/**
 * Decodes (EXIF-rotated, fitted inside 640 px, flattened onto white) to raw RGB pixels: what the
 * worker is sent (exported for scripts/bench-liveness.ts, which runs the models in its own thread).
 */
export async function toPixels(image: Uint8Array): Promise<Pixels> {
  const type = sniffImageType(image);
  if (!type) throw new DomainError(400, UPLOAD_MESSAGES.unsupported);
  try {
    const { data, info } = await openImage(image)
      .rotate()
      .resize({ width: FACE_INPUT_SIZE, height: FACE_INPUT_SIZE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    // A private copy: its buffer is transferred to the worker.
    return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
  } catch (error) {
    throw imageDecodeError(error, type);
  }
}

/**
 * The 128-number descriptor of the one face in a photo (JPEG, PNG, WebP or HEIF/AVIF bytes).
 * Throws DomainError: 400 not a readable image · 422 no face / more than one face ·
 * 503 the engine failed (a crashed worker is replaced; try again).
 */
export async function computeDescriptor(image: Uint8Array): Promise<number[]> {
  return (await readFace(image, false)).descriptor;
}

/**
 * A check-in selfie read once: the descriptor of its one face (as computeDescriptor, same errors)
 * and the face's liveness score, 0 (a photo of a photo or a screen) to 1 (a live face), or null
 * when the engine could not score it (the descriptor stands; docs/decisions/051-selfie-liveness-score.md).
 */
export async function readSelfie(image: Uint8Array): Promise<{ descriptor: number[]; liveness: number | null }> {
  return readFace(image, true);
}

async function readFace(image: Uint8Array, liveness: boolean) {
  const answer = await runJob(await toPixels(image), liveness);
  const refusal = faceCountRefusal(answer.faces);
  if (refusal) throw new DomainError(422, refusal);
  if (answer.livenessError) logger.warn(`Face engine: no liveness score for this selfie: ${answer.livenessError}`);
  return { descriptor: answer.descriptor!, liveness: answer.liveness };
}

/** Why a photo with this many faces is refused (the 422's text), or null for exactly one face. */
export function faceCountRefusal(faces: number): string | null {
  if (faces === 0) return FACE_ERRORS.noFace;
  if (faces > 1) return FACE_ERRORS.manyFaces;
  return null;
}

/**
 * The pre-check: how many faces computeDescriptor would find in this photo (the same decode, the
 * same detector, without the descriptor), or null when the engine cannot say now: already
 * {@link PRECHECK_MAX_WAITING} jobs waiting, no answer within `waitMs`, or the engine failed. A
 * pre-check waits behind every real job and is withdrawn from the queue when its time is up.
 * Throws the same 400 DomainError as computeDescriptor for a file that is not a readable image.
 */
export async function countFaces(image: Uint8Array, { waitMs = PRECHECK_WAIT_MS }: { waitMs?: number } = {}): Promise<number | null> {
  const pixels = await toPixels(image);
  if (queue.length >= PRECHECK_MAX_WAITING) return null;
  let settle!: Pick<Job, "resolve" | "reject">;
  const answer = new Promise<Answer>((resolve, reject) => (settle = { resolve, reject }));
  const job: Job = { ...pixels, id: nextId++, count: true, liveness: false, ...settle };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  enqueue(job);
  try {
    return await Promise.race([answer.then((a) => a.faces), late]);
  } catch (error) {
    if (error instanceof DomainError && error.status === 503) return null;
    throw error;
  } finally {
    clearTimeout(timer);
    const waiting = queue.indexOf(job);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      pump();
    }
  }
}

/** Euclidean distance between two descriptors (0 = identical; same person below ~0.5). */
export function faceDistance(a: number[], b: number[]): number {
  if (a.length !== b.length || a.length === 0) {
    throw new Error(`face descriptors differ in length (${a.length} vs ${b.length})`);
  }
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/** Starts the worker and loads the models now instead of on the first photo (it still stops when idle). */
export async function warmUpFaceEngine(): Promise<void> {
  while (slots.length < POOL_SIZE) startWorker();
  const waiting = slots.map((slot) => slot.loaded);
  for (const slot of slots) slot.worker.ref();
  try {
    await Promise.all(waiting);
  } finally {
    pump();
  }
}

/** Stops every worker (queued and running jobs fail with 503). For shutdown and tests. */
export async function closeFaceEngine(): Promise<void> {
  for (const job of queue.splice(0)) job.reject(engineError("face engine closed"));
  const stopping = slots;
  for (const slot of stopping) slot.fail("face engine closed");
  await Promise.all(stopping.map((slot) => slot.worker.terminate()));
}

/** Engine state for logs, health pages and tests. */
export function faceEngineStats() {
  return {
    poolSize: POOL_SIZE,
    workers: slots.length,
    ready: slots.filter((s) => s.ready).length,
    busy: slots.filter((s) => s.job).length,
    queued: queue.length,
    modelLoadMs: lastLoadMs,
    /** The last worker that got ready has the liveness model (null: none got ready yet). */
    livenessModel: livenessLoaded,
    idleMs,
    jobTimeoutMs,
    loadTimeoutMs,
    /** Workers started, stopped for being idle, and killed by the watchdog since the process began. */
    started,
    released,
    restarts,
  };
}

/** Test hook: the next job sent to a worker blocks it, as a stuck model would (only under NODE_ENV=test). */
export function hangNextFaceJobForTests() {
  hangNext = true;
}

/** Test hook: the next liveness score fails in the worker, as a broken model would (only under NODE_ENV=test). */
export function breakNextLivenessForTests() {
  breakLivenessNext = true;
}

/** Test hook: kills the worker running the oldest job, as a crash would. */
export function crashBusyFaceWorkerForTests(): boolean {
  const busy = slots.filter((s) => s.job).sort((x, y) => x.job!.id - y.job!.id);
  if (busy.length === 0) return false;
  void busy[0].worker.terminate();
  return true;
}
