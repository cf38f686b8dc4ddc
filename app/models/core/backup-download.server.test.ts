import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { BackupSpaceError, openBackupDownload, SPACE_MARGIN_BYTES } from "./backup-download.server";

const actor = { type: "admin" as const, id: 1 };
let tmpDir: string;

const backupAudits = () => db().select().from(auditLog).where(eq(auditLog.action, "backup")).all().length;
const databaseBytes = () => {
  const sqlite = db().$client;
  return Number(sqlite.pragma("page_count", { simple: true })) * Number(sqlite.pragma("page_size", { simple: true }));
};
const readAll = async (body: fs.ReadStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

beforeEach(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-download-test-"));
});
afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

describe("the download's temp copy", () => {
  test("refuses in Thai (507) when the temp folder has less room than the database and a margin: nothing written", async () => {
    const need = databaseBytes() + SPACE_MARGIN_BYTES;
    const asked: string[] = [];
    const before = backupAudits();
    const refusal = openBackupDownload({
      actor,
      tmpDir,
      freeBytes: async (dir) => {
        asked.push(dir);
        return need - 1;
      },
    });
    await expect(refusal).rejects.toBeInstanceOf(BackupSpaceError);
    await expect(refusal).rejects.toMatchObject({ status: 507, message: expect.stringMatching(/พื้นที่ว่าง.*ไม่พอ/) });
    expect(asked).toEqual([tmpDir]);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
    expect(backupAudits()).toBe(before);

    const { body } = await openBackupDownload({ actor, tmpDir, freeBytes: async () => need });
    body.destroy();
  });

  test("is a 0600 file whose name is gone before the download starts; the bytes are the database", async () => {
    const { body, bytes } = await openBackupDownload({ actor, tmpDir });
    expect(fs.readdirSync(tmpDir)).toEqual([]);
    const fd = "fd" in body && typeof body.fd === "number" ? body.fd : null; // not in @types/node's ReadStream
    expect(fd).not.toBeNull();
    expect(fs.fstatSync(fd ?? -1).mode & 0o777).toBe(0o600);
    const data = await readAll(body);
    expect(data.length).toBe(bytes);
    expect(data.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
  });

  test("the audit line failing (a full disk) leaves no copy", async () => {
    const sqlite = db().$client;
    sqlite.exec("CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    try {
      await expect(openBackupDownload({ actor, tmpDir })).rejects.toThrow(/disk is full/);
    } finally {
      sqlite.exec("DROP TRIGGER audit_fails");
    }
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  test("a client gone while the copy was made: no copy, no audit line", async () => {
    const before = backupAudits();
    const gone = new AbortController();
    const download = openBackupDownload({ actor, tmpDir, signal: gone.signal });
    gone.abort();
    await expect(download).rejects.toThrow(/abort/i);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
    expect(backupAudits()).toBe(before);
  });
});
