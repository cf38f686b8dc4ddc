import path from "node:path";
import Database from "better-sqlite3";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "push-admin", password: "push-admin-password" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_LINKED = "พนักงานคนนี้ยังไม่ได้เชื่อมบัญชี LINE";

type Target = { server: RunningServer; cookie: string; serial: number };
let fake: FakeLine;
let main: Target;

async function boot(env: Record<string, string>): Promise<Target> {
  const server = await startServer(env);
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return { server, cookie: cookieFrom(response, "tn_admin")!, serial: 0 };
}

beforeAll(async () => {
  fake = await startFakeLine();
  main = await boot(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
});
afterAll(async () => {
  await main?.server.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

function api(t: Target, url: string, init: RequestInit & { json?: unknown; anonymous?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (!init.anonymous) headers.set("Cookie", t.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(`${t.server.baseUrl}${url}`, { ...init, headers, body });
}

/** The server's own SQLite file; WAL lets the test write while the server runs. */
function sqlite<T>(t: Target, fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(t.server.dataDir, "tn.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Creates an employee through the API and links it by writing line_user_id (linking is another issue). */
async function employee(t: Target, { linked = true } = {}) {
  t.serial += 1;
  const response = await api(t, "/api/employee", {
    method: "POST",
    json: { code: `PUSH${t.serial}`, title: 3, first_name: "ปราณี", last_name: "รับข้อความ" },
  });
  expect(response.status).toBe(201);
  const { employee } = await response.json();
  const lineUserId = `U${"a".repeat(24)}${String(t.serial).padStart(8, "0")}`;
  if (linked) {
    sqlite(t, (db) => db.prepare("update employees set line_user_id = ? where id = ?").run(lineUserId, employee.id));
  }
  return { id: employee.id as number, lineUserId };
}

const pushOne = (t: Target, json: unknown) => api(t, "/api/line/push-one", { method: "POST", json });
const pushes = () => fake.find("/v2/bot/message/push", "POST");

describe("POST /api/line/push-one", () => {
  test("sends the text to the employee's LINE with a persisted UUID retry key", async () => {
    const e = await employee(main);
    const response = await pushOne(main, { employee_id: e.id, text: "  แจ้งประชุมพรุ่งนี้ 9 โมง  " });
    expect(response.status).toBe(200);
    const { push } = await response.json();
    expect(push).toMatchObject({ employee_id: e.id, to: e.lineUserId, kind: "manual", status: "sent", attempts: 1 });

    expect(pushes()).toHaveLength(1);
    const [received] = pushes();
    expect(received.body).toEqual({ to: e.lineUserId, messages: [{ type: "text", text: "แจ้งประชุมพรุ่งนี้ 9 โมง" }] });
    expect(received.headers["x-line-retry-key"]).toMatch(UUID);
    expect(received.headers["x-line-retry-key"]).toBe(push.retry_key);
    expect(received.headers.authorization).toBe("Bearer test-access-token");

    const stored = sqlite(main, (db) => db.prepare("select retry_key, status, created_by from line_pushes where id = ?").get(push.id));
    expect(stored).toMatchObject({ retry_key: push.retry_key, status: "sent" });
    const audit = sqlite(main, (db) =>
      db.prepare("select actor_type, changes from audit_log where action = 'line_push' and entity_id = ?").get(String(e.id)),
    ) as { actor_type: string; changes: string };
    expect(audit.actor_type).toBe("admin");
    expect(JSON.parse(audit.changes)).toMatchObject({ push_id: push.id, messages: [{ text: "แจ้งประชุมพรุ่งนี้ 9 โมง" }] });
  });

  test("accepts a form body too", async () => {
    const e = await employee(main);
    const response = await api(main, "/api/line/push-one", {
      method: "POST",
      body: new URLSearchParams({ employee_id: String(e.id), text: "จากฟอร์ม" }),
    });
    expect(response.status).toBe(200);
    expect((pushes()[0].body as { messages: unknown[] }).messages).toEqual([{ type: "text", text: "จากฟอร์ม" }]);
  });

  test("a 5xx is retried with the same key; LINE's 409 for that key counts as sent", async () => {
    const e = await employee(main);
    fake.pushPlan = [500, 409];
    const response = await pushOne(main, { employee_id: e.id, text: "ลองอีกครั้ง" });
    expect(response.status).toBe(200);
    expect((await response.json()).push).toMatchObject({ status: "sent", attempts: 2 });
    const keys = pushes().map((r) => r.headers["x-line-retry-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test("502 with a Thai error when LINE refuses; the push row is failed", async () => {
    const e = await employee(main);
    fake.pushPlan = [400];
    const refused = await pushOne(main, { employee_id: e.id, text: "ไม่ผ่าน" });
    expect(refused.status).toBe(502);
    const body = await refused.json();
    expect(body.error).toMatch(/^ส่งข้อความ LINE ไม่สำเร็จ/);
    expect(body.push).toMatchObject({ status: "failed", attempts: 1 });
    expect(pushes()).toHaveLength(1);

    fake.reset();
    fake.pushPlan = [500, 500, 500];
    const down = await pushOne(main, { employee_id: e.id, text: "ล่มยาว" });
    expect(down.status).toBe(502);
    expect((await down.json()).push).toMatchObject({ status: "failed", attempts: 3 });
    expect(new Set(pushes().map((r) => r.headers["x-line-retry-key"])).size).toBe(1);
  });

  test("400 bad input, 404 unknown, 409 unlinked or resigned; nothing is sent", async () => {
    const e = await employee(main);
    const empty = await pushOne(main, { employee_id: e.id, text: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields.text).toBe("กรุณากรอกข้อความ");
    const long = await pushOne(main, { employee_id: e.id, text: "ก".repeat(2001) });
    expect((await long.json()).fields.text).toBe("ข้อความยาวเกิน 2000 ตัวอักษร");
    const noId = await pushOne(main, { text: "ไม่มีใคร" });
    expect(noId.status).toBe(400);
    expect((await noId.json()).fields.employee_id).toBeTruthy();
    const broken = await api(main, "/api/line/push-one", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(broken.status).toBe(400);

    expect((await pushOne(main, { employee_id: 999999, text: "ไม่มีตัวตน" })).status).toBe(404);
    const unlinked = await employee(main, { linked: false });
    const conflict = await pushOne(main, { employee_id: unlinked.id, text: "ยังไม่เชื่อม" });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error).toBe(NOT_LINKED);

    expect((await api(main, `/api/employee/${e.id}/resign`, { method: "POST", json: { resign_date: "2026-01-31" } })).status).toBe(200);
    expect((await pushOne(main, { employee_id: e.id, text: "ลาออกแล้ว" })).status).toBe(409);
    expect(pushes()).toHaveLength(0);
  });

  test("employee_id must be a number: true, [1], \"0x1\" or \"1e0\" is 400 and nothing is pushed; invisible characters in the text too", async () => {
    const first = await employee(main);
    expect(first.id).toBeGreaterThan(0);
    for (const bad of [true, [first.id], `0x${first.id.toString(16)}`, `${first.id}e0`, ` ${first.id}`]) {
      const response = await pushOne(main, { employee_id: bad, text: "ถึงใครก็ได้" });
      expect(response.status).toBe(400);
      expect((await response.json()).fields.employee_id).toBe("กรุณาเลือกพนักงาน");
    }
    const hidden = await pushOne(main, { employee_id: first.id, text: "โอนเงิน\u202Eคืน" });
    expect(hidden.status).toBe(400);
    expect((await hidden.json()).fields.text).toMatch(/อักขระที่ใช้ไม่ได้/);
    expect(pushes()).toHaveLength(0);
    const count = sqlite(main, (db) => db.prepare("select count(*) as n from line_pushes where employee_id = ?").get(first.id)) as { n: number };
    expect(count.n).toBe(0);
  });

  test("401 anonymous on both routes; 405 for the wrong method", async () => {
    const anonymous = await api(main, "/api/line/push-one", { method: "POST", json: { employee_id: 1, text: "x" }, anonymous: true });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe("กรุณาเข้าสู่ระบบ");
    expect((await api(main, "/api/line/push?employee_id=1", { anonymous: true })).status).toBe(401);
    expect((await api(main, "/api/line/push-one")).status).toBe(405);
    expect(pushes()).toHaveLength(0);
  });

  test("a Remix fetcher's request (?_data=) gets errors as data, not as a thrown catch", async () => {
    const url = "/api/line/push-one?_data=routes%2Fapi.line.push-one";
    const anonymous = await api(main, url, { method: "POST", json: { employee_id: 1, text: "x" }, anonymous: true });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-remix-catch")).toBeNull();
    const e = await employee(main);
    fake.pushPlan = [400];
    const failed = await api(main, url, { method: "POST", json: { employee_id: e.id, text: "ผ่าน fetcher" } });
    expect(failed.status).toBe(502);
    expect(failed.headers.get("x-remix-catch")).toBeNull();
    expect((await failed.json()).push.status).toBe("failed");
    const list = await api(main, `/api/line/push?employee_id=${e.id}&_data=routes%2Fapi.line.push`);
    expect((await list.json()).total).toBe(1);
  });
});

describe("GET /api/line/push", () => {
  test("lists one employee's pushes newest first, paged, with a total", async () => {
    const e = await employee(main);
    const other = await employee(main);
    for (const text of ["หนึ่ง", "สอง", "สาม"]) expect((await pushOne(main, { employee_id: e.id, text })).status).toBe(200);
    expect((await pushOne(main, { employee_id: other.id, text: "คนอื่น" })).status).toBe(200);

    const list = await (await api(main, `/api/line/push?employee_id=${e.id}`)).json();
    expect(list.total).toBe(3);
    expect(list.items.map((p: { messages: { text: string }[] }) => p.messages[0].text)).toEqual(["สาม", "สอง", "หนึ่ง"]);
    for (const field of ["id", "retry_key", "to", "employee_id", "group_id", "kind", "messages", "status", "attempts", "last_error", "created_at", "sent_at"]) {
      expect(list.items[0]).toHaveProperty(field);
    }
    const page = await (await api(main, `/api/line/push?employee_id=${e.id}&page=2&page_size=2`)).json();
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.items.map((p: { messages: { text: string }[] }) => p.messages[0].text)).toEqual(["หนึ่ง"]);
    expect((await api(main, "/api/line/push?employee_id=abc")).status).toBe(400);
  });
});

describe("without LINE configured", () => {
  let bare: Target;
  beforeAll(async () => {
    bare = await boot({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => bare?.server.stop());

  test("push-one answers 503 in Thai and records the push as failed", async () => {
    const e = await employee(bare);
    const response = await pushOne(bare, { employee_id: e.id, text: "ยังไม่ได้ตั้งค่า" });
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.error).toMatch(/ยังไม่ได้ตั้งค่า LINE/);
    const list = await (await api(bare, `/api/line/push?employee_id=${e.id}`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: "failed", last_error: body.error });
    expect(pushes()).toHaveLength(0);
  });
});
