import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import type { FixtureTask } from "./worker-parts.fixture-worker";
import { CHUNKS_AHEAD, partsStream } from "./worker-parts.server";

let dir: string;
let file: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-parts-"));
  file = path.join(dir, "fixture.mjs");
  await build({ entryPoints: [path.resolve(__dirname, "worker-parts.fixture-worker.ts")], outfile: file, bundle: true, platform: "node", format: "esm", logLevel: "warning" });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HEAD = new TextEncoder().encode("head\n");

function fixture(chunks: number[], workers: number, more: Partial<FixtureTask> = {}) {
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const stream = partsStream(file, HEAD, { parts: chunks.length, workers, data: { chunks, counters: counters.buffer, ...more } satisfies FixtureTask });
  return { stream, emitted: () => Atomics.load(counters, 0), closed: () => Atomics.load(counters, 1) };
}

const expected = (chunks: number[]) => "head\n" + chunks.map((n, p) => Array.from({ length: n }, (_, i) => `${p}.${i}\n`).join("")).join("");
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("partsStream", () => {
  it("gives the head, then every part in order, whichever worker made it", async () => {
    const chunks = [2, 0, 3, 1, 0, 0, 5, 1, 2];
    for (const workers of [1, 2, 3]) {
      const run = fixture(chunks, workers);
      expect(await text(run.stream)).toBe(expected(chunks));
      await until(() => run.closed() === workers);
    }
  });

  it("starts no more workers than there are parts", async () => {
    const run = fixture([3], 4);
    expect(await text(run.stream)).toBe(expected([3]));
    await until(() => run.closed() === 1);
  });

  it("keeps each worker at most CHUNKS_AHEAD chunks ahead of a reader that stops reading", async () => {
    const chunks = Array.from({ length: 50 }, () => 20);
    const run = fixture(chunks, 2);
    const reader = run.stream.getReader();
    await reader.read(); // the head
    await reader.read(); // part 0's first chunk
    await new Promise((r) => setTimeout(r, 300));
    // Worker 0 got one credit back; the stream holds one more chunk it asked for.
    expect(run.emitted()).toBeGreaterThanOrEqual(CHUNKS_AHEAD);
    expect(run.emitted()).toBeLessThanOrEqual(2 * CHUNKS_AHEAD + 2);
    await reader.cancel();
    await until(() => run.closed() === 2);
  });

  it("stops every worker when the reader cancels, and they close what they opened", async () => {
    const run = fixture(Array.from({ length: 100 }, () => 10), 2);
    const reader = run.stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await until(() => run.closed() === 2);
    const after = run.emitted();
    await new Promise((r) => setTimeout(r, 100));
    expect(run.emitted()).toBe(after);
    expect(after).toBeLessThan(1000);
  });

  it("fails the stream when a worker throws, and stops the other", async () => {
    const run = fixture(Array.from({ length: 40 }, () => 5), 2, { failAt: 7 });
    await expect(text(run.stream)).rejects.toThrow("part 7 failed");
    await until(() => run.closed() === 2);
  });

  it("fails the stream when a worker exits before making its parts", async () => {
    const run = fixture(Array.from({ length: 10 }, () => 1), 2, { exitAt: 3 });
    await expect(text(run.stream)).rejects.toThrow(/stopped \(exit code 0\) before its parts were made/);
  });
});
