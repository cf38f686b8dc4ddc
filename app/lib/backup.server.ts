import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import Database from "better-sqlite3";

const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a live database through SQLite's online backup API (writers keep going),
 * turned into a single self-contained file and checked with PRAGMA integrity_check.
 *
 * The copy goes 100 pages per step so a server copying through its own connection keeps serving
 * between steps; its own writes are folded into the copy. A write from any other connection
 * restarts a stepped copy from the first page, so a process beside a busy server (`npm run backup`)
 * passes `oneStep`: every page in one step under one read snapshot, which WAL lets writers outlive.
 */
export async function backupDatabase(source: Database.Database, destination: string, { oneStep = false } = {}) {
  if (fs.existsSync(destination)) {
    throw new Error(`ไฟล์ปลายทางมีอยู่แล้ว: ${destination}`);
  }
  await source.backup(destination, oneStep ? { progress: () => ALL_PAGES } : undefined);
  const copy = new Database(destination);
  try {
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`integrity_check of the copy failed: ${String(result)}`);
  } finally {
    copy.close();
  }
  return { file: destination, bytes: fs.statSync(destination).size };
}

/**
 * A backup beside a busy server gives way to it: the lowest CPU priority (nice 19), and the idle
 * I/O class where `ionice` exists (Linux; the bfq and mq-deadline schedulers honour it), so the
 * server's commits and their fsyncs go first. Best effort: where either is refused the backup still
 * runs, at normal priority.
 */
export function giveWayToServer(pid = process.pid) {
  const applied = { nice: false, idleIo: false };
  try {
    os.setPriority(pid, 19);
    applied.nice = true;
  } catch {
    // not permitted here: run at the current priority
  }
  try {
    execFileSync("ionice", ["-c", "3", "-p", String(pid)], { stdio: "ignore", timeout: 2000 });
    applied.idleIo = true;
  } catch {
    // no ionice (not Linux, or not installed)
  }
  return applied;
}
