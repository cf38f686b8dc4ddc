import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { env } from "./env.server";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DB_FILENAME = "tn.sqlite";
const MIGRATIONS_DIR = path.resolve(process.cwd(), "db", "migrations");

function applyPragmas(sqlite: Database.Database) {
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const mode = sqlite.pragma("journal_mode", { simple: true });
  const timeout = sqlite.pragma("busy_timeout", { simple: true });
  if (mode !== "wal") throw new Error(`SQLite journal_mode is ${String(mode)}, expected wal`);
  if (timeout !== 5000) throw new Error(`SQLite busy_timeout is ${String(timeout)}, expected 5000`);
}

/**
 * drizzle-kit table rebuilds begin with PRAGMA foreign_keys=OFF, which SQLite ignores inside the
 * migrator's transaction; a rebuild could then cascade-delete child rows. So foreign keys are off
 * on the connection around migrate() and checked afterwards.
 */
function runMigrations(sqlite: Database.Database) {
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma("foreign_keys = ON");
  if (sqlite.pragma("foreign_keys", { simple: true }) !== 1) {
    throw new Error("SQLite foreign_keys could not be turned on");
  }
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) {
    throw new Error(`Foreign key check failed after migration: ${JSON.stringify(broken.slice(0, 5))}`);
  }
}

export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  applyPragmas(sqlite);
  runMigrations(sqlite);
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

/** Checkpoints the WAL into the main file and closes, so a stopped server's tn.sqlite is complete. */
export function closeDb() {
  const current = holder.__tnDb;
  if (!current) return;
  holder.__tnDb = undefined;
  current.$client.pragma("wal_checkpoint(TRUNCATE)");
  current.$client.close();
}

/** BEGIN IMMEDIATE: every check-then-write runs under the write lock. */
export function immediate<T>(fn: (tx: Db) => T): T {
  const d = db();
  return d.$client.transaction(() => fn(d)).immediate();
}
