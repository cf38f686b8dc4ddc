import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATIONS_DIR } from "./db.server";
import { replicaTimestamp, restoreFromReplica } from "./replica-restore.server";
import { RestoreError } from "./restore.server";
import { markServerRunning } from "./server-presence.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-replica-restore-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("--timestamp: ISO with a time zone, given to Litestream in UTC", () => {
  expect(replicaTimestamp("2026-11-28T09:30:00+07:00")).toBe("2026-11-28T02:30:00.000Z");
  expect(replicaTimestamp("2026-11-28T02:30:15.250Z")).toBe("2026-11-28T02:30:15.250Z");
  for (const bad of ["2026-11-28", "2026-11-28T09:30", "yesterday", "2026-13-40T99:00:00Z"]) {
    expect(() => replicaTimestamp(bad)).toThrow(RestoreError);
  }
});

test("without REPLICA_URL nothing is fetched and the folder is untouched", () => {
  const dataDir = path.join(dir, "data");
  expect(() => restoreFromReplica({ dataDir, migrationsDir: MIGRATIONS_DIR, env: { NODE_ENV: "test" } })).toThrow("ยังไม่ได้ตั้ง REPLICA_URL");
  expect(fs.existsSync(dataDir)).toBe(false);
});

test("an empty replica: a Thai refusal, and no file left behind", () => {
  const dataDir = path.join(dir, "data");
  const env = { NODE_ENV: "test" as const, REPLICA_URL: `file://${path.join(dir, "empty-replica")}` };
  expect(() => restoreFromReplica({ dataDir, migrationsDir: MIGRATIONS_DIR, env })).toThrow(/ไม่พบข้อมูลสำรองที่ file:\/\//);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

test("a running server is refused before anything is fetched", () => {
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir);
  // A live process that is not this one or its parents stands for the server.
  const other = spawn("sleep", ["30"]);
  const unmark = markServerRunning(dataDir, other.pid!);
  try {
    expect(() => restoreFromReplica({ dataDir, migrationsDir: MIGRATIONS_DIR, env: { NODE_ENV: "test", REPLICA_URL: "file:///nowhere/replica" } })).toThrow("เซิร์ฟเวอร์ยังทำงานอยู่");
    expect(fs.readdirSync(dataDir)).toEqual(["run"]);
  } finally {
    unmark();
    other.kill();
  }
});
