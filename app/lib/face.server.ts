// The server's face engine (docs/decisions/005-face-engine.md): a selfie in, 128 numbers out.
// sharp decodes and downscales the photo (libuv thread pool); @vladmandic/face-api on the
// TensorFlow WASM backend runs in a worker thread (app/lib/face-worker.mjs), so the request
// thread never runs the network. Nothing is downloaded: models and .wasm come from node_modules.
// The worker is started by the first photo and stopped after a quiet spell: loaded, it holds
// ~250 MB (a WASM heap that never shrinks), most of a small server's memory
// (docs/decisions/026-memory-on-a-small-server.md).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { DomainError } from "./errors";
import { FACE_MAX_SIDE } from "./face-detector.mjs";
import { imageDecodeError, openImage, sniffImageType } from "./image.server";
import { UPLOAD_MESSAGES } from "./uploads-shared";

/** Same person when the Euclidean distance is below this (the settings hold the live value). */
export const DEFAULT_FACE_THRESHOLD = 0.5;
/** Selfies are fitted inside this box before detection (never enlarged), as in the browser. */
export const FACE_INPUT_SIZE = FACE_MAX_SIDE;
/** A model load or a job that takes longer than this kills its worker. */
const JOB_TIMEOUT_MS = 60_000;

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

/** Sets how long an idle worker lives (0: stop it as soon as the queue is empty). */
export function configureFaceEngine(options: { idleMs: number }) {
  if (!Number.isFinite(options.idleMs) || options.idleMs < 0) throw new Error(`idleMs must be ≥ 0 (got ${options.idleMs})`);
  idleMs = options.idleMs;
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
type Answer = { faces: number; descriptor: number[] | null; ms: number };
type Job = Pixels & { id: number; resolve: (a: Answer) => void; reject: (e: Error) => void };
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
let nextId = 1;
let lastLoadMs: number | null = null;
let started = 0;
let released = 0;

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
  slot.timer = setTimeout(() => slot.fail(`model load took over ${JOB_TIMEOUT_MS} ms`), JOB_TIMEOUT_MS);
  slot.timer.unref();
  worker.on("message", (message) => {
    if (message.type === "ready") {
      slot.ready = true;
      clearTimeout(slot.timer);
      lastLoadMs = message.loadMs;
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
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => slot.fail(`job took over ${JOB_TIMEOUT_MS} ms`), JOB_TIMEOUT_MS);
      slot.timer.unref();
      const { id, width, height, pixels } = job;
      slot.worker.postMessage({ id, width, height, pixels }, [pixels.buffer as ArrayBuffer]);
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

function runJob(input: Pixels): Promise<Answer> {
  return new Promise((resolve, reject) => {
    queue.push({ ...input, id: nextId++, resolve, reject });
    pump();
  });
}

/** Decodes (EXIF-rotated, fitted inside 640 px, flattened onto white) to raw RGB pixels. */
async function toPixels(image: Uint8Array): Promise<Pixels> {
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
  const answer = await runJob(await toPixels(image));
  if (answer.faces === 0) throw new DomainError(422, FACE_ERRORS.noFace);
  if (answer.faces > 1) throw new DomainError(422, FACE_ERRORS.manyFaces);
  return answer.descriptor!;
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
    idleMs,
    /** Workers started and stopped for being idle since the process began. */
    started,
    released,
  };
}

/** Test hook: kills the worker running the oldest job, as a crash would. */
export function crashBusyFaceWorkerForTests(): boolean {
  const busy = slots.filter((s) => s.job).sort((x, y) => x.job!.id - y.job!.id);
  if (busy.length === 0) return false;
  void busy[0].worker.terminate();
  return true;
}
