// `npm start`: production mode, building first when there is no build yet.
//
// The memory bounds of docs/decisions/026 apply to a plain `npm start` too: glibc reads
// MALLOC_ARENA_MAX and V8 its heap limit only when a process starts, so without both in the
// environment the server runs as a child process that has them (one more Node process, ~40 MiB);
// with both (the Dockerfile, the systemd unit) it runs in this process.
//
// With REPLICA_URL the server runs under Litestream (`litestream replicate -exec`), which streams
// the database's WAL to the replica while the server runs (docs/decisions/053).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingBuildFiles } from "./build-files.mjs";
import { freePort } from "./free-port.mjs";
import { litestreamBinary, litestreamConfig, redactReplicaUrl, replicaFromEnv, shellWord } from "../server/replication.mjs";

process.env.NODE_ENV ??= "production";
// Litestream's files beside the database (its shadow WAL) are as private as the database (ADR 040).
process.umask(0o077);

let replica;
try {
  replica = replicaFromEnv();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

if (missingBuildFiles().length) {
  console.log("No build found: running `npm run build` first…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const heapLimited = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? "");
if (!replica && process.env.MALLOC_ARENA_MAX && heapLimited) {
  await import("../server.mjs");
} else {
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
  const server = [process.execPath, ...(heapLimited ? [] : ["--max-old-space-size=256"]), "server.mjs"];
  let command = server;
  let configDir = null;
  if (replica) {
    const dbPath = path.resolve(process.env.DATA_DIR?.trim() || "./data", "tn.sqlite");
    const metricsAddr = `127.0.0.1:${await freePort()}`;
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-litestream-"));
    const config = path.join(configDir, "litestream.yml");
    fs.writeFileSync(config, litestreamConfig({ dbPath, metricsAddr, ...replica }), { mode: 0o600 });
    env.TN_REPLICATION_METRICS_URL = `http://${metricsAddr}/metrics`;
    command = [litestreamBinary(), "replicate", "-config", config, "-no-expand-env", "-exec", server.map(shellWord).join(" ")];
    console.log(`Replicating ${dbPath} to ${redactReplicaUrl(replica.replicaUrl.toString())} (Litestream)`);
  }
  const child = spawn(command[0], command.slice(1), { env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => {
    if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}
