// Copies the face models the browser needs from @vladmandic/face-api into public/models/ at build
// time (they ship in the npm package; nothing is downloaded and nothing is committed).
import fs from "node:fs";
import path from "node:path";

const from = path.resolve("node_modules/@vladmandic/face-api/model");
const to = path.resolve("public/models");
const MODELS = ["tiny_face_detector_model", "face_landmark_68_model", "face_recognition_model"];

fs.mkdirSync(to, { recursive: true });
for (const name of MODELS) {
  for (const file of [`${name}-weights_manifest.json`, `${name}.bin`]) {
    fs.copyFileSync(path.join(from, file), path.join(to, file));
  }
}
console.log(`face models copied to ${path.relative(process.cwd(), to)}/`);
