import fs from "node:fs";
import path from "node:path";
import Database, { type Statement } from "better-sqlite3";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { env } from "./env.server";
import { logger } from "./log.server";
import { metrics, secondsSince } from "./metrics.server";
import { createPrivateFile, keepPrivate, makePrivateFolder } from "./private-files.server";
import { countBusy, sqliteCode, storageFailure } from "./storage-errors.server";
import { underLitestream } from "./replication.server";
import { guardWrites, unwritableReason } from "./write-guard.server";

export { sqliteCode, storageFailure } from "./storage-errors.server";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DB_FILENAME = "tn.sqlite";
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db", "migrations");

/** PRAGMA synchronous reads back as a number: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
export const SYNCHRONOUS_FULL = 2;

function applyPragmas(sqlite: Database.Database) {
  sqlite.pragma("journal_mode = WAL");
  // Memory-mapped reads of the database file turn an I/O error into SIGBUS, which kills the
  // process instead of failing one query; keep them off whatever the build's default.
  sqlite.pragma("mmap_size = 0");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: every commit is on the disk before the answer goes out, even across a power cut (NORMAL
  // in WAL mode may lose the last commits then); see docs/decisions/025-durability.md.
  sqlite.pragma("synchronous = FULL");
  // The page cache of the one shared connection: 16 MB (better-sqlite3's build default, named here
  // so a different build cannot change it) holds the indexes the daily views and check-ins walk.
  sqlite.pragma("cache_size = -16000");
  const mode = sqlite.pragma("journal_mode", { simple: true });
  const timeout = sqlite.pragma("busy_timeout", { simple: true });
  const synchronous = sqlite.pragma("synchronous", { simple: true });
  if (mode !== "wal") throw new Error(`SQLite journal_mode is ${String(mode)}, expected wal`);
  if (timeout !== 5000) throw new Error(`SQLite busy_timeout is ${String(timeout)}, expected 5000`);
  if (synchronous !== SYNCHRONOUS_FULL) throw new Error(`SQLite synchronous is ${String(synchronous)}, expected 2 (FULL)`);
}

/** How many migrations the database has applied (0 before the first). */
function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  return table ? (sqlite.prepare("select count(*) from __drizzle_migrations").pluck().get() as number) : 0;
}

/**
 * drizzle-kit table rebuilds begin with PRAGMA foreign_keys=OFF, which SQLite ignores inside the
 * migrator's transaction; a rebuild could then cascade-delete child rows. So foreign keys are off
 * on the connection around migrate() and checked afterwards, when a migration ran: the check reads
 * every referencing row (minutes for a large office's ledger), and without a migration nothing
 * wrote with the keys off.
 */
function runMigrations(sqlite: Database.Database) {
  const before = appliedMigrations(sqlite);
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma("foreign_keys = ON");
  if (sqlite.pragma("foreign_keys", { simple: true }) !== 1) {
    throw new Error("SQLite foreign_keys could not be turned on");
  }
  if (appliedMigrations(sqlite) === before) return;
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) {
    throw new Error(`Foreign key check failed after migration: ${JSON.stringify(broken.slice(0, 5))}`);
  }
}

/**
 * The data folder cannot be used: the server must not start. The message is for the operator,
 * in Thai and English, and names the folder; server.mjs prints it without a stack and exits 1.
 */
export class DataDirError extends Error {
  constructor(
    readonly folder: string,
    reason: string,
  ) {
    super(
      [
        `ไม่สามารถใช้โฟลเดอร์ข้อมูล ${folder} ได้ (${reason})`,
        "กรุณาตรวจสอบว่าโฟลเดอร์นี้มีอยู่ เป็นโฟลเดอร์ เขียนได้โดยผู้ใช้ที่รันเซิร์ฟเวอร์ และดิสก์ยังไม่เต็ม แล้วเริ่มเซิร์ฟเวอร์ใหม่",
        `Cannot use the data folder ${folder} (${reason}).`,
        "Check that it exists, is a folder, is writable by the user running the server and the disk is not full (DATA_DIR), then start the server again.",
      ].join("\n"),
    );
    this.name = "DataDirError";
  }
}

function reasonOf(error: unknown) {
  if (error instanceof Error) return "code" in error && typeof error.code === "string" ? error.code : error.message;
  return String(error);
}

/**
 * Before opening the database: the folder exists (or can be made, 0700), is a folder, takes a new
 * file, and tn.sqlite with its -wal and -shm files, where present, open for writing. Then the
 * folder and those files are made private (private-files.server.ts), said in the log.
 */
export function checkDataDir(file: string, log: (line: string) => void = (line) => logger.warn(line)) {
  const folder = path.dirname(file);
  try {
    makePrivateFolder(folder);
  } catch (error) {
    throw new DataDirError(folder, `สร้างโฟลเดอร์ไม่ได้ / cannot create it: ${reasonOf(error)}`);
  }
  if (!fs.statSync(folder).isDirectory()) {
    throw new DataDirError(folder, "ไม่ใช่โฟลเดอร์ / not a folder");
  }
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    const fd = fs.openSync(probe, "w");
    try {
      fs.writeSync(fd, "ok");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  } catch (error) {
    throw new DataDirError(folder, `เขียนไฟล์ไม่ได้ / cannot write a file: ${reasonOf(error)}`);
  }
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (!fs.existsSync(name)) continue;
    try {
      fs.closeSync(fs.openSync(name, "r+"));
    } catch (error) {
      throw new DataDirError(folder, `เปิด ${path.basename(name)} เพื่อเขียนไม่ได้ / cannot open ${path.basename(name)} for writing: ${reasonOf(error)}`);
    }
  }
  const { tightened, warnings } = keepPrivate(folder, [file, `${file}-wal`, `${file}-shm`]);
  if (tightened.length > 0) log(`Data folder made private (only the server's user may open it): ${tightened.join(", ")}`);
  for (const warning of warnings) log(`Data folder: ${warning}`);
}

