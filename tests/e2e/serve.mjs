// Playwright's webServer: the production build (`server.mjs`) on E2E_PORT (default 3210) with a
// fresh, throw-away DATA_DIR and a known first admin.
//
// The build is run from a snapshot copied into the temp directory: `remix build` empties
// public/build before writing, so a rebuild in the working tree while the suite runs (editors,
// watchers, a second terminal) would otherwise make every asset 404 under the running server.
// Everything is removed again when the server exits.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { missingBuildFiles } from "../../scripts/build-files.mjs";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, E2E_PORT, E2E_STATE_FILE } from "./env.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tn-e2e-"));
process.on("exit", () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(E2E_STATE_FILE, { force: true });
});
const appDir = path.join(tmp, "app");
const dataDir = path.join(tmp, "data");
fs.mkdirSync(dataDir);
fs.writeFileSync(E2E_STATE_FILE, JSON.stringify({ dataDir }));

/** The assets manifest the server build points at, e.g. /build/manifest-1A2B3C4D.js. */
function manifestUrl(serverBuild) {
  return fs.readFileSync(serverBuild, "utf8").match(/"(\/build\/manifest-[A-Za-z0-9]+\.js)"/)?.[1];
}

function snapshot() {
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(appDir);
  for (const entry of ["server.mjs", "package.json", "server", "db", "build", "public"]) {
    fs.cpSync(path.join(root, entry), path.join(appDir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(appDir, "node_modules"), "dir");
  // The face engine's worker thread is loaded from disk (app/lib/face.server.ts looks for
  // app/lib/face-worker.mjs under the working directory), not from the server bundle, with the
  // detector settings it shares with the browser and its liveness model's loader.
  for (const file of ["app/lib/face-worker.mjs", "app/lib/face-detector.mjs", "app/lib/face-liveness.mjs"]) {
    if (!fs.existsSync(path.join(root, file))) continue;
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(appDir, file));
  }
  const manifest = manifestUrl(path.join(appDir, "build", "index.js"));
  return Boolean(manifest && fs.existsSync(path.join(appDir, "public", manifest)));
}

if (missingBuildFiles(root).length) {
  console.error(`No complete production build (${missingBuildFiles(root).join(", ")} missing): run \`npm run build\` before \`playwright test\`.`);
  process.exit(1);
}
// A build running right now leaves server and browser halves that do not match: wait it out.
let consistent = false;
for (let attempt = 0; attempt < 20 && !consistent; attempt++) {
  try {
    consistent = snapshot();
  } catch {
    consistent = false; // a file vanished mid-copy
  }
  if (!consistent) await new Promise((resolve) => setTimeout(resolve, 1000));
}
if (!consistent) {
  console.error("build/ and public/build/ do not belong to the same build: run `npm run build` again.");
  process.exit(1);
}

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  ADMIN_USERNAME: E2E_ADMIN_USERNAME,
  ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  // Warnings and errors only: an access line per request (ADR 054) would bury them in Playwright's output.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
// No LINE / geocoder settings: nothing in the suite may reach the network.
for (const name of [
  "SESSION_SECRET",
  "LIFF_ID",
  "LINE_LOGIN_CHANNEL_ID",
  "LINE_CHANNEL_SECRET",
  "LINE_CHANNEL_ACCESS_TOKEN",
  "LINE_API_BASE",
  "LINE_DATA_API_BASE",
  "GEOCODER_URL",
]) {
  delete process.env[name];
}

process.chdir(appDir); // db/migrations are found from the working directory
await import(url.pathToFileURL(path.join(appDir, "server.mjs")).href);
