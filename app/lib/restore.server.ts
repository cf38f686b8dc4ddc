import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DB_FILENAME } from "./db.server";
import { lockDatabase } from "./database-lock.server";
import { forgetStoppedServers, runningServers, serverMarkFile } from "./server-presence.server";

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

/** The tables every TN Management database has had since its first migration. */
const SIGNATURE_TABLES = ["__drizzle_migrations", "admins", "admin_sessions", "audit_log", "settings", "uploads"];
/** The previous database files a restore keeps, under DATA_DIR. */
export const REPLACED_DIR = "replaced";

/** The newest migration this code knows (its `when`, as drizzle records it in the database). */
function newestKnownMigration(migrationsDir: string): number {
  const journal: unknown = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"));
  const entries = journal && typeof journal === "object" && "entries" in journal ? journal.entries : null;
  if (!Array.isArray(entries)) throw new Error("db/migrations/meta/_journal.json has no entries");
  return Math.max(...entries.map((e: { when?: unknown }) => Number(e.when)));
}

/**
 * Checks that `file` is a whole TN Management database that this version can open: SQLite, the
 * app's tables, PRAGMA integrity_check ok, and no migration newer than the code's.
 */
export function checkBackupFile(file: string, migrationsDir: string) {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreError(`ไม่พบไฟล์สำรองข้อมูล: ${file}`);
  let backup: Database.Database;
  try {
    backup = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreError(`เปิดไฟล์นี้เป็นฐานข้อมูล SQLite ไม่ได้ (${(error as Error).message})`);
  }
  try {
    let tables: Set<string>;
    try {
      tables = new Set(backup.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
    } catch {
      throw new RestoreError("ไฟล์นี้ไม่ใช่ฐานข้อมูล SQLite");
    }
    const missing = SIGNATURE_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new RestoreError(`ไฟล์นี้ไม่ใช่ฐานข้อมูลของ TN Management (ไม่มีตาราง ${missing.join(", ")})`);
    const integrity = backup.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new RestoreError(`ไฟล์สำรองข้อมูลเสียหาย (integrity_check: ${String(integrity)})`);
    const newest = Number(backup.prepare("select max(created_at) from __drizzle_migrations").pluck().get() ?? 0);
    if (newest > newestKnownMigration(migrationsDir)) {
      throw new RestoreError("ไฟล์สำรองข้อมูลมาจาก TN Management รุ่นที่ใหม่กว่านี้ กรุณาอัปเดตโปรแกรมก่อนกู้คืน");
    }
    const employees = tables.has("employees") ? Number(backup.prepare("select count(*) from employees").pluck().get()) : 0;
    return { employees, bytes: fs.statSync(file).size };
  } finally {
    backup.close();
  }
}

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

const SERVER_RUNS = "เซิร์ฟเวอร์ยังทำงานอยู่";
const STOP_FIRST = "กรุณาหยุดเซิร์ฟเวอร์ก่อนกู้คืนข้อมูล (systemctl stop tn หรือ docker stop tn)";

/** The live database held exclusively for the restore, or a Thai refusal while anything has it open. */
function holdCurrentDatabase(target: string) {
  let held: Database.Database | null;
  try {
    held = lockDatabase(target);
  } catch (error) {
    throw new RestoreError(`เปิดฐานข้อมูลปัจจุบัน ${target} ไม่ได้ (${(error as Error).message}) จึงยังไม่ได้กู้คืนข้อมูล`);
  }
  if (!held) {
    throw new RestoreError(
      `${SERVER_RUNS}: มีโปรแกรมอื่นเปิดฐานข้อมูล ${target} อยู่ (เซิร์ฟเวอร์ รวมถึงเซิร์ฟเวอร์ในคอนเทนเนอร์อื่นที่ใช้โฟลเดอร์ข้อมูลเดียวกัน หรือคำสั่งสำรองข้อมูลที่ยังไม่เสร็จ) ${STOP_FIRST} ยังไม่มีการเปลี่ยนแปลงใด ๆ`,
    );
  }
  return held;
}

/**
 * This process and its parents. In a one-off container (its own PID namespace) the mark a crashed
 * server left may name a pid that this restore's own process tree now has (npm is 1 there).
 */
function ownProcesses(): Set<number> {
  const own = new Set([process.pid, process.ppid]);
  let pid = process.ppid;
  for (let depth = 0; depth < 16 && pid > 1; depth++) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8"); // "pid (name) state ppid …"
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      own.add(pid);
    } catch {
      break; // no /proc (not Linux): the pid and its parent only
    }
  }
  return own;
}

