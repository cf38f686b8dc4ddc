import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "msg-admin", password: "msg-admin-password" };
const COUNT_EN = "Number of messages should be in range 1 to 5.";
let fake: FakeLine;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  cookie = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

const api = apiClient(() => server, () => cookie);

const text = (t: string) => ({ type: "text", text: t });

async function create(input: Record<string, unknown>) {
  const response = await api("/api/message", { method: "POST", json: input });
  expect(response.status).toBe(201);
  return (await response.json()).message;
}

async function deleteAll() {
  const { items } = await (await api("/api/message")).json();
  for (const item of items) expect((await api(`/api/message/${item.id}`, { method: "DELETE" })).status).toBe(200);
}

describe("/api/message", () => {
  test("every route refuses anonymous callers with 401", async () => {
    for (const [path, method] of [
      ["/api/message", "GET"],
      ["/api/message", "POST"],
      ["/api/message/1", "PATCH"],
      ["/api/message/1", "DELETE"],
      ["/api/message/sync", "POST"],
    ] as const) {
      const response = await api(path, { method, anonymous: true, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  test("POST → 201 {message}; GET lists it with the contract's fields", async () => {
    const message = await create({ keyword: " สวัสดี ", match: "contains", messages: [text("สวัสดีค่ะ 😊"), { type: "sticker", packageId: "446", stickerId: "1988" }] });
    expect(message).toMatchObject({ keyword: "สวัสดี", match: "contains", active: true, sync_error: null, synced_at: null });
    expect(message.messages).toHaveLength(2);
    const list = await api("/api/message");
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toContain("application/json");
    const { items, total } = await list.json();
    expect(total).toBe(items.length);
    const found = items.find((i: { id: number }) => i.id === message.id);
    expect(Object.keys(found).sort()).toEqual(
      ["id", "keyword", "match", "messages", "active", "sync_error", "synced_at", "created_at", "updated_at"].sort(),
    );
    expect(new Date(found.created_at).toISOString()).toBe(found.created_at);
  });

  test("0 or 6 objects → 400 with the Thai and LINE's English count message; a missing type → 400 in Thai", async () => {
    for (const messages of [[], Array.from({ length: 6 }, (_, i) => text(`m${i}`))]) {
      const response = await api("/api/message", { method: "POST", json: { keyword: "k", match: "exact", messages } });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error).toContain(COUNT_EN);
      expect(error).toContain("จำนวนข้อความต้องอยู่ระหว่าง 1 ถึง 5 ข้อความ");
    }
    const noType = await api("/api/message", { method: "POST", json: { keyword: "k", messages: [{ text: "x" }] } });
    expect(noType.status).toBe(400);
    const body = await noType.json();
    expect(body.error).toContain("ต้องระบุประเภทข้อความ (type)");
    expect(body.fields).toHaveProperty(["messages.0.type"]);
    const empty = await api("/api/message", { method: "POST", json: { keyword: "k", messages: [text("  ")] } });
    expect((await empty.json()).error).toContain("กรุณากรอกข้อความ");
    const bad = await api("/api/message", { method: "POST", json: { keyword: "", match: "regex", messages: [text("x")] } });
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(["keyword", "match"]);
    expect((await api("/api/message", { method: "POST", body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
  });

  test("PATCH is partial (enable/disable via active); DELETE removes; unknown ids → 404", async () => {
    const message = await create({ keyword: "ราคา", match: "exact", messages: [text("ดูราคาได้ที่…")] });
    const patched = await api(`/api/message/${message.id}`, { method: "PATCH", json: { active: false } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).message).toMatchObject({ keyword: "ราคา", active: false, messages: [text("ดูราคาได้ที่…")] });
    const invalid = await api(`/api/message/${message.id}`, { method: "PATCH", json: { messages: [] } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toContain(COUNT_EN);

    const deleted = await api(`/api/message/${message.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true });
    expect((await api(`/api/message/${message.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/api/message/${message.id}`, { method: "PATCH", json: { active: true } })).status).toBe(404);
    expect((await api("/api/message/abc", { method: "PATCH", json: {} })).status).toBe(404);
    expect((await api("/api/message/1", { method: "PUT", json: {} })).status).toBe(405);
  });

  test("sync validates every active reply with LINE and reports the invalid ones", async () => {
    await deleteAll();
    const good = await create({ keyword: "ดี", messages: [text("ข้อความปกติ")] });
    const bad = await create({ keyword: "เสีย", messages: [text(`มี ${fake.invalidMarker}`)] });
    await create({ keyword: "ปิด", active: false, messages: [text(fake.invalidMarker)] });
    const response = await api("/api/message/sync", { method: "POST" });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.synced).toBe(2);
    expect(result.invalid).toEqual([{ id: bad.id, error: expect.stringContaining("invalid") }]);
    expect(fake.find("/v2/bot/message/validate/reply")).toHaveLength(2);
    const { items } = await (await api("/api/message")).json();
    const byId = (id: number) => items.find((i: { id: number }) => i.id === id);
    expect(byId(good.id)).toMatchObject({ sync_error: null });
    expect(byId(good.id).synced_at).toBeTruthy();
    expect(byId(bad.id).sync_error).toContain("invalid");
  });

  test("the admin page action creates through the same rules", async () => {
    const page = `${server.baseUrl}/admin/line-reply?_data=${encodeURIComponent("routes/admin.line-reply")}`;
    const form = (fields: Record<string, string>) =>
      fetch(page, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
    const tooMany = await form({ intent: "create", keyword: "หน้าเว็บ", match: "exact", active: "true", messages: JSON.stringify(Array(6).fill(text("x"))) });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toContain(COUNT_EN);
    const ok = await form({ intent: "create", keyword: "หน้าเว็บ", match: "contains", active: "false", messages: JSON.stringify([text("จากหน้าเว็บ")]) });
    expect(ok.status).toBe(200);
    const { items } = await (await api("/api/message")).json();
    expect(items.find((i: { keyword: string }) => i.keyword === "หน้าเว็บ")).toMatchObject({ match: "contains", active: false });
  });

  test("the admin pages render in Thai (groups: the empty state explains how groups appear)", async () => {
    await create({ keyword: "หน้าแสดงผล", messages: [text("x")] });
    const replies = await api("/admin/line-reply");
    expect(replies.status).toBe(200);
    const html = await replies.text();
    expect(html).toContain("ซิงก์กับ LINE");
    expect(html).toContain("หน้าแสดงผล");
    const groups = await api("/admin/line-group");
    expect(groups.status).toBe(200);
    expect(await groups.text()).toContain("เพิ่มบอทเข้ากลุ่ม LINE แล้วกลุ่มจะปรากฏที่นี่");
  });
});

describe("duplicate keywords", () => {
  test("an active reply with the same keyword and mode is a 409 in Thai unless allow_duplicate: true", async () => {
    await deleteAll();
    const first = await create({ keyword: "Hello", match: "exact", messages: [text("สวัสดี")] });
    const again = await api("/api/message", { method: "POST", json: { keyword: " hello ", match: "exact", messages: [text("ซ้ำ")] } });
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.error).toMatch(/คำสำคัญ/);
    expect(body.fields.keyword).toBe(body.error);
    expect(body.duplicate_of).toBe(first.id);
    expect((await (await api("/api/message")).json()).total).toBe(1);

    await create({ keyword: "hello", match: "contains", messages: [text("อีกแบบ")] });
    const anyway = await create({ keyword: "HELLO", match: "exact", messages: [text("อยู่ดี")], allow_duplicate: true });
    const off = await create({ keyword: "other", match: "exact", messages: [text("x")] });
    const renamed = await api(`/api/message/${off.id}`, { method: "PATCH", json: { keyword: "Hello" } });
    expect(renamed.status).toBe(409);
    const forced = await api(`/api/message/${off.id}`, { method: "PATCH", json: { keyword: "Hello", allow_duplicate: true } });
    expect(forced.status).toBe(200);
    expect(anyway.keyword).toBe("HELLO");
  });

  test("the reply dialog's page action answers the 409 as data; 'เพิ่มอยู่ดี' posts allow_duplicate", async () => {
    await deleteAll();
    await create({ keyword: "ซ้ำ", match: "exact", messages: [text("เดิม")] });
    const page = `${server.baseUrl}/admin/line-reply?_data=${encodeURIComponent("routes/admin.line-reply")}`;
    const fields = { intent: "create", keyword: "ซ้ำ", match: "exact", active: "true", messages: JSON.stringify([text("ใหม่")]) };
    const post = (extra: Record<string, string> = {}) =>
      fetch(page, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams({ ...fields, ...extra }) });
    const refused = await post();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, intent: "create", fields: { keyword: expect.stringMatching(/คำสำคัญ/) } });
    const added = await post({ allow_duplicate: "true" });
    expect(added.status).toBe(200);
    expect((await (await api("/api/message")).json()).total).toBe(2);
  });
});
