// The nightly backups: one online copy of the database a day in DATA_DIR/backups, the newest
// `backup_keep` kept. The scheduler runs it (flows/scheduled-jobs.server.ts); the settings hub lists
// the files and admins download them by name.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { backupDatabase } from "~/lib/backup.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatBytesThai } from "~/lib/thai-bytes";
import { DomainError } from "~/lib/errors";
import type { Actor } from "~/models/audit/audit.server";
import { getSetting, updateSettings } from "./settings.server";

/** A nightly file's name: tn-YYYY-MM-DD.sqlite and nothing else (no folders, no other files). */
export const NIGHTLY_NAME = /^tn-\d{4}-\d{2}-\d{2}\.sqlite$/;

export const nightlyFileName = (date: string) => `tn-${date}.sqlite`;

export function backupsDir() {
  return path.join(path.resolve(env().DATA_DIR), "backups");
}

export type BackupFileDto = { name: string; bytes: number; modified_at: string };

/** The nightly backups on disk, newest first (the date is in the name). */
export function listBackups(): BackupFileDto[] {
  if (!fs.existsSync(backupsDir())) return [];
  return fs
    .readdirSync(backupsDir())
    .filter((name) => NIGHTLY_NAME.test(name))
    .sort()
    .reverse()
    .flatMap((name) => {
      const stat = fs.statSync(path.join(backupsDir(), name), { throwIfNoEntry: false });
      return stat?.isFile() ? [{ name, bytes: stat.size, modified_at: stat.mtime.toISOString() }] : [];
    });
}

/** The path of a listed nightly backup, or null for any other name (a path, `..`, an unknown date). */
export function nightlyBackupPath(name: string): string | null {
  if (!NIGHTLY_NAME.test(name)) return null;
  const file = path.join(backupsDir(), name);
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
}

/** Deletes all but the newest `keep` nightly backups; the names deleted. */
export function pruneBackups(keep: number): string[] {
  const old = listBackups().slice(keep);
  for (const file of old) fs.rmSync(path.join(backupsDir(), file.name), { force: true });
  return old.map((f) => f.name);
}

/**
 * The day's backup: written beside its final name and renamed when the copy has passed
 * integrity_check, so a listed file is always a whole one. Then the oldest beyond `keep` go.
 */
export async function runNightlyBackup(date: string, keep: number = getSetting("backup_keep")): Promise<string> {
  const dir = backupsDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = nightlyFileName(date);
  const partial = path.join(dir, `${name}.part`);
  fs.rmSync(partial, { force: true });
  try {
    const { bytes } = await backupDatabase(db().$client, partial);
    fs.renameSync(partial, path.join(dir, name));
    const removed = pruneBackups(keep);
    return `สำรองข้อมูลเป็น ${name} (${formatBytesThai(bytes)})` + (removed.length ? ` ลบไฟล์เก่า ${removed.length} ไฟล์` : "");
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** The hub's form: how many nightly backups to keep (0 switches them off). */
export const BackupKeepSchema = z.object({ keep: z.string({ error: "กรุณากรอกจำนวนไฟล์สำรอง" }).trim() });

/** Stores `backup_keep` through the settings registry; a bad value is a 400 with its Thai message on `keep`. */
export function updateBackupKeep(input: z.infer<typeof BackupKeepSchema>, actor: Actor) {
  try {
    updateSettings({ backup_keep: input.keep === "" ? Number.NaN : Number(input.keep) }, actor);
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 400) throw error;
    const message = Object.values(error.fields ?? {})[0] ?? error.message;
    throw new DomainError(400, message, { keep: message });
  }
}
