import { lineEnv, signWebhook, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { makeJpeg } from "../fixtures/images";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "hook-admin", password: "hook-admin-password" };
const SECRET = "test-channel-secret"; // lineEnv's
let fake: FakeLine;
let server: RunningServer;
let cookie: string;
let serial = 0;

async function login(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  return cookieFrom(response, "tn_admin")!;
}

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  cookie = await login(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(`${server.baseUrl}${path}`, { ...init, headers, body });
}

function post(base: string, raw: string, signature: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", ...extra };
  if (signature !== null) headers["x-line-signature"] = signature;
  return fetch(`${base}/api/line/webhook`, { method: "POST", headers, body: raw });
}

function event(extra: Record<string, unknown>): Record<string, unknown> & { replyToken?: string } {
  serial += 1;
  return {
    mode: "active",
    timestamp: Date.now(),
    webhookEventId: `01HAPI${String(serial).padStart(20, "0")}`,
    deliveryContext: { isRedelivery: false },
    source: { type: "user", userId: "Uapi000000000000000000000000000001" },
    ...extra,
  };
}

const textEvent = (text: string, extra: Record<string, unknown> = {}) =>
  event({ type: "message", replyToken: `rt-${serial + 1}`, message: { type: "text", id: `m${serial + 1}`, text }, ...extra });

const body = (...events: unknown[]) => JSON.stringify({ destination: "Ubot", events });

/** Handling happens after the 200: poll until the check passes (about 2 s at most). */
async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 2500): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
const settle = () => new Promise((r) => setTimeout(r, 400));

async function createReply(keyword: string, match: "exact" | "contains", text: string) {
  const response = await api("/api/message", { method: "POST", json: { keyword, match, messages: [{ type: "text", text }] } });
  expect(response.status).toBe(201);
  return (await response.json()).message;
}

