import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { DomainError } from "./errors";
import { metrics } from "./metrics.server";
import { STORAGE_FAILURE_MESSAGE, sqliteCode, storageFailure } from "./storage-errors.server";

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("storageFailure", () => {
  test("a full database (SQLITE_FULL) is a 503 with a Thai message and Retry-After", () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table t (x blob)");
    sqlite.pragma("max_page_count = 3");
    const error = caught(() => {
      for (let i = 0; i < 100; i++) sqlite.prepare("insert into t values (zeroblob(4000))").run();
    });
    expect(sqliteCode(error)).toBe("SQLITE_FULL");
    const failure = storageFailure(error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure?.status).toBe(503);
    expect(failure?.message).toBe(STORAGE_FAILURE_MESSAGE);
    expect(failure?.message).toMatch(/^บันทึกข้อมูลไม่ได้ในขณะนี้/);
    expect(failure?.extra.headers?.["Retry-After"]).toMatch(/^\d+$/);
    sqlite.close();
  });

  test("a read-only database (SQLITE_READONLY), also when wrapped as a cause", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-storage-"));
    const file = path.join(dir, "ro.sqlite");
    new Database(file).exec("create table t (x)").close();
    const readonly = new Database(file, { readonly: true });
    const error = caught(() => readonly.exec("insert into t values (1)"));
    expect(sqliteCode(error)).toMatch(/^SQLITE_READONLY/);
    expect(storageFailure(error)?.status).toBe(503);
    expect(storageFailure(new Error("query failed", { cause: error }))?.status).toBe(503);
    readonly.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a write lock still held after busy_timeout is a storage failure, counted once in tn_sqlite_busy_total", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-storage-"));
    const file = path.join(dir, "busy.sqlite");
    const holder = new Database(file);
    holder.exec("create table t (x)");
    holder.prepare("BEGIN IMMEDIATE").run();
    const writer = new Database(file);
    writer.pragma("busy_timeout = 10");
    const busy = async () => (await metrics.sqliteBusy.get()).values[0]?.value ?? 0;
    const before = await busy();
    const error = caught(() => writer.exec("insert into t values (1)"));
    expect(sqliteCode(error)).toBe("SQLITE_BUSY");
    expect(storageFailure(error)?.status).toBe(503);
    expect(storageFailure(error)?.status).toBe(503);
    expect(await busy()).toBe(before + 1);
    writer.close();
    holder.prepare("ROLLBACK").run();
    holder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("other errors are not storage failures", () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table t (x unique)");
    sqlite.exec("insert into t values (1)");
    const conflict = caught(() => sqlite.exec("insert into t values (1)"));
    expect(sqliteCode(conflict)).toMatch(/^SQLITE_CONSTRAINT/);
    expect(storageFailure(conflict)).toBeNull();
    expect(storageFailure(new Error("SQLITE_FULL in the message only"))).toBeNull();
    expect(storageFailure("SQLITE_FULL")).toBeNull();
    expect(storageFailure(null)).toBeNull();
    sqlite.close();
  });
});