export function openDatabase(file: string): Db {
  makePrivateFolder(path.dirname(file));
  createPrivateFile(file);
  const sqlite = new Database(file);
  applyPragmas(sqlite);
  runMigrations(sqlite);
  guardWrites(sqlite, file);
  return drizzle(sqlite, { schema });
}

export function databasePath() {
  return path.resolve(env().DATA_DIR, DB_FILENAME);
}

// Kept on globalThis so dev rebuilds reuse one connection.
const holder = globalThis as unknown as { __tnDb?: Db };

export function db(): Db {
  holder.__tnDb ??= openDatabase(databasePath());
  return holder.__tnDb;
}

/**
 * The first open, at server start: the data folder is checked, and a storage failure while
 * opening or migrating (read-only file system, disk full) becomes the operator's DataDirError.
 */
export function openAtStart(): Db {
  const file = databasePath();
  checkDataDir(file);
  try {
    return db();
  } catch (error) {
    const failure = storageFailure(error);
    if (failure) throw new DataDirError(path.dirname(file), `SQLite: ${sqliteCode(error)}`);
    throw error;
  }
}

/**
 * Checkpoints the WAL into the main file and closes, so a stopped server's tn.sqlite is complete
 * (under Litestream, as far as its read lock lets a checkpoint go).
 * Not while the data folder cannot be written: a checkpoint (close() runs one too) stores into the
 * -shm mapping, a SIGBUS then (write-guard.server.ts). The WAL keeps every commit; the next start reads it.
 */
export function closeDb(log: (line: string) => void = (line) => logger.warn(line)) {
  const current = holder.__tnDb;
  if (!current) return;
  holder.__tnDb = undefined;
  const unwritable = unwritableReason(current.$client.name);
  if (unwritable) {
    log(`data folder cannot be written (${unwritable}): the database is left open, its WAL not checkpointed`);
    return;
  }
  // Litestream holds a read transaction on the WAL to copy it: a TRUNCATE checkpoint would wait the
  // whole busy timeout for it and then give up. A passive one copies what it can; Litestream
  // checkpoints the rest after its last sync.
  current.$client.pragma(underLitestream() ? "wal_checkpoint(PASSIVE)" : "wal_checkpoint(TRUNCATE)");
  current.$client.close();
}

/**
 * A query built and compiled once per connection, for hot paths (the employee guard, check-in,
 * settings): otherwise drizzle rebuilds the SQL and SQLite compiles it again on every call.
 * Values go in through `sql.placeholder(name)`.
 */
export function preparedQuery<T>(build: (d: Db) => T): () => T {
  const cache = new WeakMap<Db, T>();
  return () => {
    const d = db();
    let statement = cache.get(d);
    if (statement === undefined) {
      statement = build(d);
      cache.set(d, statement);
    }
    return statement;
  };
}

/**
 * `{column: ?}` for the values of a prepared insert or update (`.values(...)` / `.set(...)`).
 * Each placeholder is bound raw, so the values must come through `encodeColumns` at run time
 * (drizzle's own placeholder encoding fails on null for dates and writes null JSON as "null").
 */
export function columnPlaceholders<K extends string>(keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(key)}`])) as Record<K, SQL>;
}

/** The values of `row` as the driver stores them in `table`'s columns (null stays null). */
export function encodeColumns<T extends SQLiteTable>(table: T, row: Partial<T["$inferInsert"]>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const encoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    encoded[key] = value == null ? null : column.mapToDriverValue(value);
  }
  return encoded;
}

/**
 * BEGIN IMMEDIATE: every check-then-write runs under the write lock. The wait for the lock is
 * measured (tn_sqlite_write_wait_seconds), and a wait that ran out counted (tn_sqlite_busy_total).
 */
export function immediate<T>(fn: (tx: Db) => T): T {
  const d = db();
  const asked = performance.now();
  const outermost = !d.$client.inTransaction;
  try {
    return d.$client
      .transaction(() => {
        if (outermost) metrics.sqliteWriteWait.observe(secondsSince(asked));
        return fn(d);
      })
      .immediate();
  } catch (error) {
    countBusy(error);
    throw error;
  }
}

/**
 * A value that changes whenever anything was written: by this connection (total_changes) or
 * committed by another one (data_version). A key for keeping a derived read until the data moves.
 */
export function dataVersion(d: Db = db()): string {
  let statement = versionStatements.get(d.$client);
  if (!statement) {
    statement = d.$client.prepare<[], string>("select data_version || ':' || total_changes() from pragma_data_version").pluck();
    versionStatements.set(d.$client, statement);
  }
  return statement.get()!;
}
const versionStatements = new WeakMap<object, Statement<[], string>>();

const keptReads = new WeakMap<object, Map<string, { key: string; value: unknown }>>();

/**
 * `read()`, kept for the next call with the same `name` and `key` until anything is written (see
 * dataVersion): for reads that only their arguments and the stored data decide, shown far more
 * often than the data behind them moves. One value per name and connection (the latest key). The
 * value is shared between callers: read it, never change it. Inside a transaction it is read and
 * not kept: a rollback leaves the version as it was, with what it undid still counted in.
 */
export function keptUntilWrite<T>(name: string, key: string, read: () => T): T {
  const connection = db();
  if (connection.$client.inTransaction) return read();
  const version = `${key}|${dataVersion(connection)}`;
  let byName = keptReads.get(connection);
  if (!byName) keptReads.set(connection, (byName = new Map()));
  const entry = byName.get(name);
  if (entry?.key === version) return entry.value as T;
  const value = read();
  byName.set(name, { key: version, value });
  return value;
}
