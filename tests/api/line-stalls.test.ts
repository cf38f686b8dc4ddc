// LINE answering its status line and headers and then never its body (ADR 041): every caller ends
// at LINE_TIMEOUT_SECONDS with the Thai 502 any LINE failure gives; a push left that way stays
// pending (LINE may have it) and the re-send job asks again with its own X-Line-Retry-Key, which
// LINE answers 409 for a push it already has: sent, delivered once.
import path from "node:path";
import Database from "better-sqlite3";
import { lineGroups } from "../../db/schema";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { withServerDb } from "../fixtures/machines";
import { adminCookie, cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "line-stall-admin", password: "line-stall-admin-password-1" };
const CHANNEL = "1234567890";
const USER = `U${"5".repeat(32)}`;
const GROUP = `C${"5".repeat(32)}`;
const TIMEOUT_MS = 1000;
const OUTCOME_UNKNOWN = "ยังไม่ทราบว่าข้อความถึงผู้รับหรือไม่ ระบบจะส่งอีกครั้งเองด้วยรหัสเดิม ผู้รับจะไม่ได้ข้อความซ้ำ";
const NO_ANSWER = "ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 1 วินาที";

let fake: FakeLine;
let server: RunningServer;
let env: Record<string, string>;
let admin: string;
let alice: { id: number; cookie: string };
let groupId: number;

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

