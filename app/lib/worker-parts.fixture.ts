// What worker-parts.server.test.ts and its worker (worker-parts.fixture-worker.ts) share: the
// task, and the indexes of the counters the worker keeps for the test.
export type FixtureTask = {
  chunks: number[];
  counters: SharedArrayBuffer;
  failAt?: number;
  exitAt?: number;
  spinAt?: number;
  failOpen?: boolean;
};

/** Chunks emitted. */
export const EMITTED = 0;
/** Workers that closed their task. */
export const CLOSED = 1;
/** Workers that opened it. */
export const OPENED = 2;
/** Turns of a part that never ends. */
export const SPINS = 3;
