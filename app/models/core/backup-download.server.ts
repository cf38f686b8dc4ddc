// The admin's "download a backup now" (GET /admin/backup): an online copy in the temp folder that
// exists only as long as its download, and only when the folder has room for it (ADR 042).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupDatabase } from "~/lib/backup.server";
import { db } from "~/lib/db.server";
import { formatBytesThai } from "~/lib/thai-bytes";
import { recordAudit, type Actor } from "~/models/audit/audit.server";

/** Room the temp folder must keep beyond the copy, for everything else that writes there. */
export const SPACE_MARGIN_BYTES = 64 * 1024 * 1024;

/** Bytes a folder's file system still gives to this user. */
export type FreeBytes = (dir: string) => Promise<number>;

const statfsFreeBytes: FreeBytes = async (dir) => {
  const stats = await fs.promises.statfs(dir);
  return stats.bavail * stats.bsize;
};

/** The temp folder has no room for a copy: nothing was written. */
export class BackupSpaceError extends Error {
  readonly status = 507;
  constructor(need: number, free: number) {
    super(
      `พื้นที่ว่างในโฟลเดอร์ชั่วคราวของเซิร์ฟเวอร์ไม่พอสำหรับสร้างไฟล์สำรอง (ต้องการ ${formatBytesThai(need)} เหลือ ${formatBytesThai(free)}) ` +
        "กรุณาเพิ่มพื้นที่ดิสก์ หรือใช้คำสั่ง npm run backup บนเซิร์ฟเวอร์",
    );
    this.name = "BackupSpaceError";
  }
}

// Copies being written now take space that statfs does not show yet.
let bytesBeingCopied = 0;

/**
 * Makes the copy and opens it for the download. The file's name is gone before this returns: the
 * open stream keeps its bytes until it is closed or destroyed, so no path through the request, nor
 * a crash of the server, leaves a copy in the temp folder. A failure anywhere (the copy, the audit
 * line) removes it, and so does `signal` aborting (the client went away) while the copy was made.
 */
export async function openBackupDownload(input: {
  actor: Actor;
  signal?: AbortSignal;
  tmpDir?: string;
  freeBytes?: FreeBytes;
}): Promise<{ body: fs.ReadStream; bytes: number }> {
  const { actor, signal, tmpDir = os.tmpdir(), freeBytes = statfsFreeBytes } = input;
  const sqlite = db().$client;
  const size = Number(sqlite.pragma("page_count", { simple: true })) * Number(sqlite.pragma("page_size", { simple: true }));
  const need = size + SPACE_MARGIN_BYTES + bytesBeingCopied;
  const free = await freeBytes(tmpDir);
  if (free < need) throw new BackupSpaceError(need, free);

  bytesBeingCopied += size;
  let copying = true;
  let dir: string | null = null;
  try {
    dir = fs.mkdtempSync(path.join(tmpDir, "tn-backup-"));
    const file = path.join(dir, "tn.sqlite");
    const { bytes } = await backupDatabase(sqlite, file);
    copying = false;
    bytesBeingCopied -= size;
    signal?.throwIfAborted();
    recordAudit({ actor, action: "backup", entity: "database" });
    return { body: fs.createReadStream(file, { fd: fs.openSync(file, "r") }), bytes };
  } finally {
    if (copying) bytesBeingCopied -= size;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
