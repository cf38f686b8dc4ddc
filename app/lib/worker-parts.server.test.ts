import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { CLOSED, EMITTED, OPENED, SPINS, type FixtureTask } from "./worker-parts.fixture";
import { CHUNKS_AHEAD, partsStream, STREAMS_AT_ONCE } from "./worker-parts.server";

let dir: string;
let file: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-parts-"));
  file = path.join(dir, "fixture.mjs");
  await build({ entryPoints: [path.resolve(__dirname, "worker-parts.fixture-worker.ts")], outfile: file, bundle: true, platform: "node", format: "esm", logLevel: "warning" });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HEAD = new TextEncoder().encode("head\n");

function fixture(chunks: number[], workers: number, more: Partial<FixtureTask> & { stallMs?: number } = {}) {
  const counters = new Int32Array(new SharedArrayBuffer(16));
  const { stallMs, ...rest } = more;
  const stream = partsStream(file, HEAD, { parts: chunks.length, workers, stallMs, data: { chunks, counters: counters.buffer, ...rest } satisfies FixtureTask });
  const count = (i: number) => Atomics.load(counters, i);
  return { stream, emitted: () => count(EMITTED), closed: () => count(CLOSED), opened: () => count(OPENED), spins: () => count(SPINS) };
}

const expected = (chunks: number[]) => "head\n" + chunks.map((n, p) => Array.from({ length: n }, (_, i) => `${p}.${i}\n`).join("")).join("");
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
/** console.error, silenced for a test that expects the failure to be logged. */
const quietErrors = () => vi.mocked(console.error).mockImplementation(() => undefined);

function expectLogged(errors: ReturnType<typeof quietErrors>, message: string | RegExp) {
  expect(errors).toHaveBeenCalledTimes(1);
  const line = JSON.parse(String(errors.mock.calls[0][0])) as { level: string; msg: string; err: { message: string } };
  expect(line).toMatchObject({ level: "error", msg: "An export failed" });
  expect(line.err.message).toMatch(message);
  errors.mockClear();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(10);
  }
}

/** Waits until `value()` reaches `target`, then checks it stays there. */
async function settlesAt(value: () => number, target: number) {
  await until(() => value() >= target);
  await sleep(200);
  expect(value()).toBe(target);
}

describe("partsStream", () => {
  it("gives the head, then every part in order, whichever worker made it", async () => {
    const chunks = [2, 0, 3, 1, 0, 0, 5, 1, 2];
    for (const workers of [1, 2, 3]) {
      const run = fixture(chunks, workers);
      expect(await text(run.stream)).toBe(expected(chunks));
      await until(() => run.closed() === workers);
      expect(run.opened()).toBe(workers);
    }
  });

  it("starts no more workers than there are parts, and none for no parts", async () => {
    const one = fixture([3], 4);
    expect(await text(one.stream)).toBe(expected([3]));
    await settlesAt(one.closed, 1);
    expect(one.opened()).toBe(1);
    const none = fixture([], 2);
    expect(await text(none.stream)).toBe("head\n");
    await sleep(100);
    expect(none.opened()).toBe(0);
  });

  it("keeps each worker at most CHUNKS_AHEAD chunks ahead of a reader that stops reading", async () => {
    const run = fixture(Array.from({ length: 50 }, () => 20), 2);
    const reader = run.stream.getReader();
    await reader.read(); // the head
    await reader.read(); // part 0's first chunk
    // Worker 0 has had two credits back (the chunk read, and the one the stream then asked for).
    await settlesAt(run.emitted, 2 * CHUNKS_AHEAD + 2);
    await reader.cancel();
    await settlesAt(run.closed, 2);
  });

  it("stops every worker when the reader cancels, and they close what they opened", async () => {
    const run = fixture(Array.from({ length: 100 }, () => 10), 2);
    const reader = run.stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await settlesAt(run.closed, 2);
    expect(run.emitted()).toBeLessThan(1000);
  });

  it("fails the stream when a worker throws, and stops the other", async () => {
    const errors = quietErrors();
    const run = fixture(Array.from({ length: 40 }, () => 5), 2, { failAt: 7 });
    await expect(text(run.stream)).rejects.toThrow("part 7 failed");
    await settlesAt(run.closed, 2);
    expectLogged(errors, "part 7 failed");
  });

  it("fails the stream when a worker cannot open its task", async () => {
    const errors = quietErrors();
    const run = fixture([1, 1, 1], 2, { failOpen: true });
    await expect(text(run.stream)).rejects.toThrow("could not open");
    expectLogged(errors, "could not open");
  });

  it("fails the stream when a worker exits before making its parts, and stops the other", async () => {
    const errors = quietErrors();
    const run = fixture(Array.from({ length: 10 }, () => 1), 2, { exitAt: 3 });
    await expect(text(run.stream)).rejects.toThrow(/stopped \(exit code 0\) before its parts were made/);
    await settlesAt(run.closed, 1);
    expectLogged(errors, /exit code 0/);
  });

  it("ends a worker that does not stop when asked", async () => {
    const run = fixture([1, 1, 1, 1], 2, { spinAt: 1 });
    const reader = run.stream.getReader();
    await reader.read();
    await reader.read(); // part 0, while worker 1 spins in part 1
    await until(() => run.spins() > 0);
    await reader.cancel();
    await sleep(2000); // STOP_WAIT_MS: it spins on until then
    await until(() => {
      const before = run.spins();
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      return run.spins() === before;
    });
  });

  it("stops the workers and fails the stream when the reader takes nothing for stallMs", async () => {
    const run = fixture(Array.from({ length: 20 }, () => 10), 2, { stallMs: 300 });
    const reader = run.stream.getReader();
    await reader.read();
    await reader.read();
    await settlesAt(run.closed, 2);
    await expect(reader.read()).rejects.toThrow("the reader took nothing for 300 ms");
  });

  it(`runs at most ${STREAMS_AT_ONCE} streams' workers at once; the next starts when one ends`, async () => {
    const runs = Array.from({ length: STREAMS_AT_ONCE + 1 }, () => fixture(Array.from({ length: 10 }, () => 10), 2));
    const readers = runs.map((r) => r.stream.getReader());
    for (const reader of readers.slice(0, STREAMS_AT_ONCE)) {
      await reader.read();
      await reader.read();
    }
    await readers[STREAMS_AT_ONCE].read(); // the head needs no workers
    const waiting = readers[STREAMS_AT_ONCE].read();
    await sleep(200);
    expect(runs[STREAMS_AT_ONCE].opened()).toBe(0);
    await readers[0].cancel();
    expect((await waiting).value).toEqual(new TextEncoder().encode("0.0\n"));
    await settlesAt(runs[STREAMS_AT_ONCE].opened, 2);
    for (const reader of readers.slice(1)) await reader.cancel();
  });
});
