// The face engine's worker thread (docs/decisions/005-face-engine.md). Plain JavaScript on
// purpose: it is NOT part of the Remix bundle but loaded from disk by app/lib/face.server.ts
// with `new Worker(...)`, so that TensorFlow's work never runs on the request thread.
//
// Protocol (parentPort messages):
//   parent → worker  { id, width, height, pixels: Uint8Array (RGB, row-major, width*height*3), count?, liveness? }
//                    count: true → only detect and count the faces (the pre-check, ADR 036)
//                    liveness: true → also score the lone face's liveness (a check-in selfie, ADR 051)
//                    hang: true → blocks this thread, only when NODE_ENV=test (the watchdog's test)
//                    breakLiveness: true → the liveness scoring throws, only when NODE_ENV=test
//   worker → parent  { type: "ready", loadMs, livenessError }   once the face models are loaded;
//                                                          livenessError: why the liveness model did
//                                                          not load (null when it did); faces work either way
//                    { type: "init-error", message }       the face models could not be loaded
//                    { id, faces, descriptor: number[] | null, liveness: number | null, livenessError, ms }
//                                                          faces === 1 → descriptor (always null for a
//                                                          count job); liveness: 0–1 when asked for and
//                                                          scored, else null; livenessError: why a
//                                                          score asked for failed (else null)
//                    { id, error: string }                 this job failed (the worker lives on)
//
// @vladmandic/face-api's Node WASM build `require`s the umbrella package "@tensorflow/tfjs",
// which is not installed (only tfjs-core, tfjs-backend-wasm and, for the liveness model,
// tfjs-converter are: pure JS + .wasm, nothing downloaded). So this file points that one require
// at tfjs-core and registers the chained tensor methods (`t.as3D()`, `t.sub()`…) that the
// umbrella package would have added.
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { isMainThread, parentPort } from "node:worker_threads";
import { FACE_DETECTOR } from "./face-detector.mjs";

const require = createRequire(import.meta.url);
const FACE_API_MAIN = require.resolve("@vladmandic/face-api/dist/face-api.node-wasm.js");
const FACE_API_DIR = path.dirname(path.dirname(FACE_API_MAIN));
export const MODEL_DIR = path.join(FACE_API_DIR, "model");
const WASM_DIR = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json")) + "/dist/";
const CORE_DIR = path.dirname(require.resolve("@tensorflow/tfjs-core/package.json"));

/** Detector settings (app/lib/face-detector.mjs). */
export const DETECTOR = FACE_DETECTOR;

function aliasUmbrellaPackage() {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    const fromFaceApi = parent?.filename?.startsWith(FACE_API_DIR);
    return resolve.call(this, fromFaceApi && request === "@tensorflow/tfjs" ? "@tensorflow/tfjs-core" : request, parent, ...rest);
  };
}

/** What `@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops` does (ESM only). */
function registerChainedOps(tf) {
  const proto = tf.Tensor.prototype;
  const dir = path.join(CORE_DIR, "dist/public/chained_ops");
  const names = new Set();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith(".js")) continue;
    const source = fs.readFileSync(path.join(dir, file), "utf8");
    for (const match of source.matchAll(/prototype\.(\w+) = function/g)) names.add(match[1]);
  }
  const reshape = (shape) => function () { return tf.reshape(this, shape(this, [...arguments])); };
  const cast = (dtype) => function (d) { return tf.cast(this, dtype ?? d); };
  const withThis = (x, t) => (x instanceof tf.Tensor ? [t, x] : [t, ...x]);
  const special = {
    asScalar: reshape(() => []),
    as1D: reshape((t) => [t.size]),
    flatten: reshape((t) => [t.size]),
    as2D: reshape((_t, s) => s), as3D: reshape((_t, s) => s),
    as4D: reshape((_t, s) => s), as5D: reshape((_t, s) => s),
    reshapeAs: reshape((_t, [x]) => x.shape),
    asType: cast(), toBool: cast("bool"), toFloat: cast("float32"), toInt: cast("int32"),
    concat(x, axis) { return tf.concat(withThis(x, this), axis); },
    stack(x, axis) { return tf.stack(withThis(x, this), axis); },
    where(condition, x) { return tf.where(condition, this, x); },
  };
  for (const name of names) {
    if (name in proto) continue;
    const op = special[name] ?? (typeof tf[name] === "function" ? function (...args) { return tf[name](this, ...args); } : null);
    if (!op) continue;
    proto[name] = function (...args) {
      this.throwIfDisposed();
      return op.apply(this, args);
    };
  }
}

