// `npm run bench:liveness`: how the selfie liveness score (docs/decisions/051-selfie-liveness-score.md)
// scores real face photos and simulated spoofs of them, and what it adds to a check-in selfie's time.
// Prints the tables for docs/benchmarks.md ("Liveness") and writes every score to
// $LIVENESS_JSON (default /tmp/bench-liveness.json). No network, no build needed.
//
// - Real photos: each face of the @vladmandic/face-api demo photos cut as a 480 px selfie, the test
//   fixtures (tests/fixtures/faces.ts), their honest variations (tests/fixtures/spoofs.ts), and the
//   small face tiles of @vladmandic/human's assets/screenshot-facematch.jpg (320 px).
// - Spoofs: every real photo (variations aside) degraded by each of tests/fixtures/spoofs.ts SPOOFS.
// - Scores are computed in this thread with the worker's own code (face-worker.mjs detectFaces with
//   its liveness model) on the pixels face.server.ts sends it; the antispoof model Human ships is
//   scored on the same crops for comparison. Times go through the real engine (worker thread).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { computeDescriptor, closeFaceEngine, faceEngineStats, readSelfie, toPixels, warmUpFaceEngine } from "../app/lib/face.server";
import { DEFAULT_LIVENESS_THRESHOLD } from "../app/lib/face.server";
import { HUMAN_MODEL_DIR, livenessScore, readGraphModel } from "../app/lib/face-liveness.mjs";
import { detectFaces, loadFaceApi, loadLiveness } from "../app/lib/face-worker.mjs";
import { FACE_CROPS, faceSelfie, readSample, secondSelfieOfA, type Person, type Sample } from "../tests/fixtures/faces";
import { HONEST_VARIATIONS, SPOOFS } from "../tests/fixtures/spoofs";

type Photo = { set: "demo" | "fixtures" | "tiles"; name: string; kind: string; photo: Buffer };
type Score = { faces: number; liveness: number | null; antispoof: number | null };
type Box = { x: number; y: number; width: number; height: number };

const TILES = path.resolve("node_modules/@vladmandic/human/assets/screenshot-facematch.jpg");
const OUT = process.env.LIVENESS_JSON ?? path.join(os.tmpdir(), "bench-liveness.json");

const faceapi = await loadFaceApi();
const tf = faceapi.tf;
const liveness = await loadLiveness(tf);
const antispoofModel = readGraphModel(HUMAN_MODEL_DIR, "antispoof");
const antispoof = { model: antispoofModel, size: [128, 128] }; // its input, as Human feeds it

async function facesIn(photo: Uint8Array): Promise<Box[]> {
  const pixels = await toPixels(photo);
  return (await detectFaces(faceapi, pixels)).map((f: { box: Box }) => f.box);
}

/** The score as the worker computes it, and Human's antispoof model on the same crops. */
async function score(photo: Uint8Array): Promise<Score> {
  const pixels = await toPixels(photo);
  const input = tf.tensor3d(pixels.pixels, [pixels.height, pixels.width, 3], "int32");
  try {
    const faces = await detectFaces(faceapi, { ...pixels, pixels: pixels.pixels.slice() }, liveness);
    if (faces.length !== 1) return { faces: faces.length, liveness: null, antispoof: null };
    return { faces: 1, liveness: faces[0].liveness, antispoof: livenessScore(tf, antispoof, input, faces[0].box) };
  } finally {
    input.dispose();
  }
}

/** Each face of the demo photos, cut from the full-size photo as a 480 px selfie with one face. */
async function demoSelfies(): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (const n of [1, 2, 3, 4, 5, 6] satisfies Sample[]) {
    const full = readSample(n);
    const meta = await sharp(full).metadata();
    const fitted = await toPixels(full);
    const k = meta.width! / fitted.width;
    for (const box of await facesIn(full)) {
      const side = Math.max(box.width, box.height) * k * 2.4;
      const [cx, cy] = [(box.x + box.width / 2) * k, (box.y + box.height / 2) * k];
      const left = Math.max(0, Math.round(cx - side / 2));
      const top = Math.max(0, Math.round(cy - side * 0.55));
      const region = { left, top, width: Math.min(Math.round(side), meta.width! - left), height: Math.min(Math.round(side * 1.15), meta.height! - top) };
      const photo = await sharp(full).extract(region).resize({ width: 480 }).jpeg({ quality: 90 }).toBuffer();
      if ((await facesIn(photo)).length === 1) photos.push({ set: "demo", name: `sample${n}@${region.left}`, kind: "real", photo });
    }
  }
  return photos;
}

