// LINE unreachable, answering 500 or throttling (429) never costs a check-in, a leave petition or a
// visit report; the notices LINE did not take stay in the push log and are sent again, once each
// with their own retry key, when it is back (at the next start here; every 10 minutes while
// running). The answer not waiting for LINE is tests/api/leave-notices.test.ts.
import path from "node:path";
import Database from "better-sqlite3";
import { lineGroups } from "../../db/schema";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { makeJpeg } from "../fixtures/images";
import { assignMachine, insertMachine, SITE, withServerDb } from "../fixtures/machines";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "line-fault-admin", password: "line-fault-admin-password-1" };
const CHANNEL = "1234567890";
const USER = `U${"f".repeat(32)}`;
const GROUP = `C${"8".repeat(32)}`;
let fake: FakeLine;
let server: RunningServer;
let env: Record<string, string>;
let alice: { id: number; cookie: string };
let machineId: number;

type PushRow = { id: number; kind: string; status: string; attempts: number; retry_key: string; last_error: string | null };
function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}
const pushRows = () => sqlite((db) => db.prepare("select id, kind, status, attempts, retry_key, last_error from line_pushes order by id").all() as PushRow[]);
const one = (sql: string, id: number) => sqlite((db) => db.prepare(sql).get(id));
const acceptedPushes = () => fake.find("/v2/bot/message/push", "POST");

function post(path: string, body: BodyInit, json = false) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: alice.cookie, ...(json ? { "content-type": "application/json" } : {}) },
    body,
  });
}

const petition = (day: string) =>
  post("/api/emp/leave/petition", JSON.stringify({ type: 1, start_date: day, end_date: day, half: "full", reason: "ธุระ" }), true);

async function visit() {
  const form = new FormData();
  for (const [k, v] of Object.entries({ machine_id: machineId, status: "broken", note: "ตู้เสีย", lat: SITE.lat, lng: SITE.lng, accuracy: 10 })) {
    form.set(k, String(v));
  }
  form.set("photo", new File([new Uint8Array(await makeJpeg())], "machine.jpg", { type: "image/jpeg" }));
  return post("/api/emp/machine", form);
}

/** The newest push row once LINE has had its say on it (every attempt made). */
async function settled(kind: string) {
  let row: PushRow | undefined;
  await vi.waitFor(
    () => {
      row = pushRows().filter((r) => r.kind === kind).at(-1);
      expect(row?.status).toBe("failed");
    },
    { timeout: 20_000, interval: 100 },
  );
  return row!;
}

beforeAll(async () => {
  fake = await startFakeLine();
  fake.tokens.set(`demo:${USER}`, { sub: USER, aud: CHANNEL, name: USER });
  env = lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  server = await startServer(env);
  const admin = await adminCookie(server, ADMIN);
  alice = await linkedEmployee(server, admin, { code: "LF-1", demoUser: USER });
  machineId = withServerDb(server.dataDir, (d) => {
    d.insert(lineGroups).values({ groupId: GROUP, name: "หัวหน้างาน", notifyLeave: true, notifyMachine: true }).run();
    const m = insertMachine(d);
    assignMachine(d, m.id, alice.id);
    return m.id;
  });
  const settings = await fetch(`${server.baseUrl}/api/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", Cookie: admin },
    body: JSON.stringify({ offices: [{ name: "สำนักงาน", ...SITE, radius_m: 100 }], require_selfie: false }),
  });
  expect(settings.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

test("LINE unreachable, 500 or 429: the petition, visit report and check-in are stored; each notice is a failed row after its attempts", async () => {
  fake.pushPlan = [0, 0, 0];
  const unreachable = await petition("2031-01-07");
  expect(unreachable.status).toBe(201);
  const first = (await unreachable.json()).petition;
  const dropped = await settled("leave_request");
  expect(dropped).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/HTTP -/) });

  fake.pushPlan = [500, 500, 500];
  const report = await visit();
  expect(report.status).toBe(201);
  const { visit: stored } = await report.json();
  expect(await settled("machine_visit")).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/HTTP 500/) });

  fake.pushPlan = [429, 429, 429];
  const throttled = await petition("2031-01-14");
  expect(throttled.status).toBe(201);
  const second = (await throttled.json()).petition;
  expect(await settled("leave_request")).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/HTTP 429/) });

  // A check-in does not wait on LINE at all: the fake is left untouched.
  fake.pushPlan = [0];
  const form = new FormData();
  for (const [k, v] of Object.entries({ type: "in", lat: SITE.lat, lng: SITE.lng, accuracy: 10, position_at: Date.now(), client_time: new Date().toISOString() })) form.set(k, String(v));
  const checkin = await post("/api/emp/checkin-out", form);
  expect(checkin.status).toBe(201);
  expect(fake.pushPlan).toEqual([0]);
  fake.pushPlan = [];

  expect(acceptedPushes()).toHaveLength(9);
  expect(one("select status from leave_petitions where id = ?", first.id)).toEqual({ status: 1 });
  expect(one("select status from leave_petitions where id = ?", second.id)).toEqual({ status: 1 });
  expect(one("select photo_upload_id is not null as photo from machine_visits where id = ?", stored.id)).toEqual({ photo: 1 });
  expect(pushRows().map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
}, 90_000);

test("LINE back: after a crash the restarted server sends each notice once with its own key; nothing is sent twice", async () => {
  const failed = pushRows();
  expect(failed).toHaveLength(3);
  // The re-send backs off (ADR 041): a notice tried 3 times is due once it is 20 minutes old.
  sqlite((db) => db.prepare("update line_pushes set created_at = created_at - 21 * 60 * 1000").run());
  await server.kill("SIGKILL");
  fake.reset();

  server = await startServer(env, { dataDir: server.dataDir });
  await vi.waitFor(() => expect(pushRows().map((r) => r.status)).toEqual(["sent", "sent", "sent"]), { timeout: 20_000, interval: 100 });
  const keys = acceptedPushes().map((r) => r.headers["x-line-retry-key"]);
  expect(keys.sort()).toEqual(failed.map((r) => r.retry_key).sort());
  expect(pushRows().map((r) => r.attempts)).toEqual([4, 4, 4]);
  expect(server.logs()).toContain("LINE notices sent again: 3 of 3");

  await server.stop({ keepData: true });
  fake.reset();
  server = await startServer(env, { dataDir: server.dataDir });
  const probe = await fetch(`${server.baseUrl}/healthz`);
  expect(probe.status).toBe(200);
  expect(pushRows().map((r) => [r.status, r.attempts])).toEqual([
    ["sent", 4],
    ["sent", 4],
    ["sent", 4],
  ]);
  expect(acceptedPushes()).toEqual([]);
}, 120_000);