/** Loads TensorFlow (WASM backend) and the three face models; returns face-api. Call once. */
export async function loadFaceApi() {
  aliasUmbrellaPackage();
  const faceapi = require(FACE_API_MAIN);
  const tf = faceapi.tf;
  registerChainedOps(tf);
  tf.setWasmPaths(WASM_DIR);
  if (!(await tf.setBackend("wasm"))) throw new Error("TensorFlow WASM backend failed to start");
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODEL_DIR);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(MODEL_DIR);
  return faceapi;
}

/**
 * How many faces detectFaces would return for this image, without landmarks and descriptors
 * (face-api keeps every detection through those two steps, so the count is the same).
 */
export async function countFaces(faceapi, { width, height, pixels }) {
  if (pixels.length !== width * height * 3) throw new Error("pixels must be RGB, width × height × 3 bytes");
  const input = faceapi.tf.tensor3d(pixels, [height, width, 3], "int32");
  try {
    return (await faceapi.detectAllFaces(input, new faceapi.TinyFaceDetectorOptions(DETECTOR))).length;
  } finally {
    input.dispose();
  }
}

/** Tests only (NODE_ENV=test): a job sent with `hang` blocks this thread, as a stuck model would. */
function hangForTests(job) {
  if (job.hang && process.env.NODE_ENV === "test") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

/**
 * Loads the liveness model (app/lib/face-liveness.mjs) on face-api's TensorFlow. Imported when
 * called, so that a missing or broken liveness module costs the score, never the face engine.
 */
export async function loadLiveness(tf) {
  const { loadLivenessModel, livenessScore } = await import("./face-liveness.mjs");
  const loaded = loadLivenessModel(tf);
  return { score: (image, box) => livenessScore(tf, loaded, image, box) };
}

/**
 * Every face in an RGB image: score, box and 128-number descriptor. With `liveness` (from
 * loadLiveness), a lone face also gets its liveness score, on the same decoded image; a score that
 * fails is null (with livenessError) and the faces stand.
 * @param {{ score: (image: unknown, box: { x: number, y: number, width: number, height: number }) => number } | null} [liveness]
 */
export async function detectFaces(faceapi, { width, height, pixels }, liveness = null, { breakLiveness = false } = {}) {
  if (pixels.length !== width * height * 3) throw new Error("pixels must be RGB, width × height × 3 bytes");
  const input = faceapi.tf.tensor3d(pixels, [height, width, 3], "int32");
  try {
    const found = await faceapi
      .detectAllFaces(input, new faceapi.TinyFaceDetectorOptions(DETECTOR))
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces = found.map((f) => ({
      score: f.detection.score,
      box: { x: f.detection.box.x, y: f.detection.box.y, width: f.detection.box.width, height: f.detection.box.height },
      descriptor: Array.from(f.descriptor),
      liveness: null,
    }));
    if (liveness && faces.length === 1) {
      try {
        if (breakLiveness && process.env.NODE_ENV === "test") throw new Error("liveness broken for a test");
        faces[0].liveness = liveness.score(input, faces[0].box);
      } catch (error) {
        faces[0].livenessError = String(error?.message ?? error);
      }
    }
    return faces;
  } finally {
    input.dispose();
  }
}

async function serve(port) {
  const started = performance.now();
  let faceapi;
  try {
    faceapi = await loadFaceApi();
  } catch (error) {
    port.postMessage({ type: "init-error", message: String(error?.message ?? error) });
    return;
  }
  let liveness = null;
  let livenessError = null;
  try {
    liveness = await loadLiveness(faceapi.tf);
  } catch (error) {
    livenessError = String(error?.message ?? error);
  }
  port.postMessage({ type: "ready", loadMs: performance.now() - started, livenessError });
  // One job at a time: the parent sends the next job only after this one's answer.
  port.on("message", async (job) => {
    const t0 = performance.now();
    hangForTests(job);
    try {
      if (job.count) {
        const faces = await countFaces(faceapi, job);
        port.postMessage({ id: job.id, faces, descriptor: null, liveness: null, ms: performance.now() - t0 });
        return;
      }
      const faces = await detectFaces(faceapi, job, job.liveness ? liveness : null, { breakLiveness: job.breakLiveness });
      port.postMessage({
        id: job.id,
        faces: faces.length,
        descriptor: faces.length === 1 ? faces[0].descriptor : null,
        liveness: faces.length === 1 ? faces[0].liveness : null,
        livenessError: faces.length === 1 ? (faces[0].livenessError ?? null) : null,
        boxes: faces.map((f) => f.box),
        ms: performance.now() - t0,
      });
    } catch (error) {
      port.postMessage({ id: job.id, error: String(error?.message ?? error) });
    }
  });
}

if (!isMainThread && parentPort) void serve(parentPort);