async function fixtures(): Promise<Photo[]> {
  const people = Object.keys(FACE_CROPS) as Person[];
  const photos = await Promise.all(people.map(async (p) => ({ set: "fixtures" as const, name: p, kind: "real", photo: await faceSelfie(p) })));
  return [...photos, { set: "fixtures", name: "second selfie of a", kind: "real", photo: await secondSelfieOfA() }];
}

/** The face tiles of Human's face-match screenshot (~100 px faces under text), 1.6 × the face, 320 px. */
async function tiles(): Promise<Photo[]> {
  const meta = await sharp(TILES).metadata();
  const found: { cx: number; cy: number; size: number }[] = [];
  for (let top = 200; top < meta.height!; top += 200) {
    for (let left = 0; left < meta.width!; left += 240) {
      const [width, height] = [Math.min(480, meta.width! - left), Math.min(480, meta.height! - top)];
      if (width < 200 || height < 200) continue;
      const window = await sharp(TILES).extract({ left, top, width, height }).png().toBuffer();
      for (const box of await facesIn(window)) {
        const [cx, cy] = [left + box.x + box.width / 2, top + box.y + box.height / 2];
        if (!found.some((f) => Math.hypot(f.cx - cx, f.cy - cy) < 40)) found.push({ cx, cy, size: Math.max(box.width, box.height) });
      }
    }
  }
  const photos: Photo[] = [];
  for (const f of found) {
    const side = Math.round(f.size * 1.6);
    const [left, top] = [Math.max(0, Math.round(f.cx - side / 2)), Math.max(0, Math.round(f.cy - side / 2))];
    const region = { left, top, width: Math.min(side, meta.width! - left), height: Math.min(side, meta.height! - top) };
    const photo = await sharp(TILES).extract(region).resize({ width: 320 }).jpeg({ quality: 90 }).toBuffer();
    if ((await facesIn(photo)).length === 1) photos.push({ set: "tiles", name: `tile@${left},${top}`, kind: "real", photo });
  }
  return photos;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const f2 = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(2));
const f3 = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(3));

const started = performance.now();
const bases = [...(await demoSelfies()), ...(await fixtures()), ...(await tiles())];
const photos: Photo[] = [...bases];
for (const base of bases) {
  if (base.set !== "tiles") {
    for (const [kind, vary] of Object.entries(HONEST_VARIATIONS)) photos.push({ ...base, kind: `honest:${kind}`, photo: await vary(base.photo) });
  }
  for (const [kind, spoof] of Object.entries(SPOOFS)) photos.push({ ...base, kind: `spoof:${kind}`, photo: await spoof(base.photo) });
}
const results: (Omit<Photo, "photo"> & Score)[] = [];
for (const p of photos) {
  results.push({ set: p.set, name: p.name, kind: p.kind, ...(await score(p.photo)) });
  if (results.length % 50 === 0) process.stderr.write(`${results.length}/${photos.length} scored\n`);
}

// Times through the real engine (decode, worker thread, answer): the descriptor alone (registration)
// against the descriptor and the liveness score (a check-in selfie), alternating, on 640 px selfies.
await warmUpFaceEngine();
const selfies = await Promise.all((["a", "b", "c"] as Person[]).map((p) => faceSelfie(p, { width: 640 })));
for (const photo of selfies) await readSelfie(photo);
const times = { descriptor: [] as number[], both: [] as number[] };
for (let round = 0; round < 7; round++) {
  for (const photo of selfies) {
    for (const mode of round % 2 ? (["both", "descriptor"] as const) : (["descriptor", "both"] as const)) {
      const t0 = performance.now();
      await (mode === "both" ? readSelfie(photo) : computeDescriptor(photo));
      times[mode].push(performance.now() - t0);
    }
  }
}
const livenessOnly: number[] = [];
for (const photo of selfies) {
  const pixels = await toPixels(photo);
  const [box] = await facesIn(photo);
  const input = tf.tensor3d(pixels.pixels, [pixels.height, pixels.width, 3], "int32");
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    liveness.score(input, box);
    livenessOnly.push(performance.now() - t0);
  }
  input.dispose();
}
const engine = faceEngineStats();
await closeFaceEngine();

const real = results.filter((r) => !r.kind.startsWith("spoof:"));
const realScores = (model: "liveness" | "antispoof") => real.filter((r) => r.faces === 1).map((r) => r[model]!);
const lowestReal = Math.min(...realScores("liveness"));

