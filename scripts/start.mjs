// `npm start`: production mode, building first when there is no build yet.
//
// The memory bounds of docs/decisions/026 apply to a plain `npm start` too: glibc reads
// MALLOC_ARENA_MAX and V8 its heap limit only when a process starts, so without both in the
// environment the server runs as a child process that has them (one more Node process, ~40 MiB);
// with both (the Dockerfile, the systemd unit) it runs in this process.
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import { missingBuildFiles } from "./build-files.mjs";

process.env.NODE_ENV ??= "production";
if (missingBuildFiles().length) {
  console.log("No build found: running `npm run build` first…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const heapLimited = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? "");
if (process.env.MALLOC_ARENA_MAX && heapLimited) {
  await import("../server.mjs");
} else {
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
  const server = spawn(process.execPath, [...(heapLimited ? [] : ["--max-old-space-size=256"]), "server.mjs"], { env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => server.kill(signal));
  }
  server.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}
