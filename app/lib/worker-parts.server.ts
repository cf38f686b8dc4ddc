import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";
import { logger } from "./log.server";
import { CANCELLED, CREDIT, type FromPartsWorker, type PartsWorkerData } from "./worker-parts";

/** Chunks a worker may make ahead of the reader: with the stream's one, what an export holds. */
export const CHUNKS_AHEAD = 4;
/** Parts streams with workers at once; the next waits for one to end (threads and memory of a small server). */
export const STREAMS_AT_ONCE = 2;
/** A reader that takes nothing for this long has stalled: its workers are stopped and the stream fails. */
export const STALL_MS = 60_000;
const STOP_WAIT_MS = 2000;
/**
 * Each worker's young generation. V8's default let a year's export grow the server's RSS by
 * 86–117 MiB with two workers (most of it short-lived strings waiting for a scavenge); 8 MiB kept
 * it to 44–68 MiB at the same speed; 4 MiB was no smaller.
 */
const YOUNG_GENERATION_MB = 8;

/**
 * A worker bundle of `npm run build` (scripts/build-workers.mjs writes build/workers/<name>.mjs).
 * The server runs from the app's folder, as it does for the migrations.
 */
export function workerFile(name: string) {
  const file = path.resolve(process.cwd(), "build", "workers", `${name}.mjs`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return file;
}

const streamTurns = pLimit(STREAMS_AT_ONCE);

/** Resolves when one of the STREAMS_AT_ONCE turns is the caller's; it holds it until `given` settles. */
const takeTurn = (given: Promise<void>) =>
  new Promise<void>((granted) => {
    void streamTurns(() => {
      granted();
      return given;
    });
  });

/** One worker of a parts stream and the messages it has sent that the stream has not read yet. */
class PartsWorker<T> {
  private readonly words = new Int32Array(new SharedArrayBuffer(8));
  private readonly queue: FromPartsWorker[] = [];
  private waiting: { resolve: (m: FromPartsWorker) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  /** Its parts are all sent, or it was told to stop: exiting (or failing) after that is no error. */
  private finished = false;
  private readonly worker: Worker;

  constructor(file: string, data: Omit<PartsWorkerData<T>, "signal">) {
    Atomics.store(this.words, CREDIT, CHUNKS_AHEAD);
    this.worker = new Worker(file, {
      workerData: { ...data, signal: this.words.buffer } satisfies PartsWorkerData<T>,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on("message", (message: FromPartsWorker) => {
      if ("done" in message) this.finished = true;
      else this.deliver(message);
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`an export worker stopped (exit code ${code}) before its parts were made`)));
  }

  private deliver(message: FromPartsWorker) {
    if (this.waiting) {
      this.waiting.resolve(message);
      this.waiting = null;
    } else this.queue.push(message);
  }

  private fail(error: Error) {
    if (this.finished) return;
    this.failure ??= error;
    this.waiting?.reject(this.failure);
    this.waiting = null;
  }

  /** The next chunk or end of part, in the order the worker sent them. */
  next(): Promise<FromPartsWorker> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** One chunk taken by the reader: the worker may make one more. */
  credit() {
    Atomics.add(this.words, CREDIT, 1);
    Atomics.notify(this.words, CREDIT);
  }

  /** Asks the worker to stop at its next chunk, so it closes what it opened; ends it if it has not within STOP_WAIT_MS. */
  stop() {
    if (Atomics.load(this.words, CANCELLED)) return;
    this.finished = true;
    this.waiting?.reject(new Error("the export was stopped"));
    this.waiting = null;
    Atomics.store(this.words, CANCELLED, 1);
    Atomics.notify(this.words, CREDIT);
    setTimeout(() => void this.worker.terminate(), STOP_WAIT_MS).unref();
  }
}

/**
 * A byte stream made by worker threads: `head` first, then parts 0 … parts−1 in order, worker k
 * of n making parts k, k+n, k+2n… (`makeParts` in worker-parts.ts). The workers start at the
 * first read, once one of STREAMS_AT_ONCE turns is free, and make at most CHUNKS_AHEAD chunks
 * each ahead of it. A cancelled stream, a failed worker, or a reader that takes nothing for
 * `stallMs` stops them all and gives the turn to the next stream.
 */
export function partsStream<T>(
  file: string,
  head: Uint8Array,
  task: { parts: number; workers: number; data: T; stallMs?: number },
): ReadableStream<Uint8Array> {
  const count = Math.max(1, Math.min(task.workers, task.parts));
  const stallMs = task.stallMs ?? STALL_MS;
  const workers: PartsWorker<T>[] = [];
  let turn: Promise<void> | null = null;
  let giveTurn: () => void = () => undefined;
  const turnGiven = new Promise<void>((resolve) => (giveTurn = resolve));
  let ended = false;
  let stall: NodeJS.Timeout | undefined;
  let part = 0;
  const end = () => {
    clearTimeout(stall);
    if (ended) return;
    ended = true;
    for (const w of workers) w.stop();
    // A stream still waiting gives its turn back as soon as it gets it.
    giveTurn();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(head);
      },
      async pull(controller) {
        clearTimeout(stall);
        try {
          if (!turn) {
            turn = takeTurn(turnGiven);
            await turn;
            if (ended) return;
            for (let index = 0; index < count && task.parts > 0; index++) {
              workers.push(new PartsWorker(file, { index, workers: count, parts: task.parts, data: task.data }));
            }
          }
          while (part < task.parts) {
            const worker = workers[part % count];
            const message = await worker.next();
            if ("chunk" in message) {
              controller.enqueue(message.chunk);
              worker.credit();
              stall = setTimeout(() => {
                end();
                controller.error(new Error(`the reader took nothing for ${stallMs} ms`));
              }, stallMs);
              return;
            }
            if ("end" in message) {
              if (message.end !== part) throw new Error(`an export worker ended part ${message.end} while part ${part} was read`);
              part++;
            }
          }
          end();
          controller.close();
        } catch (error) {
          const stopped = ended;
          end();
          if (!stopped) logger.error({ err: error }, "An export failed");
          throw error;
        }
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: 1 },
  );
}
