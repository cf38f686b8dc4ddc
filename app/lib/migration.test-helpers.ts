import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { expect } from "vitest";
import { MIGRATIONS_DIR } from "~/lib/db.server";

/**
 * A database at `file` migrated up to the migration before `tag`, as an office's server has it
 * before the upgrade. The migrations are copied into `dir` with a shortened journal.
 */
export function databaseBefore(dir: string, file: string, tag: string) {
  const folder = path.join(dir, `migrations-${tag}`);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  sqlite.pragma("foreign_keys = ON");
  return sqlite;
}
