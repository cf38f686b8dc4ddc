import fs from "node:fs";
import Database from "better-sqlite3";

/**
 * A consistent copy of a live database through SQLite's online backup API (writers keep going),
 * turned into a single self-contained file and checked with PRAGMA integrity_check.
 */
export async function backupDatabase(source: Database.Database, destination: string) {
  if (fs.existsSync(destination)) {
    throw new Error(`ไฟล์ปลายทางมีอยู่แล้ว: ${destination}`);
  }
  await source.backup(destination);
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
