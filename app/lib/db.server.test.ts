import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { admins, auditLog } from "../../db/schema";
import {
  checkDataDir,
  closeDb,
  columnPlaceholders,
  databasePath,
  DataDirError,
  dataVersion,
  db,
  encodeColumns,
  immediate,
  keptUntilWrite,
  MIGRATIONS_DIR,
  openDatabase,
  preparedQuery,
  sqliteCode,
  storageFailure,
  SYNCHRONOUS_FULL,
} from "./db.server";
import { metrics } from "./metrics.server";
import { databaseBefore } from "./migration.test-helpers";

describe("database", () => {
  test("opens with WAL, foreign keys on, an explicit busy timeout and a 16 MB page cache", () => {
    const client = db().$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(client.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(client.pragma("cache_size", { simple: true })).toBe(-16000);
  });

  test("every connection the app writes through commits with synchronous = FULL", () => {
    expect(db().$client.pragma("synchronous", { simple: true })).toBe(SYNCHRONOUS_FULL);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-db-"));
    const own = openDatabase(path.join(dir, "tn.sqlite"));
    try {
      expect(own.$client.pragma("synchronous", { simple: true })).toBe(2);
    } finally {
      own.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("lives at DATA_DIR/tn.sqlite and has every migration applied", () => {
    expect(databasePath()).toBe(path.resolve(process.env.DATA_DIR!, "tn.sqlite"));
    const tables = db()
      .all<{ name: string }>(sql`select name from sqlite_master where type = 'table' order by name`)
      .map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(["admins", "admin_sessions", "login_attempts", "uploads", "audit_log", "settings"]),
    );
  });

  test("preparedQuery compiles once per connection and takes its values as placeholders", () => {
    let builds = 0;
    const byName = preparedQuery((d) => {
      builds++;
      return d.select({ id: admins.id }).from(admins).where(sql`${admins.username} = ${sql.placeholder("name")}`).prepare();
    });
    expect(byName().get({ name: "nobody-here" })).toBeUndefined();
    expect(byName()).toBe(byName());
    expect(builds).toBe(1);
    closeDb();
    expect(byName().get({ name: "nobody-here" })).toBeUndefined();
    expect(builds).toBe(2);
  });

  test("a prepared insert and update take encoded values, nulls included, and return decoded rows", () => {
    const insert = preparedQuery((d) =>
      d.insert(auditLog).values(columnPlaceholders(["actorType", "actorId", "action", "entity", "changes", "createdAt"] as const)).returning().prepare(),
    );
    const update = preparedQuery((d) =>
      d.update(auditLog).set(columnPlaceholders(["changes", "actorId"] as const)).where(sql`${auditLog.id} = ${sql.placeholder("rowId")}`).returning().prepare(),
    );
    const at = new Date("2026-11-23T01:02:03.456Z");
    const row = insert().get(
      encodeColumns(auditLog, { actorType: "system", actorId: null, action: "test", entity: "prepared", changes: { a: [1, "ก"] }, createdAt: at }),
    );
    expect(row).toMatchObject({ actorType: "system", actorId: null, changes: { a: [1, "ก"] }, createdAt: at });
    const stored = db().$client.prepare("select changes, created_at from audit_log where id = ?").get(row.id);
    expect(stored).toEqual({ changes: '{"a":[1,"ก"]}', created_at: at.getTime() });

    const updated = update().get({ ...encodeColumns(auditLog, { changes: null, actorId: 7 }), rowId: row.id });
    expect(updated).toMatchObject({ id: row.id, changes: null, actorId: 7, createdAt: at });
    expect(db().$client.prepare("select changes from audit_log where id = ?").pluck().get(row.id)).toBeNull();
    expect(() => encodeColumns(auditLog, { nope: 1 } as never)).toThrow(/nope is not a column/);
  });

  test("is a singleton", () => {
    expect(db()).toBe(db());
  });

  test("checks the foreign keys after a migration ran, not on every start", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-fk-"));
    try {
      const file = path.join(dir, "tn.sqlite");
      const dangling = (sqlite: Database.Database) => {
        sqlite.pragma("foreign_keys = OFF");
        sqlite.prepare("insert into leave_quotas (employee_id, year, type, quota) values (424242, 2026, 1, 3)").run();
      };
      // Up to date: a start reads no referencing row (a large office's ledger would take minutes).
      openDatabase(file).$client.close();
      const current = new Database(file);
      dangling(current);
      current.close();
      openDatabase(file).$client.close();
      // One migration behind: the start migrates, and the check finds the row.
      const lastTag = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.at(-1)!.tag;
      const behind = databaseBefore(dir, path.join(dir, "behind.sqlite"), lastTag);
      dangling(behind);
      behind.close();
      expect(() => openDatabase(path.join(dir, "behind.sqlite"))).toThrow(/Foreign key check failed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("foreign keys are enforced", () => {
    expect(() =>
      db()
        .$client.prepare("insert into admin_sessions (id, admin_id, expires_at) values ('x', 999999, 0)")
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  test("dataVersion() moves with a write of this connection and a commit of another, not with a read", () => {
    const first = dataVersion();
    db().select().from(admins).all();
    expect(dataVersion()).toBe(first);
    db().insert(admins).values({ username: "version-a", passwordHash: "x" }).run();
    const afterOwn = dataVersion();
    expect(afterOwn).not.toBe(first);
    const other = new Database(databasePath());
    try {
      other.prepare("update admins set full_name = 'อีกการเชื่อมต่อ' where username = 'version-a'").run();
    } finally {
      other.close();
    }
    expect(dataVersion()).not.toBe(afterOwn);
  });

  test("keptUntilWrite() reads again after a write of this connection or another, or for another key", () => {
    let reads = 0;
    const count = (key: string) =>
      keptUntilWrite("admins counted", key, () => ({ n: db().select().from(admins).all().length, read: ++reads }));
    const first = count("a");
    expect(count("a")).toBe(first);
    expect(keptUntilWrite("another read", "a", () => "own")).toBe("own");
    expect(count("a")).toBe(first);
    expect(count("b").read).toBe(2);
    const again = count("a");
    expect(again).toEqual({ n: first.n, read: 3 });

    db().insert(admins).values({ username: "kept-a", passwordHash: "x" }).run();
    const afterOwn = count("a");
    expect(afterOwn).toEqual({ n: first.n + 1, read: 4 });
    const other = new Database(databasePath());
    try {
      other.prepare("insert into admins (username, password_hash) values ('kept-b', 'x')").run();
    } finally {
      other.close();
    }
    expect(count("a")).toEqual({ n: first.n + 2, read: 5 });
    expect(count("a").read).toBe(5);
  });

  test("keptUntilWrite() inside a transaction reads without keeping: a rolled-back write is never served", () => {
    const count = () => keptUntilWrite("admins in a transaction", "", () => db().select().from(admins).all().length);
    const before = count();
    expect(() =>
      immediate((tx) => {
        tx.insert(admins).values({ username: "kept-rolled-back", passwordHash: "x" }).run();
        expect(count()).toBe(before + 1);
        throw new Error("undo");
      }),
    ).toThrow("undo");
    expect(count()).toBe(before);
  });

  test("immediate() rolls back the whole transaction on error", () => {
    expect(() =>
      immediate((tx) => {
        tx.insert(admins).values({ username: "rollback-me", passwordHash: "h" }).run();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(db().select().from(admins).all().some((a) => a.username === "rollback-me")).toBe(false);
  });

  test("closing checkpoints the WAL so the .sqlite file alone holds the data", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-db-"));
    const file = path.join(dir, "tn.sqlite");
    const own = openDatabase(file);
    own.insert(admins).values({ username: "kept", passwordHash: "h" }).run();
    own.$client.pragma("wal_checkpoint(TRUNCATE)");
    own.$client.close();
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    // Copy only the main file, as a backup would, and read it back.
    const copy = path.join(dir, "copy.sqlite");
    fs.copyFileSync(file, copy);
    const reopened = new Database(copy, { readonly: true });
    expect(reopened.prepare("select username from admins").all()).toEqual([{ username: "kept" }]);
    reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("closeDb() leaves no WAL content behind for the shared connection", () => {
    db().insert(admins).values({ username: "before-close", passwordHash: "h" }).run();
    const file = databasePath();
    closeDb();
    const walSize = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
    expect(walSize).toBe(0);
    expect(db().select().from(admins).all().some((a) => a.username === "before-close")).toBe(true);
  });
});

describe("checkDataDir", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-datadir-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a usable folder passes, is created when missing and keeps no probe file", () => {
    const file = path.join(dir, "nested", "tn.sqlite");
    expect(() => checkDataDir(file)).not.toThrow();
    expect(fs.readdirSync(path.join(dir, "nested"))).toEqual([]);
  });

  test("a file where the folder should be: one Thai and English message naming it", () => {
    const notAFolder = path.join(dir, "data");
    fs.writeFileSync(notAFolder, "x");
    const error = (() => {
      try {
        checkDataDir(path.join(notAFolder, "tn.sqlite"));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DataDirError);
    const message = (error as DataDirError).message;
    expect(message).toContain(notAFolder);
    expect(message).toMatch(/ไม่สามารถใช้โฟลเดอร์ข้อมูล/);
    expect(message).toMatch(/Cannot use the data folder/);
  });

  test("a folder that takes no new file", () => {
    // /proc/self/ is a folder even root cannot create files in.
    expect(() => checkDataDir("/proc/self/tn.sqlite")).toThrow(DataDirError);
  });

  test("a tn.sqlite that cannot be opened for writing", () => {
    fs.mkdirSync(path.join(dir, "tn.sqlite-wal"));
    expect(() => checkDataDir(path.join(dir, "tn.sqlite"))).toThrow(/tn\.sqlite-wal/);
  });
});

describe("the data folder is private", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-private-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const mode = (name: string) => fs.statSync(name).mode & 0o777;

  test("a new folder is 0700, tn.sqlite and its -wal and -shm 0600, whatever the umask", () => {
    const folder = path.join(dir, "new", "data");
    const file = path.join(folder, "tn.sqlite");
    const logged: string[] = [];
    checkDataDir(file, (line) => logged.push(line));
    const own = openDatabase(file);
    try {
      own.insert(admins).values({ username: "private", passwordHash: "h" }).run();
      expect(mode(folder)).toBe(0o700);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect([name, mode(name)]).toEqual([name, 0o600]);
    } finally {
      own.$client.close();
    }
    expect(logged).toEqual([]);
  });

  test("an existing folder open to others is made 0700 and its database files 0600, and the log says so", () => {
    const folder = path.join(dir, "data");
    const file = path.join(folder, "tn.sqlite");
    fs.mkdirSync(path.join(folder, "run"), { recursive: true });
    for (const name of [file, `${file}-wal`, `${file}-shm`]) fs.writeFileSync(name, "");
    fs.chmodSync(folder, 0o755);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) fs.chmodSync(name, 0o644);
    const logged: string[] = [];
    checkDataDir(file, (line) => logged.push(line));
    expect(mode(folder)).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect([name, mode(name)]).toEqual([name, 0o600]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Data folder made private/);
    expect(logged[0]).toContain(`${folder} 0755 → 0700`);
    expect(logged[0]).toContain(`${file} 0644 → 0600`);
  });

  test("a folder that holds other things (DATA_DIR pointed at a shared place) is left as it is, with a warning", () => {
    fs.writeFileSync(path.join(dir, "someone-elses.txt"), "x");
    fs.chmodSync(dir, 0o755);
    const logged: string[] = [];
    checkDataDir(path.join(dir, "tn.sqlite"), (line) => logged.push(line));
    expect(mode(dir)).toBe(0o755);
    expect(logged).toEqual([expect.stringMatching(/^Data folder: .* is 0755 and holds other things \(someone-elses\.txt\): left as it is/)]);
  });
});

describe("immediate() in the metrics", () => {
  const value = async (metric: { get(): Promise<{ values: { metricName?: string; value: number }[] }> }, name: string) =>
    (await metric.get()).values.find((v) => (v.metricName ?? name) === name)?.value ?? 0;
  const waits = () => value(metrics.sqliteWriteWait, "tn_sqlite_write_wait_seconds_count");
  const busy = () => value(metrics.sqliteBusy, "tn_sqlite_busy_total");

  test("each outermost write transaction's wait for the lock is observed once; a nested one is not", async () => {
    const before = await waits();
    immediate(() => immediate(() => db().run(sql`select 1`)));
    immediate(() => undefined);
    expect(await waits()).toBe(before + 2);
  });

  test("a write lock still held when busy_timeout runs out is counted once in tn_sqlite_busy_total, and thrown", async () => {
    const other = new Database(databasePath());
    const client = db().$client;
    other.prepare("BEGIN IMMEDIATE").run();
    client.pragma("busy_timeout = 20");
    const [waitsBefore, busyBefore] = [await waits(), await busy()];
    try {
      let thrown: unknown;
      try {
        immediate(() => "never runs");
      } catch (error) {
        thrown = error;
      }
      expect(sqliteCode(thrown)).toBe("SQLITE_BUSY");
      expect(await busy()).toBe(busyBefore + 1);
      // The same error on its way to the request's answer is not counted again.
      expect(storageFailure(thrown)?.status).toBe(503);
      expect(await busy()).toBe(busyBefore + 1);
      expect(await waits()).toBe(waitsBefore);
    } finally {
      client.pragma("busy_timeout = 5000");
      other.prepare("ROLLBACK").run();
      other.close();
    }
  });
});
