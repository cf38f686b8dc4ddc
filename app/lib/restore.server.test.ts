import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { admins } from "../../db/schema";
import { backupDatabase } from "./backup.server";
import { DB_FILENAME, db, MIGRATIONS_DIR, openDatabase } from "./db.server";
import { REPLACED_DIR, restoreDatabase, RestoreError } from "./restore.server";
import { markServerRunning, runningServers } from "./server-presence.server";

let dir: string;
let dataDir: string;
let backupFile: string;

const usernames = (file: string) => {
  const copy = new Database(file, { readonly: true });
  try {
    return copy.prepare("select username from admins order by username").pluck().all();
  } finally {
    copy.close();
  }
};

/** A live database in `dataDir` (WAL, not checkpointed) holding one admin. */
function currentDatabase(username: string) {
  const current = openDatabase(path.join(dataDir, DB_FILENAME));
  current.$client.pragma("wal_autocheckpoint = 0");
  current.insert(admins).values({ username, passwordHash: "x" }).run();
  return current;
}

/** Every file under `dir` (relative path → sha256 of its bytes). */
function folderBytes(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return files;
}

/**
 * Another process with the database open the way the server opens it at start (openAtStart: WAL,
 * migrations, its connection kept), and with a write in its WAL; resolves once it is open.
 */