/** As the admin unless another cookie is given (null: none). */
function call(p: string, init: RequestInit & { json?: unknown; cookie?: string | null } = {}) {
  const headers = new Headers(init.headers);
  const cookie = init.cookie === undefined ? admin : init.cookie;
  if (cookie) headers.set("Cookie", cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return fetch(`${server.baseUrl}${p}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
}

/** The answer, its JSON and how long it took. */
async function timed(p: string, init: Parameters<typeof call>[1]) {
  const started = performance.now();
  const response = await call(p, init);
  const body = (await response.json()) as Record<string, unknown> & { error?: string };
  return { response, body, ms: performance.now() - started };
}

/** Cut off at the timeout: not before it, and long before LINE's default 10 s. */
function atTheTimeout(ms: number) {
  expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  expect(ms).toBeLessThan(TIMEOUT_MS + 4000);
}

beforeAll(async () => {
  fake = await startFakeLine();
  fake.tokens.set(`demo:${USER}`, { sub: USER, aud: CHANNEL, name: USER });
  env = lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LINE_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000) });
  server = await startServer(env);
  admin = await adminCookie(server, ADMIN);
  alice = await linkedEmployee(server, admin, { code: "LS-1", demoUser: USER });
  groupId = withServerDb(server.dataDir, (d) =>
    d.insert(lineGroups).values({ groupId: GROUP, name: "หัวหน้างาน", notifyLeave: true }).returning().get().id,
  );
  fake.groups.set(GROUP, { groupName: "หัวหน้างาน" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe("LINE sends its headers, then stalls", () => {
  test("staff sign-in through LINE: Thai 502 at the timeout, no session", async () => {
    fake.tokens.set("token-stall", { sub: `U${"6".repeat(32)}`, aud: CHANNEL });
    fake.stallAfterHeaders = ["/oauth2/v2.1/verify"];
    const started = performance.now();
    const response = await call("/api/emp/authen", { method: "POST", json: { idToken: "token-stall" }, cookie: null });
    const ms = performance.now() - started;
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: "ติดต่อ LINE ไม่ได้ กรุณาลองใหม่" });
    expect(cookieFrom(response, "tn_emp")).toBeNull();
    atTheTimeout(ms);
    expect(fake.find("/oauth2/v2.1/verify")).toHaveLength(1);
  });

  test("push-one: Thai 502 at the timeout after one attempt; the push stays pending, saying the system sends it again", async () => {
    fake.stallAfterHeaders = ["/v2/bot/message/push"];
    const stalled = await timed("/api/line/push-one", { method: "POST", json: { employee_id: alice.id, text: "ค้างกลางทาง" } });
    expect(stalled.response.status).toBe(502);
    expect(stalled.body.error).toBe(`ส่งข้อความ LINE ไม่สำเร็จ: ${NO_ANSWER} ${OUTCOME_UNKNOWN}`);
    expect(stalled.body.push).toMatchObject({ status: "pending", attempts: 1, last_error: `${NO_ANSWER} (HTTP -)` });
    atTheTimeout(stalled.ms);
    // No second attempt inside the request: the re-send job takes it (last test).
    expect(fake.find("/v2/bot/message/push")).toHaveLength(1);
  });

  test("rich menu: Thai 502 at the timeout; the menu LINE made meanwhile is cleaned up by the next set-up", async () => {
    fake.stallAfterHeaders = ["/v2/bot/richmenu"];
    const stalled = await timed("/api/line/rich-menu", { method: "POST" });
    expect(stalled.response.status).toBe(502);
    expect(stalled.body.error).toBe(NO_ANSWER);
    atTheTimeout(stalled.ms);
    // LINE made the menu before stalling; its id never reached the server.
    expect(fake.richMenus.size).toBe(1);

    const again = await timed("/api/line/rich-menu", { method: "POST" });
    expect(again.response.status).toBe(200);
    expect([...fake.richMenus.keys()]).toEqual([again.body.rich_menu_id]);
    expect(fake.defaultRichMenu).toBe(again.body.rich_menu_id);
  });

  test("group refresh: Thai 502 at the timeout; the group is unchanged", async () => {
    fake.stallAfterHeaders = [`/v2/bot/group/${GROUP}/summary`];
    const stalled = await timed(`/api/line-group/${groupId}/refresh`, { method: "POST" });
    expect(stalled.response.status).toBe(502);
    expect(stalled.body.error).toBe(NO_ANSWER);
    atTheTimeout(stalled.ms);
    expect(sqlite((db) => db.prepare("select name, active from line_groups where id = ?").get(groupId))).toEqual({ name: "หัวหน้างาน", active: 1 });
  });
});

test("stalled pushes (an admin's and a background notice) stay pending; the re-send job sends each once more with its key and both end sent", async () => {
  sqlite((db) => db.prepare("delete from line_pushes").run());
  fake.stallAfterHeaders = ["/v2/bot/message/push"];
  const manual = await call("/api/line/push-one", { method: "POST", json: { employee_id: alice.id, text: "ส่งแล้วค้าง" } });
  expect(manual.status).toBe(502);

  fake.stallAfterHeaders = ["/v2/bot/message/push"];
  const petition = await call("/api/emp/leave/petition", {
    method: "POST",
    cookie: alice.cookie,
    json: { type: 1, start_date: "2031-01-07", end_date: "2031-01-07", half: "full", reason: "ธุระ" },
  });
  expect(petition.status).toBe(201);
  await vi.waitFor(() => expect(pushRows().find((r) => r.kind === "leave_request")?.last_error).toBeTruthy(), { timeout: 10_000, interval: 100 });
  const stalled = pushRows();
  expect(stalled.map((r) => [r.kind, r.status, r.attempts, r.last_error])).toEqual([
    ["manual", "pending", 1, `${NO_ANSWER} (HTTP -)`],
    ["leave_request", "pending", 1, `${NO_ANSWER} (HTTP -)`],
  ]);
  // LINE took both before it stalled.
  expect(stalled.every((r) => fake.acceptedRetryKeys.has(r.retry_key))).toBe(true);

  // The re-send leaves a push its first 5 minutes; it runs at the start and every 10 minutes.
  sqlite((db) => db.prepare("update line_pushes set created_at = created_at - 6 * 60 * 1000").run());
  await server.stop({ keepData: true });
  server = await startServer(env, { dataDir: server.dataDir });
  await vi.waitFor(() => expect(pushRows().map((r) => r.status)).toEqual(["sent", "sent"]), { timeout: 20_000, interval: 100 });
  expect(pushRows().map((r) => [r.status, r.attempts, r.last_error])).toEqual([
    ["sent", 2, null],
    ["sent", 2, null],
  ]);
  const pushes = fake.find("/v2/bot/message/push", "POST");
  for (const row of stalled) {
    expect(pushes.filter((p) => p.headers["x-line-retry-key"] === row.retry_key)).toHaveLength(2);
  }
  expect(server.logs()).toContain("LINE notices sent again: 2 of 2");
  admin = await adminCookie(server, ADMIN);
  const list = await (await call(`/api/line/push?employee_id=${alice.id}&status=pending`)).json();
  expect(list.total).toBe(0);
}, 90_000);
