// What `npm run build` leaves that the server needs: the Remix server bundle, the browser's
// assets, and each worker thread's bundle (scripts/build-workers.mjs).
import fs from "node:fs";
import path from "node:path";

export const BUILD_FILES = ["build/index.js", "public/build", "build/workers/attendance-csv.mjs"];

/** The files of BUILD_FILES missing under `root`; none after a complete `npm run build`. */
export function missingBuildFiles(root = process.cwd()) {
  return BUILD_FILES.filter((file) => !fs.existsSync(path.join(root, file)));
}
