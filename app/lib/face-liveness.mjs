// The selfie's liveness score (docs/decisions/051-selfie-liveness-score.md): a passive anti-spoof
// model looks at the one face of a check-in selfie and says how much it looks like a live face
// (1) rather than a photo of a photo or of a screen (0). A flag for review, never a refusal.
//
// The model is `liveness` from @vladmandic/human 3.3.6 (MIT; LivenessNet, 32×32 RGB in, softmax
// [live, spoof] out). Only its two files are read from node_modules; the Human library is never
// loaded. It runs on the face worker's own TensorFlow (tfjs-core + WASM) through tfjs-converter.
// Plain JavaScript: the face worker (face-worker.mjs) imports it from disk, outside the bundle.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** @vladmandic/human's models folder (its package root is two levels above its main file). */
export const HUMAN_MODEL_DIR = path.join(path.dirname(path.dirname(require.resolve("@vladmandic/human"))), "models");

/**
 * The crops the score averages: squares of these sizes (× the detector's box), centred on the box
 * and raised by these shares of the side, each also mirrored. The model's answer swings by up to
 * 0.7 when the crop moves a few pixels; the mean of 24 crops is stable (docs/benchmarks.md).
 */
export const LIVENESS_CROPS = Object.freeze({ scales: [0.9, 1, 1.1, 1.2, 1.3, 1.4], raise: [0, 0.06] });
/** Crops are cut at this size first, then downscaled to the model's input (as Human does). */
const CROP_SIZE = 128;

/** Reads a TensorFlow.js graph model (JSON + weight files) from disk: no fetch, no network. */
export function readGraphModel(dir, name) {
  const converter = require("@tensorflow/tfjs-converter");
  const json = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8"));
  const weights = Buffer.concat(json.weightsManifest.flatMap((group) => group.paths.map((file) => fs.readFileSync(path.join(dir, file)))));
  return converter.loadGraphModelSync({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
  });
}

/**
 * Loads the liveness model on `tf` (the face worker's TensorFlow, already on its backend) and runs
 * it once, so the first selfie does not pay for the kernels' set-up. Call once.
 */
export function loadLivenessModel(tf) {
  const model = readGraphModel(HUMAN_MODEL_DIR, "liveness");
  const [, height, width, channels] = model.inputs[0].shape ?? [];
  if (!(height > 0 && width > 0 && channels === 3)) throw new Error(`unexpected liveness model input ${model.inputs[0].shape}`);
  const size = [height, width];
  tf.tidy(() => model.execute(tf.zeros([1, height, width, 3])).dataSync());
  return { model, size };
}

/**
 * The liveness score (0–1, 3 decimals) of the face in `box` ({x, y, width, height} in pixels) of
 * `image`, an RGB tensor [height, width, 3] with values 0–255: the model's "live" output averaged
 * over the crops of LIVENESS_CROPS, each scaled to 0–1 as the model was trained.
 */
export function livenessScore(tf, { model, size }, image, box) {
  const [imageHeight, imageWidth] = image.shape;
  const side0 = Math.max(box.width, box.height);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const boxes = [];
  for (const scale of LIVENESS_CROPS.scales) {
    for (const raise of LIVENESS_CROPS.raise) {
      const side = side0 * scale;
      const y = cy - raise * side;
      boxes.push([(y - side / 2) / imageHeight, (cx - side / 2) / imageWidth, (y + side / 2) / imageHeight, (cx + side / 2) / imageWidth]);
    }
  }
  const live = tf.tidy(() => {
    const batch = tf.expandDims(tf.cast(image, "float32"), 0);
    const crops = tf.div(tf.image.cropAndResize(batch, boxes, boxes.map(() => 0), [CROP_SIZE, CROP_SIZE]), 255);
    const both = tf.concat([crops, tf.reverse(crops, 2)]);
    const output = model.execute(tf.image.resizeBilinear(both, size));
    return tf.slice(output, [0, 0], [-1, 1]).dataSync();
  });
  let sum = 0;
  for (const value of live) sum += value;
  const score = sum / live.length;
  if (!Number.isFinite(score)) throw new Error(`liveness score is not a number (${score})`);
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}
