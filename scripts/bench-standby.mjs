// `node scripts/bench-standby.mjs <dir>` (npm run bench:standby -- <dir>): what a warm standby
// restored from a Litestream replica costs on a data set `npm run bench:seed` built, for
// docs/scaling.md. On a copy of <dir>/tn.sqlite in a temporary folder (Litestream 0.3 adds its own
// tables to the database it replicates, and a folder beside it, so it never touches <dir>'s file):
// replicates it to a file:// replica until the first snapshot is there and stops Litestream; times
// `litestream restore` and PRAGMA integrity_check apart (where a restore's time goes), then the
// whole `npm run restore -- --from-replica` into an empty DATA_DIR (what the standby's operator
// runs: fetch, checks, file put in place), then the production build's start on it until it
// listens (skipped without a build). Prints the times and sizes as JSON on stdout and a Markdown
// row. No server may run on <dir>. The temporary folder (TMPDIR) needs about 3.5 times the file.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import Database from "better-sqlite3";
import { litestreamBinary, litestreamConfig } from "../server/replication.mjs";
import { startServer } from "./bench/server.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const log = (line) => console.error(`[bench:standby] ${line}`);
const dir = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!dir || !fs.existsSync(path.join(dir, "tn.sqlite"))) {
  console.error("usage: node scripts/bench-standby.mjs <dir>   (a DATA_DIR with tn.sqlite, e.g. from npm run bench:seed, no server running on it)");
  process.exit(2);
}
const source = path.join(dir, "tn.sqlite");
const litestream = litestreamBinary();
const seconds = (ms) => Number((ms / 1000).toFixed(2));
const MiB = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));

