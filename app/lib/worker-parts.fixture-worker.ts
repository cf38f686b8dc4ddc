// A parts worker for worker-parts.server.test.ts (bundled by the test): part p is `chunks[p]`
// chunks "p.i\n". Shared counters (worker-parts.fixture.ts) tell the test what it did.
import { makeParts } from "./worker-parts";
import { CLOSED, EMITTED, OPENED, SPINS, type FixtureTask } from "./worker-parts.fixture";

const encoder = new TextEncoder();

makeParts<FixtureTask>((task) => {
  const counters = new Int32Array(task.counters);
  Atomics.add(counters, OPENED, 1);
  if (task.failOpen) throw new Error("could not open");
  return {
    make(part, emit) {
      if (part === task.failAt) throw new Error(`part ${part} failed`);
      if (part === task.exitAt) process.exit(0);
      if (part === task.spinAt) for (;;) Atomics.add(counters, SPINS, 1);
      for (let i = 0; i < task.chunks[part]; i++) {
        emit(encoder.encode(`${part}.${i}\n`));
        Atomics.add(counters, EMITTED, 1);
      }
    },
    close: () => void Atomics.add(counters, CLOSED, 1),
  };
});
