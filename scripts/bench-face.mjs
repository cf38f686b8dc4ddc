// Face engine timings, printed as JSON (docs/decisions/005-face-engine.md):
// - model load time of a fresh worker,
// - descriptor time for a 640 px selfie (median of 5 after 1 warm-up),
// - /healthz latency of an HTTP server on this process's main thread while 4 descriptors compute
//   in the worker (the situation of the app server during a burst of check-in selfies).
// Usage: node scripts/bench-face.mjs   (from the project root; no network, no build needed)
import http from "node:http";
import path from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";

const WORKER = path.resolve("app/lib/face-worker.mjs");
const SAMPLE = path.resolve("node_modules/@vladmandic/face-api/demo/sample3.jpg");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const round = (x) => Math.round(x * 10) / 10;

/** One face (sample3, left), 640 px on the long side, as raw RGB like face.server.ts sends. */
async function selfie() {
  const { data, info } = await sharp(SAMPLE)
    .extract({ left: 330, top: 170, width: 660, height: 760 })
    .resize({ width: 640, height: 640, fit: "inside" })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((jpeg) => sharp(jpeg).resize({ width: 640, height: 640, fit: "inside" }).raw().toBuffer({ resolveWithObject: true }));
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}

function startWorker() {
  const worker = new Worker(WORKER);
  const pending = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    worker.on("message", (m) => {
      if (m.type === "ready") resolve(m.loadMs);
      else if (m.type === "init-error") reject(new Error(m.message));
      else {
        const job = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) job.reject(new Error(m.error));
        else job.resolve(m);
      }
    });
    worker.on("error", reject);
  });
  const run = ({ width, height, pixels }) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const copy = pixels.slice();
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, width, height, pixels: copy }, [copy.buffer]);
    });
  return { worker, ready, run };
}

function healthServer() {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "text/plain" });
    res.end("ok");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function healthLatencies(url, until) {
  const times = [];
  do {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.text();
    times.push(performance.now() - t0);
  } while (!(await until()));
  return times;
}

const summary = (xs) => ({ n: xs.length, median: round(median(xs)), p99: round(pct(xs, 99)), max: round(Math.max(...xs)) });

const image = await selfie();
const t0 = performance.now();
const engine = startWorker();
const modelLoadMs = await engine.ready;
const workerStartMs = performance.now() - t0;

const first = await engine.run(image);
if (first.faces !== 1) throw new Error(`expected one face, found ${first.faces}`);
const compute = [];
const roundTrip = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const answer = await engine.run(image);
  roundTrip.push(performance.now() - t);
  compute.push(answer.ms);
}

const server = await healthServer();
const url = `http://127.0.0.1:${server.address().port}/healthz`;
let count = 0;
await healthLatencies(url, async () => ++count >= 5); // connection set-up, JIT
count = 0;
const idle = await healthLatencies(url, async () => ++count >= 50);
let done = false;
const burstStart = performance.now();
const burst = Promise.all([1, 2, 3, 4].map(() => engine.run(image))).then(() => (done = true));
const loaded = await healthLatencies(url, async () => done);
await burst;
const burstMs = performance.now() - burstStart;
server.close();
await engine.worker.terminate();

console.log(
  JSON.stringify(
    {
      image: `${image.width}x${image.height}`,
      workerStartMs: round(workerStartMs),
      modelLoadMs: round(modelLoadMs),
      firstDescriptorMs: round(first.ms),
      descriptorMs: { median: round(median(compute)), runs: compute.map(round) },
      roundTripMs: { median: round(median(roundTrip)) },
      healthz: { idle: summary(idle), during4Descriptors: summary(loaded), burstMs: round(burstMs) },
    },
    null,
    2,
  ),
);