function folderBytes(folder) {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

const liveServerMarks = () =>
  (fs.existsSync(path.join(dir, "run")) ? fs.readdirSync(path.join(dir, "run")) : []).flatMap((name) => {
    const pid = Number(/^(\d+)\.pid$/.exec(name)?.[1]);
    if (!pid) return [];
    try {
      process.kill(pid, 0);
      return [pid];
    } catch (error) {
      return error.code === "EPERM" ? [pid] : [];
    }
  });

/**
 * Copies tn.sqlite (and a WAL a crashed server left) into `folder` while holding the database's
 * EXCLUSIVE lock, as `npm run restore` proves no server has it open (app/lib/database-lock.server.ts):
 * a server in another PID namespace has no mark here, but holds its lock.
 */
function copyStoppedDatabase(folder) {
  const servers = liveServerMarks();
  if (servers.length) throw new Error(`a server runs on ${dir} (pid ${servers.join(", ")}): stop it first`);
  const held = new Database(source, { fileMustExist: true, timeout: 0 });
  try {
    held.pragma("locking_mode = EXCLUSIVE");
    try {
      held.prepare("select count(*) from sqlite_schema").get();
    } catch (error) {
      if (String(error.code).startsWith("SQLITE_BUSY")) throw new Error(`${source} is open in another process (a server?): stop it first`);
      throw error;
    }
    const copy = path.join(folder, "tn.sqlite");
    fs.copyFileSync(source, copy);
    const wal = `${source}-wal`;
    if (fs.existsSync(wal) && fs.statSync(wal).size > 0) fs.copyFileSync(wal, `${copy}-wal`);
    return copy;
  } finally {
    held.close();
  }
}

/** Runs a command to its end; its time in ms, or throws with its output. */
function timed(command, args, options = {}) {
  const started = performance.now();
  const run = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} exited ${run.status ?? run.signal}: ${run.stderr || run.stdout}`);
  return { ms, output: `${run.stdout}${run.stderr}` };
}

/**
 * `litestream replicate` until its first snapshot is written and listed by `litestream snapshots`,
 * then SIGTERM (Litestream syncs its replica a last time before it exits).
 */
async function replicateFirstSnapshot(config, db, onSpawn) {
  const started = performance.now();
  const child = spawn(litestream, ["replicate", "-config", config], { stdio: ["ignore", "pipe", "pipe"] });
  onSpawn(child);
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  child.stdout.on("data", (d) => (output += String(d)));
  child.stderr.on("data", (d) => (output += String(d)));
  const listed = () => {
    const run = spawnSync(litestream, ["snapshots", "-config", config, db], { encoding: "utf8" });
    return run.status === 0 && run.stdout.trim().split("\n").length > 1;
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`litestream replicate ended early:\n${output}`);
    if (output.includes("snapshot written") && listed()) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const snapshotMs = performance.now() - started;
  // Litestream's own time for writing the snapshot (reading, compressing, writing), without its start.
  const written = /msg="snapshot written".*?elapsed=(\S+).*?sz=(\d+)/.exec(output);
  const stopping = performance.now();
  child.kill("SIGTERM");
  const { code, signal } = await exited;
  if (code !== 0) throw new Error(`litestream replicate exited ${code ?? signal}:\n${output}`);
  return { snapshotMs, stopMs: performance.now() - stopping, litestreamElapsed: written?.[1] ?? null };
}

/** PRAGMA integrity_check on the restored file, read-only as `npm run restore` opens a backup. */
function integrityCheck(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const started = performance.now();
    const result = db.pragma("integrity_check", { simple: true });
    const ms = performance.now() - started;
    if (result !== "ok") throw new Error(`integrity_check of the restored file: ${result}`);
    return ms;
  } finally {
    db.close();
  }
}

/** Row counts that tell the restored file holds the same data as the copy. */
function counts(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table) => Number(db.prepare(`select count(*) from ${table}`).pluck().get());
    return { employees: count("employees"), attendance: count("attendance"), attendanceDays: count("attendance_days") };
  } finally {
    db.close();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tn-standby-"));
let replicator = null;
let server = null;
const cleanUp = async () => {
  if (replicator && replicator.exitCode === null && replicator.signalCode === null) replicator.kill("SIGKILL");
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const loadStart = os.loadavg();
try {
  const copyStarted = performance.now();
  const db = copyStoppedDatabase(tmp);
  const copyMs = performance.now() - copyStarted;
  const dbBytes = fs.statSync(db).size;
  log(`copied ${source} (${MiB(dbBytes)} MiB) into ${tmp} in ${seconds(copyMs)} s`);
  const before = counts(db);

  const replica = path.join(tmp, "replica");
  const config = path.join(tmp, "litestream.yml");
  fs.writeFileSync(config, litestreamConfig({ dbPath: db, replicaUrl: url.pathToFileURL(replica) }));
  const replication = await replicateFirstSnapshot(config, db, (child) => (replicator = child));
  const replicaBytes = folderBytes(replica);
  log(`first snapshot in ${seconds(replication.snapshotMs)} s (Litestream's own: ${replication.litestreamElapsed}); replica ${MiB(replicaBytes)} MiB; stopped in ${seconds(replication.stopMs)} s`);

  const restored = path.join(tmp, "restored.sqlite");
  const restore = timed(litestream, ["restore", "-config", config, "-o", restored, db]);
  log(`litestream restore in ${seconds(restore.ms)} s`);
  const checkMs = integrityCheck(restored);
  log(`integrity_check ok in ${seconds(checkMs)} s`);
  fs.rmSync(restored); // its room is needed by the standby's copy

  // The standby: an empty DATA_DIR filled by the operator's command, then started.
  const standby = path.join(tmp, "standby");
  const command = timed("npm", ["run", "--silent", "restore", "--", "--from-replica"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: standby, REPLICA_URL: url.pathToFileURL(replica).href },
  });
  log(`npm run restore -- --from-replica in ${seconds(command.ms)} s`);
  const after = counts(path.join(standby, "tn.sqlite"));
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    throw new Error(`the restored database differs from the copy: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  }

  let startMs = null;
  let startError = null;
  if (fs.existsSync(path.join(root, "build", "index.js"))) {
    const starting = performance.now();
    try {
      server = await startServer({ cwd: root, dataDir: standby, startTimeoutMs: 300_000 });
      startMs = performance.now() - starting;
      log(`the production build listened on the restored database after ${seconds(startMs)} s`);
    } catch (error) {
      startError = error.message.split("\n")[0];
      log(`the production build did not start on the restored database: ${error.message}`);
    } finally {
      await server?.stop();
      server = null;
    }
  } else {
    startError = "no production build (npm run build first)";
    log(startError);
  }

  const result = {
    date: new Date().toISOString(),
    dataSet: dir,
    rows: before,
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      litestream: spawnSync(litestream, ["version"], { encoding: "utf8" }).stdout.trim(),
      loadavgStart: loadStart.map((n) => n.toFixed(2)).join(", "),
      loadavgEnd: os.loadavg().map((n) => n.toFixed(2)).join(", "),
    },
    databaseMiB: MiB(dbBytes),
    replicaMiB: MiB(replicaBytes),
    copyS: seconds(copyMs),
    snapshotS: seconds(replication.snapshotMs),
    litestreamSnapshotElapsed: replication.litestreamElapsed,
    stopS: seconds(replication.stopMs),
    restoreS: seconds(restore.ms),
    integrityCheckS: seconds(checkMs),
    restoreCommandS: seconds(command.ms),
    startS: startMs === null ? null : seconds(startMs),
    startError,
    recoveryS: startMs === null ? null : seconds(command.ms + startMs),
  };
  console.log(JSON.stringify(result, null, 2));
  const cell = (value) => (value === null ? "—" : String(value));
  console.log(
    "| Data set | Employees | tn.sqlite MiB | Replica MiB | First snapshot s | litestream restore s | integrity_check s | npm run restore -- --from-replica s | Start s | Restore command + start s | Load average |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  console.log(
    `| ${path.basename(dir)} | ${before.employees.toLocaleString("en-US")} | ${result.databaseMiB} | ${result.replicaMiB} | ${result.snapshotS} | ${result.restoreS} | ${result.integrityCheckS} | ${result.restoreCommandS} | ${cell(result.startS)} | ${cell(result.recoveryS)} | ${result.machine.loadavgStart} → ${result.machine.loadavgEnd} |`,
  );
} catch (error) {
  console.error(`[bench:standby] ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
