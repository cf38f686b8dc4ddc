import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { admins } from "../../db/schema";
import { backupDatabase, giveWayToServer } from "./backup.server";
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

  test("the copy is mode 0600 whatever the umask, from the moment it exists", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-test-"));
    const previous = process.umask(0o022); // SQLite would create it 0644 under this umask
    try {
      for (const snapshot of [false, true]) {
        const target = path.join(dir, `copy-${snapshot}.sqlite`);
        const modes: number[] = [];
        const flushes = vi.spyOn(fs, "fdatasyncSync").mockImplementation(() => {
          modes.push(fs.statSync(target).mode & 0o777); // mid-copy, between two steps
        });
        try {
          await backupDatabase(db().$client, target, { snapshot });
        } finally {
          flushes.mockRestore();
        }
        expect(fs.statSync(target).mode & 0o777).toBe(0o600);
        if (snapshot) expect(modes.length).toBeGreaterThan(0);
        expect(modes.every((mode) => mode === 0o600)).toBe(true);
      }
    } finally {
      process.umask(previous);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a copy that fails leaves no file behind", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-test-"));
    const target = path.join(dir, "broken.sqlite");
    const flushes = vi.spyOn(fs, "fdatasyncSync").mockImplementation(() => {
      throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }); // the disk fails mid-copy
    });
    try {
      await expect(backupDatabase(db().$client, target, { snapshot: true })).rejects.toThrow(/EIO/);
    } finally {
      flushes.mockRestore();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
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

  test("snapshot: another connection writing all the time neither restarts the copy nor gets into it, and each step is flushed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-test-"));
    const file = path.join(dir, "live.sqlite");
    const setup = new Database(file);
    setup.pragma("journal_mode = WAL");
    setup.exec("create table filler (id integer primary key, data blob); create table ticks (id integer primary key)");
    const fill = setup.prepare("insert into filler (data) values (randomblob(4000))");
    setup.transaction(() => {
      for (let i = 0; i < 3000; i++) fill.run(); // ~3,000 pages: three steps of 1,000
    })();
    setup.close();

    const writer = new Database(file);
    const tick = writer.prepare("insert into ticks default values");
    const source = new Database(file);
    const LIMIT = 3000;
    let writes = 0;
    let finished = false;
    // One write from the other connection between any two steps of the copy, up to LIMIT.
    const writing = new Promise<void>((resolve) => {
      const loop = () => {
        if (finished || writes >= LIMIT) return resolve();
        tick.run();
        writes++;
        setImmediate(loop);
      };
      setImmediate(loop);
    });
    const target = path.join(dir, "copy.sqlite");
    const flushes = vi.spyOn(fs, "fdatasyncSync");
    await backupDatabase(source, target, { snapshot: true });
    const writesWhenDone = writes;
    const flushed = flushes.mock.calls.length;
    flushes.mockRestore();
    finished = true;
    await writing;

    // A copy restarted by every write would finish only once the writer stops.
    expect(writesWhenDone).toBeGreaterThan(0);
    expect(writesWhenDone).toBeLessThan(LIMIT);
    expect(flushed).toBeGreaterThanOrEqual(2);
    const copy = new Database(target, { readonly: true });
    expect(copy.prepare("select count(*) as n from filler").get()).toEqual({ n: 3000 });
    // The snapshot is the one before the copy began: no write made during it is in the copy.
    expect(copy.prepare("select count(*) as n from ticks").get()).toEqual({ n: 0 });
    copy.close();
    source.close();
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

test("a backup process gives way to the server: nice 19 and the idle I/O class", () => {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  try {
    const pid = child.pid as number;
    expect(giveWayToServer(pid)).toEqual({ nice: true, idleIo: true });
    expect(os.getPriority(pid)).toBe(19);
    expect(execFileSync("ionice", ["-p", String(pid)], { encoding: "utf8" }).trim()).toBe("idle");
  } finally {
    child.kill();
  }
});
