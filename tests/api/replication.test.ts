// Continuous replication as an office's disk failure would test it: `npm start` with a file://
// REPLICA_URL, admin writes in flight, the server process SIGKILLed, the data folder deleted, and
// `npm run restore -- --from-replica`: every write the server acknowledged is back. Then a
// point-in-time restore to a moment before a known write does not have it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, movableClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "replica-admin", password: "replica-admin-password-1" };

let dir: string;
let server: RunningServer | null = null;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-replication-"));
});
afterAll(async () => {
  await server?.stop({ keepData: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

const replicaUrl = () => `file://${path.join(dir, "replica")}`;

/** `npm start` under Litestream on `dataDir`. */
async function startReplicating(dataDir: string) {
  const started = await startServer({ ...ADMIN_ENV, REPLICA_URL: replicaUrl() }, { dataDir, script: "scripts/start.mjs" });
  expect(started.logs()).toContain(`Replicating ${path.join(dataDir, "tn.sqlite")} to ${replicaUrl()}`);
  return started;
}
const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** The Node server's own process (Litestream runs it): the mark it keeps in DATA_DIR/run. */
function serverPid(dataDir: string) {
  const marks = fs.readdirSync(path.join(dataDir, "run")).filter((name) => /^\d+\.pid$/.test(name));
  expect(marks).toHaveLength(1);
  return Number(marks[0].replace(/\.pid$/, ""));
}

function restore(dataDir: string, extra: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", "--from-replica", ...extra], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir, REPLICA_URL: replicaUrl() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

function keywordsIn(dataDir: string) {
  const copy = new Database(path.join(dataDir, "tn.sqlite"), { readonly: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    return new Set(copy.prepare("select keyword from reply_messages").pluck().all() as string[]);
  } finally {
    copy.close();
  }
}

const message = (keyword: string) => ({ keyword, messages: [{ type: "text", text: `ตอบ ${keyword}` }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("every acknowledged write survives a SIGKILL and the loss of the data folder", async () => {
  const dataDir = path.join(dir, "office");
  server = await startReplicating(dataDir);
  const cookie = await adminCookie(server, ADMIN);
  const api = apiClient(() => server!, () => cookie);

  const acknowledged: string[] = [];
  let failed = 0;
  let stop = false;
  const writer = async (lane: number) => {
    for (let n = 0; !stop; n++) {
      const keyword = `lane${lane}-${n}`;
      try {
        const response = await api("/api/message", { method: "POST", json: message(keyword) });
        if (response.status === 201) acknowledged.push(keyword);
        else failed++;
      } catch {
        failed++; // the connection the kill cut: never acknowledged
      }
    }
  };
  const lanes = [0, 1, 2, 3, 4, 5].map(writer);
  await sleep(2500);
  const pid = serverPid(dataDir);
  process.kill(pid, "SIGKILL");
  await sleep(300);
  stop = true;
  await Promise.all(lanes);
  // Litestream sees its server gone, sends what it has not yet sent, and ends; so does npm start.
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (server!.exitStatus()) {
        clearInterval(poll);
        resolve();
      }
    }, 100);
  });
  expect(acknowledged.length).toBeGreaterThan(20);
  expect(failed).toBeGreaterThan(0); // the kill landed while writes were in flight

  fs.rmSync(dataDir, { recursive: true, force: true });
  const restored = await restore(dataDir);
  expect(restored.output).toContain("กู้คืนข้อมูลแล้ว");
  expect(restored.code).toBe(0);
  const kept = keywordsIn(dataDir);
  expect(acknowledged.filter((k) => !kept.has(k))).toEqual([]);
}, 120_000);

test("a point-in-time restore stops before a write made after that moment; the latest has it", async () => {
  const dataDir = path.join(dir, "office");
  server = await startReplicating(dataDir);
  const cookie = await adminCookie(server, ADMIN);
  const api = apiClient(() => server!, () => cookie);
  expect((await api("/api/message", { method: "POST", json: message("before-the-moment") })).status).toBe(201);
  await sleep(3000);
  const moment = new Date().toISOString();
  await sleep(3000);
  expect((await api("/api/message", { method: "POST", json: message("after-the-moment") })).status).toBe(201);
  await sleep(2500);
  await server.stop({ keepData: true });
  server = null;

  const atMoment = path.join(dir, "at-moment");
  const pointInTime = await restore(atMoment, ["--timestamp", moment]);
  expect(pointInTime.output).toContain(`ณ เวลา ${moment}`);
  expect(pointInTime.code).toBe(0);
  const then = keywordsIn(atMoment);
  expect(then.has("before-the-moment")).toBe(true);
  expect(then.has("after-the-moment")).toBe(false);

  const latest = path.join(dir, "latest");
  expect((await restore(latest)).code).toBe(0);
  expect(keywordsIn(latest).has("after-the-moment")).toBe(true);
}, 120_000);

test("the restore refuses while the server runs, before it fetches anything", async () => {
  const dataDir = path.join(dir, "office");
  server = await startReplicating(dataDir);
  const before = fs.readdirSync(dataDir).sort();
  const refused = await restore(dataDir);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("เซิร์ฟเวอร์ยังทำงานอยู่");
  expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
}, 120_000);

test("the settings hub shows the replica caught up, at a position, with no lag", async () => {
  const dataDir = path.join(dir, "office");
  server ??= await startReplicating(dataDir);
  const cookie = await adminCookie(server, ADMIN);
  const api = apiClient(() => server!, () => cookie);
  expect((await api("/api/message", { method: "POST", json: message("seen-by-the-hub") })).status).toBe(201);
  type Hub = { hub: { replication: { enabled: boolean; running: boolean; replica: string; position: string | null; lag_seconds: number; problem: string | null } } };
  let replication: Hub["hub"]["replication"] | undefined;
  // Read every 10 s: the first reading after the write has the replica caught up with it.
  for (let i = 0; i < 30; i++) {
    replication = ((await (await api("/admin/settings?_data=routes%2Fadmin.settings")).json()) as Hub).hub.replication;
    if (replication.position && replication.lag_seconds === 0) break;
    await sleep(1000);
  }
  expect(replication).toMatchObject({ enabled: true, running: true, replica: replicaUrl(), lag_seconds: 0, problem: null });
  expect(replication?.position).toMatch(/^[0-9a-f]{8}\/\d+$/);
  const page = await (await api("/admin/settings")).text();
  expect(page).toContain("สำรองข้อมูลต่อเนื่อง");
  expect(page).toContain("สำรองครบทุกรายการแล้ว");
  const scrape = await (await fetch(`${server.baseUrl}/metrics`)).text();
  expect(scrape).toMatch(/^tn_replication_enabled 1$/m);
  expect(scrape).toContain(`tn_replication_up{replica="${replicaUrl()}"} 1`);
  expect(scrape).toContain(`tn_replication_lag_seconds{replica="${replicaUrl()}"} 0`);
}, 120_000);

test("a server started without Litestream though REPLICA_URL is set: the dashboard warns once 5 minutes have passed", async () => {
  await server?.stop({ keepData: true });
  server = null;
  const clock = movableClock();
  let direct: RunningServer | null = null;
  try {
    const start = new Date();
    clock.set(start);
    direct = await startServer({ ...ADMIN_ENV, ...clock.env, REPLICA_URL: replicaUrl() });
    const cookie = await adminCookie(direct, ADMIN);
    const dashboard = async () =>
      (await (await apiClient(() => direct!, () => cookie)("/admin/dashboard?_data=routes%2Fadmin.dashboard")).json()) as {
        replication_warning: { lag_seconds: number; problem: string | null } | null;
      };
    expect((await dashboard()).replication_warning).toBeNull();
    clock.set(new Date(start.getTime() + 6 * 60_000));
    const { replication_warning } = await dashboard();
    expect(replication_warning?.lag_seconds).toBeGreaterThan(5 * 60);
    expect(replication_warning?.problem).toContain("npm start");
    const page = await (await apiClient(() => direct!, () => cookie)("/admin/dashboard")).text();
    expect(page).toContain("ข้อมูลยังไม่ได้สำรองออกนอกเครื่อง");
  } finally {
    await direct?.stop();
    clock.restore();
  }
}, 120_000);
