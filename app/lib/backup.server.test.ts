import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { admins } from "../../db/schema";
import { backupDatabase } from "./backup.server";
import { db } from "./db.server";

describe("online backup", () => {
  test("copies a live WAL database into one checked, self-contained file", async () => {
    db().insert(admins).values({ username: "in-the-backup", passwordHash: "h" }).run();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-test-"));
    const target = path.join(dir, "copy.sqlite");
    const { bytes } = await backupDatabase(db().$client, target);
    expect(bytes).toBeGreaterThan(0);
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    const copy = new Database(target, { readonly: true });
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    expect(copy.prepare("select username from admins where username = ?").get("in-the-backup")).toEqual({
      username: "in-the-backup",
    });
    copy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("never overwrites an existing file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-test-"));
    const target = path.join(dir, "exists.sqlite");
    fs.writeFileSync(target, "keep me");
    await expect(backupDatabase(db().$client, target)).rejects.toThrow(/มีอยู่แล้ว/);
    expect(fs.readFileSync(target, "utf8")).toBe("keep me");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