/**
 * Refuses while a server of `dataDir` runs (its mark in DATA_DIR/run names a live process that is
 * not this one or its parents); returns those own processes.
 */
function refuseRunningServer(dataDir: string) {
  const own = ownProcesses();
  const servers = runningServers(dataDir).filter((pid) => !own.has(pid));
  if (servers.length) {
    throw new RestoreError(
      `${SERVER_RUNS} (pid ${servers.join(", ")}) ${STOP_FIRST} ` +
        `ถ้าแน่ใจว่าไม่มีเซิร์ฟเวอร์ทำงานแล้ว ให้ลบไฟล์ ${servers.map((pid) => serverMarkFile(dataDir, pid)).join(", ")} แล้วลองใหม่`,
    );
  }
  return own;
}

/**
 * The refusals of restoreDatabase that need no backup file, for a restore that must first fetch
 * one (from the replica): a server marked in DATA_DIR/run, or any connection holding tn.sqlite.
 */
export function refuseWhileServerRuns(dataDir: string) {
  const folder = path.resolve(dataDir);
  refuseRunningServer(folder);
  const target = path.join(folder, DB_FILENAME);
  if (fs.existsSync(target)) holdCurrentDatabase(target).close();
}

/**
 * Puts `file` in place of DATA_DIR/tn.sqlite while no server runs. A server is detected by the
 * lock its database connection holds on tn.sqlite (also from another PID namespace, where its PID
 * file proves nothing), and by a live process in DATA_DIR/run; either refuses before anything in
 * DATA_DIR is touched. The restore then holds the database's EXCLUSIVE lock to the end, so no
 * server can start in the middle. The current database is checkpointed into one file and kept as
 * DATA_DIR/replaced/tn-<time>.sqlite; the backup is copied beside it and renamed into place, so a
 * failure leaves either the old database or the new one, and no `.restoring` copy.
 */
export function restoreDatabase(input: { dataDir: string; file: string; migrationsDir: string; now?: Date }) {
  const dataDir = path.resolve(input.dataDir);
  const source = path.resolve(input.file);
  const target = path.join(dataDir, DB_FILENAME);
  if (source === target) throw new RestoreError("ไฟล์สำรองข้อมูลคือฐานข้อมูลที่ใช้อยู่แล้ว");
  const own = refuseRunningServer(dataDir);
  const checked = checkBackupFile(source, input.migrationsDir);

  fs.mkdirSync(dataDir, { recursive: true });
  const current = fs.existsSync(target) ? holdCurrentDatabase(target) : null;
  const incoming = `${target}.restoring`;
  try {
    fs.copyFileSync(source, incoming);
    fs.chmodSync(incoming, 0o600);
    const copy = new Database(incoming);
    copy.pragma("journal_mode = DELETE");
    copy.close();
    current?.pragma("wal_checkpoint(TRUNCATE)");
    current?.pragma("journal_mode = DELETE");
  } catch (error) {
    current?.close();
    fs.rmSync(incoming, { force: true });
    throw new RestoreError(`กู้คืนข้อมูลไม่สำเร็จ ฐานข้อมูลเดิมยังอยู่ที่เดิม (${(error as Error).message})`);
  }

  let keptAs: string | null = null;
  try {
    if (current) {
      const replaced = path.join(dataDir, REPLACED_DIR);
      fs.mkdirSync(replaced, { recursive: true, mode: 0o700 });
      keptAs = path.join(replaced, `tn-${stamp(input.now ?? new Date())}.sqlite`);
      fs.renameSync(target, keptAs);
      fs.chmodSync(keptAs, 0o600);
    }
    // A WAL left beside the old file would be replayed into the restored one.
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(incoming, target);
  } catch (error) {
    if (keptAs && fs.existsSync(keptAs) && !fs.existsSync(target)) fs.renameSync(keptAs, target);
    throw new RestoreError(`กู้คืนข้อมูลไม่สำเร็จ ฐานข้อมูลเดิมยังอยู่ที่เดิม (${(error as Error).message})`);
  } finally {
    current?.close();
    fs.rmSync(incoming, { force: true });
  }
  forgetStoppedServers(dataDir, own);
  return { ...checked, file: target, keptAs };
}
