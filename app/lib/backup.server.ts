import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import Database from "better-sqlite3";

/** Pages per step of a snapshot copy: 4 MB at SQLite's default page size. */
const SNAPSHOT_STEP_PAGES = 1000;

/**
 * A consistent copy of a live database through SQLite's online backup API (writers keep going),
 * turned into a single self-contained file (mode 0600; removed again if the copy fails) and checked
 * with PRAGMA integrity_check.
 *
 * The copy goes 100 pages per step so a server copying through its own connection keeps serving
 * between steps; its own writes are folded into the copy. A write from any other connection
 * restarts such a copy from the first page, so a process beside a busy server (`npm run backup`)
 * passes `snapshot`: the copy holds one read transaction across all its steps, so it reads one
 * snapshot that the server's writes (WAL) neither change nor restart, and each step's 4 MB are
 * flushed to disk (fdatasync) before the next. Written in one go, the copy left a gigabyte of dirty
 * pages that the disk wrote out while the server's commits waited behind them for their fsyncs.
 */
export async function backupDatabase(source: Database.Database, destination: string, { snapshot = false } = {}) {
  createPrivateFile(destination);
  try {
    if (snapshot) await snapshotCopy(source, destination);
    else await source.backup(destination);
    const copy = new Database(destination);
    try {
      copy.pragma("journal_mode = DELETE");
      const result = copy.pragma("integrity_check", { simple: true });
      if (result !== "ok") throw new Error(`integrity_check of the copy failed: ${String(result)}`);
    } finally {
      copy.close();
    }
  } catch (error) {
    for (const suffix of ["", "-journal", "-wal", "-shm"]) fs.rmSync(`${destination}${suffix}`, { force: true });
    throw error;
  }
  return { file: destination, bytes: fs.statSync(destination).size };
}

/** Owner read and write only: a copy holds every record and photo (ADR 042). */
export const BACKUP_FILE_MODE = 0o600;

/**
 * Creates the empty destination with mode 0600 before SQLite writes into it (SQLite would create
 * it 0644 less the umask, and gives its -journal the database file's mode), never replacing a file.
 */
function createPrivateFile(destination: string) {
  let fd: number;
  try {
    fd = fs.openSync(destination, "wx", BACKUP_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new Error(`ไฟล์ปลายทางมีอยู่แล้ว: ${destination}`);
    throw error;
  }
  try {
    fs.fchmodSync(fd, BACKUP_FILE_MODE); // the umask may have taken bits away from the open's mode
  } finally {
    fs.closeSync(fd);
  }
}

async function snapshotCopy(source: Database.Database, destination: string) {
  source.exec("BEGIN");
  let copy: number | null = null;
  try {
    source.prepare("SELECT count(*) FROM sqlite_schema").get(); // the read transaction starts here
    await source.backup(destination, {
      progress: () => {
        copy ??= fs.openSync(destination, "r");
        fs.fdatasyncSync(copy);
        return SNAPSHOT_STEP_PAGES;
      },
    });
  } finally {
    if (copy !== null) fs.closeSync(copy);
    source.exec("COMMIT");
  }
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
