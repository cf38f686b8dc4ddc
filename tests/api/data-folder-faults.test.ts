// The data folder turning unwritable while the server runs, and what the server keeps in it
// private (issue 34; docs/decisions/040-data-folder-turns-read-only.md).
//
// Where the folder really turns unwritable (the disk remounted read-only, `chattr +i`), SQLite's
// next store into its memory-mapped WAL index (tn.sqlite-shm) is a SIGBUS; that needs root, and
// scripts/sigbus-probe.mjs reproduces it. Here the folder is made unwritable by its permissions,
// which a server without the power to override them cannot write past, though the files it has
// open still take writes: so the test sees SQLite's stores into the -shm themselves (each one a
// SIGBUS on a read-only disk) and asserts there are none while the folder cannot be written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "folder-admin", password: "folder-admin-password-1" };
const STORAGE_FAILURE = /^บันทึกข้อมูลไม่ได้ในขณะนี้/;

/**
 * Root writes past file permissions (CAP_DAC_OVERRIDE): as root the server runs without that
 * power, through util-linux's setpriv; as anyone else, as itself.
 */
const WITHOUT_OVERRIDE =
  process.getuid?.() === 0
    ? ["setpriv", "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search", "--"]
    : [];

let root: string;
let dataDir: string;
let file: string;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tn-folder-"));
  // A folder the server makes itself: the modes are its own choice, not mkdtemp's.
  dataDir = path.join(root, "data");
  file = path.join(dataDir, "tn.sqlite");
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir, wrapper: WITHOUT_OVERRIDE });
  cookie = await adminCookie(server, ADMIN);
}, 120_000);
afterAll(async () => {
  setWritable(true);
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const mode = (name: string) => fs.statSync(name).mode & 0o777;
const shm = () => fs.readFileSync(`${file}-shm`);

/** The folder and the database's files as a read-only disk would leave them (for this server). */
function setWritable(writable: boolean) {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(name)) fs.chmodSync(name, writable ? 0o600 : 0o400);
  }
  if (fs.existsSync(dataDir)) fs.chmodSync(dataDir, writable ? 0o700 : 0o500);
}

const call = (p: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${p}`, { ...init, headers: { Cookie: cookie, "content-type": "application/json", ...init.headers } });
const addEmployee = (code: string) =>
  call("/api/employee", { method: "POST", body: JSON.stringify({ code, title: 2, first_name: "มาลี", last_name: "มีสุข" }) });
const signIn = () => fetch(`${server.baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
const codes = async () => {
  const response = await call("/api/employee");
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { code: string }[] };
  return body.items.map((e) => e.code).sort();
};

async function expectStorageFailure(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await response.json()) as { error: string }).error).toMatch(STORAGE_FAILURE);
}

async function expectUp() {
  expect(server.exitStatus()).toBeNull();
  expect(() => process.kill(server.pid, 0)).not.toThrow();
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
}

describe("the data folder", () => {
  test("a fresh start: the folder is 0700, the database and its -wal and -shm 0600, and nothing in it is open to others", () => {
    expect(mode(dataDir)).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect([name, mode(name)]).toEqual([name, 0o600]);
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const name = path.join(dir, entry.name);
        if (mode(name) & 0o077) open.push(`${name} ${mode(name).toString(8)}`);
        if (entry.isDirectory()) walk(name);
      }
    };
    walk(dataDir);
    expect(open).toEqual([]);
  });

  test("turning unwritable after a commit: reads go on, writes are a Thai 503, nothing is stored into the WAL index, the server stays up; writable again, writes work", async () => {
    expect((await addEmployee("F-1")).status).toBe(201);
    // The last commit before the fault is a sign-in, which reads nothing after it: the first
    // read after a commit takes its read mark in the -shm (the SIGBUS of issue 34).
    expect((await signIn()).status).toBe(200);
    setWritable(false);
    const before = shm();

    expect(await codes()).toEqual(["F-1"]);
    expect((await call("/admin/employee")).status).toBe(200);
    expect(shm().equals(before)).toBe(true);
    await expectStorageFailure(await addEmployee("F-2"));
    await expectStorageFailure(await signIn());
    expect(shm().equals(before)).toBe(true);
    await expectUp();
    expect(server.logs()).toMatch(/data folder cannot be written \((EACCES|EPERM|EROFS) [^)]+\): writes answer 503 until it can/);
    expect(server.logs()).toMatch(/storage failure \(SQLITE_READONLY\) on POST \/api\/employee/);

    setWritable(true);
    expect((await addEmployee("F-2")).status).toBe(201);
    expect(await codes()).toEqual(["F-1", "F-2"]);
    expect(server.logs()).toMatch(/data folder .* can be written again/);
  }, 60_000);

  test("turning unwritable after a complete checkpoint: the next write, which would reset the index's header, is a Thai 503 before it does", async () => {
    const other = new Database(file);
    try {
      const [result] = other.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
      expect(result.checkpointed).toBe(result.log);
    } finally {
      other.close();
    }
    expect(await codes()).toEqual(["F-1", "F-2"]);
    setWritable(false);
    const before = shm();

    await expectStorageFailure(await addEmployee("F-3"));
    expect(await codes()).toEqual(["F-1", "F-2"]);
    expect(shm().equals(before)).toBe(true);
    await expectUp();

    setWritable(true);
    expect((await addEmployee("F-3")).status).toBe(201);
  }, 60_000);

  test("stopped while unwritable: a clean exit that leaves the -shm alone; the next start reads every commit from the WAL and makes a loosened folder private again", async () => {
    setWritable(false);
    const before = shm();
    await server.stop({ keepData: true });
    expect(server.exitStatus()).toEqual({ code: 0, signal: null });
    expect(shm().equals(before)).toBe(true);
    expect(server.logs()).toMatch(/the database is left open, its WAL not checkpointed/);

    setWritable(true);
    // As earlier versions left it: open to every local user.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(file, 0o644);
    server = await startServer({}, { dataDir, wrapper: WITHOUT_OVERRIDE });
    cookie = await adminCookie(server, ADMIN);
    expect(await codes()).toEqual(["F-1", "F-2", "F-3"]);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(server.logs()).toMatch(/Data folder made private \(only the server's user may open it\): .*0755 → 0700/);
  }, 120_000);
});
