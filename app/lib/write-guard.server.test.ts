import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { storageFailure } from "./storage-errors.server";
import { guardWrites, unwritableReason } from "./write-guard.server";

// The WAL index (-shm) as SQLite lays it out: two copies of the header (48 bytes each), then the
// checkpoint info, whose nBackfill is at 96 and the readers' marks at 100 + 4 × slot.
const MX_FRAME = 16;
const N_BACKFILL = 96;
const READ_MARK = 100;
const SLOTS = 5;

let dir: string;
let file: string;
let sqlite: Database.Database;
let unwritable: string | null;
let logged: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-guard-"));
  file = path.join(dir, "tn.sqlite");
  sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.exec("create table t (x)");
  unwritable = null;
  logged = [];
});
afterEach(() => {
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const guard = () => guardWrites(sqlite, file, { probe: () => unwritable, log: (line) => logged.push(line) });
const shm = () => fs.readFileSync(`${file}-shm`);
const index = () => {
  const bytes = shm();
  return {
    mxFrame: bytes.readUInt32LE(MX_FRAME),
    nBackfill: bytes.readUInt32LE(N_BACKFILL),
    marks: Array.from({ length: SLOTS }, (_, slot) => bytes.readUInt32LE(READ_MARK + 4 * slot)),
  };
};
const insert = () => sqlite.prepare("insert into t values (1)").run();
const count = () => sqlite.prepare("select count(*) from t").pluck().get();

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("guardWrites", () => {
  test("a commit is followed at once by the read that takes its mark (a read after it stores nothing into the -shm)", () => {
    guard();
    count();
    insert();
    const after = index();
    expect(after.mxFrame).toBeGreaterThan(0);
    expect(after.marks.slice(1)).toContain(after.mxFrame);
    const before = shm();
    count();
    expect(shm().equals(before)).toBe(true);
  });

  test("the same through a transaction", () => {
    guard();
    sqlite.transaction(() => insert()).immediate();
    const after = index();
    expect(after.marks.slice(1)).toContain(after.mxFrame);
  });

  test("while the folder cannot be written: reads go on, writes fail as a Thai 503, and nothing is stored into the -shm", () => {
    guard();
    insert();
    unwritable = "EROFS /data/tn.sqlite-shm";
    const before = shm();

    expect(count()).toBe(1);
    const statement = caught(insert);
    expect(statement).toBeInstanceOf(Database.SqliteError);
    expect(storageFailure(statement)?.status).toBe(503);
    expect(storageFailure(statement)?.message).toMatch(/^บันทึกข้อมูลไม่ได้ในขณะนี้/);
    expect(storageFailure(caught(() => sqlite.transaction(() => insert()).immediate()))?.status).toBe(503);
    expect(storageFailure(caught(() => sqlite.prepare("insert into t values (2) returning x").get()))?.status).toBe(503);
    expect(count()).toBe(1);
    expect(shm().equals(before)).toBe(true);
    expect(logged).toEqual(["data folder cannot be written (EROFS /data/tn.sqlite-shm): writes answer 503 until it can"]);

    unwritable = null;
    insert();
    expect(count()).toBe(2);
    expect(logged[1]).toBe(`data folder ${dir} can be written again`);
  });

  test("after a complete checkpoint the next write would reset the index's header: it is refused before that", () => {
    guard();
    insert();
    const other = new Database(file);
    other.pragma("wal_checkpoint(PASSIVE)");
    other.close();
    expect(count()).toBe(1);
    const checkpointed = index();
    expect(checkpointed.nBackfill).toBe(checkpointed.mxFrame);
    unwritable = "EPERM /data/tn.sqlite-shm";
    const before = shm();
    expect(storageFailure(caught(insert))?.status).toBe(503);
    expect(shm().equals(before)).toBe(true);
  });

  test("statements inside a transaction are checked once, at its start", () => {
    guard();
    sqlite.transaction(() => {
      insert();
      unwritable = "EROFS /data";
      insert();
    }).immediate();
    expect(count()).toBe(2);
  });
});

describe("unwritableReason", () => {
  test("a writable folder, with or without its -shm yet: null", () => {
    expect(unwritableReason(file)).toBeNull();
    count();
    expect(fs.existsSync(`${file}-shm`)).toBe(true);
    expect(unwritableReason(file)).toBeNull();
  });

  test("a folder that is gone, or one where nothing can be written, is named with the error", () => {
    expect(unwritableReason(path.join(dir, "gone", "tn.sqlite"))).toBe(`ENOENT ${path.join(dir, "gone")}`);
    // /proc/self/ refuses a new file even to root.
    expect(unwritableReason("/proc/self/tn.sqlite")).toMatch(/^E[A-Z]+ \/proc\/self$/);
  });
});