describe("POST /api/line/webhook", () => {
  test("a signed text event gets the matching reply delivered to LINE", async () => {
    await createReply("ลางาน", "contains", "ยื่นใบลาได้ที่เมนู ‘การลา’ 📝");
    const e = textEvent("อยากลางานพรุ่งนี้ครับ 🙏");
    const raw = body(e);
    const response = await post(server.baseUrl, raw, signWebhook(raw, SECRET));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const [delivered] = await eventually(() => {
      const found = fake.find("/v2/bot/message/reply");
      expect(found).toHaveLength(1);
      return found;
    });
    expect(delivered.body).toEqual({
      replyToken: e.replyToken,
      messages: [{ type: "text", text: "ยื่นใบลาได้ที่เมนู ‘การลา’ 📝" }],
    });
    expect(delivered.headers.authorization).toBe("Bearer test-access-token");
  });

  test("bad, missing or re-serialised signatures → 401, and nothing happens", async () => {
    await createReply("hello", "exact", "hi");
    const groupId = "Cbadsig0000000000000000000000000001";
    fake.groups.set(groupId, { groupName: "ไม่ควรเกิด" });
    const raw = body(textEvent("hello"), event({ type: "join", replyToken: "rt", source: { type: "group", groupId } }));
    const signature = signWebhook(raw, SECRET);
    const attempts = [
      post(server.baseUrl, raw, null),
      post(server.baseUrl, raw, ""),
      post(server.baseUrl, raw, signWebhook(raw, "wrong-secret")),
      post(server.baseUrl, raw.replace("hello", "hellO"), signature),
      post(server.baseUrl, JSON.stringify(JSON.parse(raw), null, 1), signature),
      // cross-origin is not what protects the webhook: the signature is
      post(server.baseUrl, raw, "bm9wZQ==", { origin: "https://evil.example" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBeTruthy();
    }
    await settle();
    expect(fake.requests).toHaveLength(0);
    const groups = await (await api("/api/line-group")).json();
    expect(groups.items.find((g: { group_id: string }) => g.group_id === groupId)).toBeUndefined();
  });

  test("a redelivered event (same webhookEventId) is replied to once", async () => {
    await createReply("เมนู", "exact", "เมนูหลัก");
    const e = textEvent("เมนู");
    const raw = body(e);
    expect((await post(server.baseUrl, raw, signWebhook(raw, SECRET))).status).toBe(200);
    const again = body({ ...e, deliveryContext: { isRedelivery: true } });
    expect((await post(server.baseUrl, again, signWebhook(again, SECRET))).status).toBe(200);
    await eventually(() => expect(fake.find("/v2/bot/message/reply")).toHaveLength(1));
    await settle();
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(1);
  });

  test("standby events reply nothing", async () => {
    await createReply("standby", "exact", "ไม่ควรตอบ");
    const raw = body(textEvent("standby", { mode: "standby" }));
    expect((await post(server.baseUrl, raw, signWebhook(raw, SECRET))).status).toBe(200);
    // a later active event proves the handler ran past the standby one
    const marker = textEvent("standby");
    const next = body(marker);
    await post(server.baseUrl, next, signWebhook(next, SECRET));
    const replies = await eventually(() => {
      const found = fake.find("/v2/bot/message/reply");
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    await settle();
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(1);
    expect((replies[0].body as { replyToken: string }).replyToken).toBe(marker.replyToken);
  });

  test("join creates the group with its name and picture; leave marks it left", async () => {
    const groupId = "Cjoin00000000000000000000000000001";
    fake.groups.set(groupId, { groupName: "ทีมตู้ภาคกลาง 🏪", picture: await makeJpeg() });
    const source = { type: "group", groupId };
    const join = body(event({ type: "join", replyToken: "rt-join", source }));
    expect((await post(server.baseUrl, join, signWebhook(join, SECRET))).status).toBe(200);
    const group = await eventually(async () => {
      const { items } = await (await api("/api/line-group")).json();
      const found = items.find((g: { group_id: string }) => g.group_id === groupId);
      expect(found?.picture_url).toMatch(/^\/uploads\/linegroups\/[0-9a-f-]{36}\.jpg$/);
      return found;
    });
    expect(group).toMatchObject({ name: "ทีมตู้ภาคกลาง 🏪", active: true, left_at: null });
    expect(new Date(group.joined_at).toISOString()).toBe(group.joined_at);
    const picture = await api(group.picture_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");

    const leave = body(event({ type: "leave", source }));
    expect((await post(server.baseUrl, leave, signWebhook(leave, SECRET))).status).toBe(200);
    await eventually(async () => {
      const { items } = await (await api("/api/line-group")).json();
      const found = items.find((g: { group_id: string }) => g.group_id === groupId);
      expect(found).toMatchObject({ id: group.id, name: "ทีมตู้ภาคกลาง 🏪", active: false });
      expect(found.left_at).toBeTruthy();
    });
  });

  test("LINE's verify call (no events) and malformed signed bodies", async () => {
    const empty = body();
    expect((await post(server.baseUrl, empty, signWebhook(empty, SECRET))).status).toBe(200);
    const notJson = "not json";
    expect((await post(server.baseUrl, notJson, signWebhook(notJson, SECRET))).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/line/webhook`)).status).toBe(405);
  });
});

describe("LINE not configured", () => {
  let bare: RunningServer;
  beforeAll(async () => {
    bare = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => bare?.stop());

  test("the webhook trusts nothing (401) and LINE actions answer 503 in Thai", async () => {
    const raw = body(textEvent("hello"));
    expect((await post(bare.baseUrl, raw, signWebhook(raw, SECRET))).status).toBe(401);
    expect((await post(bare.baseUrl, raw, signWebhook(raw, ""))).status).toBe(401);
    const adminCookie = await login(bare.baseUrl);
    const created = await fetch(`${bare.baseUrl}/api/message`, {
      method: "POST",
      headers: { Cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ keyword: "a", messages: [{ type: "text", text: "b" }] }),
    });
    expect(created.status).toBe(201);
    const sync = await fetch(`${bare.baseUrl}/api/message/sync`, { method: "POST", headers: { Cookie: adminCookie } });
    expect(sync.status).toBe(503);
    expect((await sync.json()).error).toContain("ยังไม่ได้ตั้งค่า LINE");
  });
});
