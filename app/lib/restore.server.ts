import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DB_FILENAME } from "./db.server";
import { runningServers } from "./server-presence.server";

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

/**
 * Puts `file` in place of DATA_DIR/tn.sqlite while no server runs. The current database is first
 * checkpointed into one file and kept as DATA_DIR/replaced/tn-<time>.sqlite; the backup is copied
 * beside it and renamed into place, so a failure leaves either the old database or the new one.
 */
export function restoreDatabase(input: { dataDir: string; file: string; migrationsDir: string; now?: Date }) {
  const dataDir = path.resolve(input.dataDir);
  const source = path.resolve(input.file);
  const target = path.join(dataDir, DB_FILENAME);
  if (source === target) throw new RestoreError("ไฟล์สำรองข้อมูลคือฐานข้อมูลที่ใช้อยู่แล้ว");
  const servers = runningServers(dataDir);
  if (servers.length) {
    throw new RestoreError(`เซิร์ฟเวอร์ยังทำงานอยู่ (pid ${servers.join(", ")}) กรุณาหยุดเซิร์ฟเวอร์ก่อนกู้คืนข้อมูล`);
  }
  const checked = checkBackupFile(source, input.migrationsDir);

  fs.mkdirSync(dataDir, { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(source, incoming);
  const copy = new Database(incoming);
  copy.pragma("journal_mode = DELETE");
  copy.close();

  let keptAs: string | null = null;
  if (fs.existsSync(target)) {
    const current = new Database(target, { fileMustExist: true });
    current.pragma("wal_checkpoint(TRUNCATE)");
    current.pragma("journal_mode = DELETE");
    current.close();
    const replaced = path.join(dataDir, REPLACED_DIR);
    fs.mkdirSync(replaced, { recursive: true });
    keptAs = path.join(replaced, `tn-${stamp(input.now ?? new Date())}.sqlite`);
    fs.renameSync(target, keptAs);
  }
  // A WAL left beside the old file would be replayed into the restored one.
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(incoming, target);
  return { ...checked, file: target, keptAs };
}
