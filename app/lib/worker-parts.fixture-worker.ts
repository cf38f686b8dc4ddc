// A parts worker for worker-parts.server.test.ts (bundled by the test): part p is `chunks(p)`
// chunks "p.i\n". Shared counters tell the test what it did: [chunks emitted, workers closed].
import { makeParts } from "./worker-parts";

export type FixtureTask = { chunks: number[]; counters: SharedArrayBuffer; failAt?: number; exitAt?: number };

const encoder = new TextEncoder();

makeParts<FixtureTask>((task) => {
  const counters = new Int32Array(task.counters);
  return {
    make(part, emit) {
      if (part === task.failAt) throw new Error(`part ${part} failed`);
      if (part === task.exitAt) process.exit(0);
      for (let i = 0; i < task.chunks[part]; i++) {
        emit(encoder.encode(`${part}.${i}\n`));
        Atomics.add(counters, 0, 1);
      }
    },
    close: () => void Atomics.add(counters, 1, 1),
  };
});