async function databaseHolder() {
  const code = [
    'const { openAtStart } = await import("./app/lib/db.server.ts");',
    'openAtStart().$client.prepare("insert into settings (key, value) values (\'holder\', \'1\')").run();',
    'console.log("open");',
    "setInterval(() => {}, 60_000);",
  ].join("\n");
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output += String(d);
      if (output.includes("open")) resolve();
    });
    child.stderr.on("data", (d) => (output += String(d)));
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${output}`)));
  });
  return child;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-restore-test-"));
  dataDir = path.join(dir, "data");
  db().insert(admins).values({ username: "from-the-backup", passwordHash: "h" }).onConflictDoNothing().run();
  backupFile = path.join(dir, "backup.sqlite");
  await backupDatabase(db().$client, backupFile);
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const restore = (file = backupFile) => restoreDatabase({ dataDir, file, migrationsDir: MIGRATIONS_DIR, now: new Date("2026-11-23T21:00:00Z") });

describe("restore", () => {
  test("puts the backup in place and keeps the replaced database, its unflushed WAL included", () => {
    const current = currentDatabase("only-in-the-wal");
    expect(fs.statSync(path.join(dataDir, `${DB_FILENAME}-wal`)).size).toBeGreaterThan(0);
    current.$client.close();

    const result = restore();
    const target = path.join(dataDir, DB_FILENAME);
    expect(result.file).toBe(target);
    expect(result.keptAs).toBe(path.join(dataDir, REPLACED_DIR, "tn-20261123-210000.sqlite"));
    expect(usernames(target)).toContain("from-the-backup");
    expect(usernames(target)).not.toContain("only-in-the-wal");
    expect(usernames(result.keptAs!)).toContain("only-in-the-wal");
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    expect(fs.existsSync(`${target}.restoring`)).toBe(false);
    // Both copies of everything are the owner's only.
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(fs.statSync(result.keptAs!).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(result.keptAs!)).mode & 0o777).toBe(0o700);
    // The server opens it as usual (WAL, migrations up to date).
    const reopened = openDatabase(target);
    expect(reopened.select().from(admins).all().map((a) => a.username)).toContain("from-the-backup");
    reopened.$client.close();
  });

  test("into an empty data directory", () => {
    expect(restore().keptAs).toBeNull();
    expect(usernames(path.join(dataDir, DB_FILENAME))).toContain("from-the-backup");
  });

  test("refuses while a server uses the directory, and goes ahead once only a crashed one's mark is left", async () => {
    currentDatabase("still-here").$client.close();
    const server = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    markServerRunning(dataDir, server.pid!);
    try {
      expect(runningServers(dataDir)).toEqual([server.pid]);
      expect(restore).toThrow(/เซิร์ฟเวอร์ยังทำงานอยู่/);
      expect(usernames(path.join(dataDir, DB_FILENAME))).toEqual(["still-here"]);
      expect(fs.existsSync(path.join(dataDir, REPLACED_DIR))).toBe(false);
    } finally {
      server.kill("SIGKILL");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    expect(runningServers(dataDir)).toEqual([]);
    // A mark whose process cannot be seen may be a server in another PID namespace: only a restore
    // that has the database's lock removes it.
    expect(fs.readdirSync(path.join(dataDir, "run"))).toEqual([`${server.pid}.pid`]);
    expect(usernames(restore().file)).toContain("from-the-backup");
    expect(fs.readdirSync(path.join(dataDir, "run"))).toEqual([]);
  });

  test("a mark a crashed server left that names this restore's own process (pid 1 in a one-off container) does not stop it", () => {
    currentDatabase("replaced").$client.close();
    markServerRunning(dataDir, process.pid);
    markServerRunning(dataDir, process.ppid);
    expect(usernames(restore().file)).toContain("from-the-backup");
    expect(fs.readdirSync(path.join(dataDir, "run"))).toEqual([]);
  });

  test.each([
    ["no PID file", null],
    ["a PID file naming a process it cannot see", 9_999_999],
  ])(
    "refuses in Thai while a server in another process has the database open with %s, and leaves the folder byte-identical",
    async (_name, pid) => {
      currentDatabase("still-here").$client.close();
      const server = await databaseHolder();
      try {
        fs.rmSync(path.join(dataDir, "run"), { recursive: true, force: true });
        if (pid !== null) markServerRunning(dataDir, pid);
        const before = folderBytes(dataDir);
        expect(before).toHaveProperty(`${DB_FILENAME}-wal`);

        let refusal: unknown;
        try {
          restore();
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(RestoreError);
        expect((refusal as Error).message).toMatch(/^เซิร์ฟเวอร์ยังทำงานอยู่: มีโปรแกรมอื่นเปิดฐานข้อมูล/);
        expect(folderBytes(dataDir)).toEqual(before);
      } finally {
        server.kill("SIGKILL");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      // The holder is gone (killed, its WAL left behind): now the restore goes ahead.
      expect(usernames(restore().file)).toContain("from-the-backup");
      expect(fs.existsSync(path.join(dataDir, "run", `${pid}.pid`))).toBe(false);
    },
    60_000,
  );

  test.each([
    ["a text file", (file: string) => fs.writeFileSync(file, "not a database at all, just text\n".repeat(200)), /ไม่ใช่ฐานข้อมูล SQLite|เปิดไฟล์นี้/],
    [
      "another application's database",
      (file: string) => {
        const other = new Database(file);
        other.exec("create table notes (id integer primary key, body text)");
        other.close();
      },
      /ไม่ใช่ฐานข้อมูลของ TN Management/,
    ],
    [
      "a backup from a newer version",
      (file: string) => {
        fs.copyFileSync(backupFile, file);
        const newer = new Database(file);
        newer.prepare("insert into __drizzle_migrations (hash, created_at) values ('future', ?)").run(Date.now() + 365 * 86_400_000);
        newer.close();
      },
      /รุ่นที่ใหม่กว่า/,
    ],
    ["a missing file", () => undefined, /ไม่พบไฟล์/],
  ])("refuses %s and changes nothing", (_name, make, message) => {
    currentDatabase("still-here").$client.close();
    const file = path.join(dir, "candidate.sqlite");
    make(file);
    expect(() => restore(file)).toThrow(RestoreError);
    expect(() => restore(file)).toThrow(message);
    expect(usernames(path.join(dataDir, DB_FILENAME))).toEqual(["still-here"]);
    expect(fs.existsSync(path.join(dataDir, REPLACED_DIR))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, `${DB_FILENAME}.restoring`))).toBe(false);
  });

  test("npm run restore: Thai usage without a file; restores and says where the old database went", () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 60_000,
      });
    const usage = run([]);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain("npm run restore -- <ไฟล์สำรองข้อมูล.sqlite>");

    currentDatabase("replaced-by-the-script").$client.close();
    const done = run([backupFile]);
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("กู้คืนข้อมูลแล้ว");
    expect(done.stdout).toContain(path.join(dataDir, REPLACED_DIR));
    expect(usernames(path.join(dataDir, DB_FILENAME))).toContain("from-the-backup");
  }, 90_000);
});
