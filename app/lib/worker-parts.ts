// The worker's half of partsStream (worker-parts.server.ts): a stream cut into ordered parts, each
// worker making every n-th one. Chunks go to the main thread as transferred bytes; a shared
// counter of credits (chunks the reader has taken back) keeps a worker from running ahead of a
// slow download, and a shared flag stops it when the download is cancelled.
import { parentPort, workerData } from "node:worker_threads";

/** Indexes into the shared Int32Array. */
export const CREDIT = 0;
export const CANCELLED = 1;

/** What every parts worker is started with; `data` is the task's own. */
export type PartsWorkerData<T> = { index: number; workers: number; parts: number; signal: SharedArrayBuffer; data: T };

export type FromPartsWorker = { chunk: Uint8Array } | { end: number } | { done: true };

class Stopped extends Error {}

/** What a parts worker opens once: `make` writes one part through `emit`; `close` runs at the end, however it ends. */
export type PartMaker = { make(part: number, emit: (bytes: Uint8Array) => void): void; close(): void };

/**
 * Opens the task, then makes this worker's parts in order, `emit` sending each chunk once a credit
 * allows. Returns early, without error, when the reader cancelled.
 */
export function makeParts<T>(open: (data: T) => PartMaker) {
  const port = parentPort;
  if (!port) throw new Error("makeParts runs in a worker thread");
  const { index, workers, parts, signal, data } = workerData as PartsWorkerData<T>;
  const words = new Int32Array(signal);
  const send = (message: FromPartsWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  const emit = (bytes: Uint8Array) => {
    while (Atomics.load(words, CREDIT) <= 0) {
      if (Atomics.load(words, CANCELLED)) throw new Stopped();
      Atomics.wait(words, CREDIT, 0, 1000);
    }
    if (Atomics.load(words, CANCELLED)) throw new Stopped();
    Atomics.sub(words, CREDIT, 1);
    // Only a buffer that is the chunk's alone is handed over; a view into a larger one is copied.
    const own = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const chunk = own ? bytes : bytes.slice();
    send({ chunk }, [chunk.buffer as ArrayBuffer]);
  };
  const maker = open(data);
  try {
    for (let part = index; part < parts; part += workers) {
      maker.make(part, emit);
      send({ end: part });
    }
    send({ done: true });
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  } finally {
    maker.close();
  }
}