function distribution(title: string, rows: typeof results, model: "liveness" | "antispoof") {
  const scored = rows.filter((r) => r.faces === 1).map((r) => r[model]!);
  return `| ${title} | ${rows.length} | ${rows.length - scored.length} | ${f2(Math.min(...scored))} | ${f2(quantile(scored, 0.1))} | ${f2(median(scored))} | ${f2(Math.max(...scored))} |`;
}

const lines: string[] = [];
const say = (line = "") => lines.push(line);
say(`Date: ${new Date().toISOString().slice(0, 10)} · ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores, Node ${process.version} · load average ${os.loadavg()[0].toFixed(1)} · ${((performance.now() - started) / 1000).toFixed(0)} s`);
say();
say(`Liveness score (the model the app uses; ${DEFAULT_LIVENESS_THRESHOLD} = DEFAULT_LIVENESS_THRESHOLD):`);
say();
say("| Photos | n | no single face | min | 10th pct | median | max |");
say("| --- | --: | --: | --: | --: | --: | --: |");
for (const set of ["demo", "fixtures", "tiles"] as const) say(distribution(`real: ${set}`, real.filter((r) => r.set === set && r.kind === "real"), "liveness"));
for (const kind of Object.keys(HONEST_VARIATIONS)) say(distribution(`real, ${kind}`, real.filter((r) => r.kind === `honest:${kind}`), "liveness"));
for (const kind of Object.keys(SPOOFS)) say(distribution(`spoof: ${kind}`, results.filter((r) => r.kind === `spoof:${kind}`), "liveness"));
say();
const thresholds = [...new Set([DEFAULT_LIVENESS_THRESHOLD, 0.5, 0.6, 0.7, 0.8, 0.9])].sort((a, b) => a - b);
say("Flagged below each threshold (scored photos only; a spoof without a single face goes to review as a face failure anyway):");
say();
say(`| Threshold | real flagged | ${Object.keys(SPOOFS).map((k) => `${k} caught`).join(" | ")} |`);
say(`| --: | --: | ${Object.keys(SPOOFS).map(() => "--:").join(" | ")} |`);
for (const t of thresholds) {
  const realScored = realScores("liveness");
  const cells = Object.keys(SPOOFS).map((k) => {
    const scored = results.filter((r) => r.kind === `spoof:${k}` && r.faces === 1);
    return `${scored.filter((r) => r.liveness! < t).length}/${scored.length}`;
  });
  say(`| ${t}${t === DEFAULT_LIVENESS_THRESHOLD ? " (default)" : ""} | ${realScored.filter((x) => x < t).length}/${realScored.length} | ${cells.join(" | ")} |`);
}
say();
say(`Lowest real score: ${f3(lowestReal)} (${real.filter((r) => r.liveness === lowestReal).map((r) => `${r.set} ${r.name} ${r.kind}`).join(", ")}).`);
say();
say("Human's antispoof model on the same crops (not used):");
say();
say("| Photos | n | no single face | min | 10th pct | median | max |");
say("| --- | --: | --: | --: | --: | --: | --: |");
say(distribution("real (all above)", real, "antispoof"));
for (const kind of Object.keys(SPOOFS)) say(distribution(`spoof: ${kind}`, results.filter((r) => r.kind === `spoof:${kind}`), "antispoof"));
say();
say(`Time per 640 px selfie through the engine (decode + worker), ${times.descriptor.length} each, alternating; model load of a fresh worker ${Math.round(engine.modelLoadMs ?? 0)} ms (liveness model loaded: ${engine.livenessModel}):`);
say();
say("| Job | median | 90th pct |");
say("| --- | --: | --: |");
say(`| descriptor alone (registration) | ${Math.round(median(times.descriptor))} ms | ${Math.round(quantile(times.descriptor, 0.9))} ms |`);
say(`| descriptor + liveness (check-in) | ${Math.round(median(times.both))} ms | ${Math.round(quantile(times.both, 0.9))} ms |`);
say(`| the liveness score alone (in-thread) | ${median(livenessOnly).toFixed(1)} ms | ${quantile(livenessOnly, 0.9).toFixed(1)} ms |`);
console.log(lines.join("\n"));
fs.writeFileSync(OUT, JSON.stringify({ lines, results, times, livenessOnly }, null, 1));
console.error(`scores written to ${OUT}`);
