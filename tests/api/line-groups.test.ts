import { lineEnv, signWebhook, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { makeJpeg } from "../fixtures/images";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "group-admin", password: "group-admin-password" };
const SECRET = "test-channel-secret"; // lineEnv's
let fake: FakeLine;
let server: RunningServer;
let cookie: string;
let serial = 0;

type Group = {
  id: number;
  group_id: string;
  name: string;
  picture_url: string | null;
  active: boolean;
  joined_at: string | null;
  left_at: string | null;
  notify_leave: boolean;
  notify_machine: boolean;
  notify_summary: boolean;
};

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

async function findGroup(groupId: string): Promise<Group | undefined> {
  const { items } = await (await api("/api/line-group")).json();
  return items.find((g: Group) => g.group_id === groupId);
}

async function sendEvent(type: "join" | "leave", groupId: string) {
  serial += 1;
  const raw = JSON.stringify({
    destination: "Ubot",
    events: [{ type, mode: "active", timestamp: Date.now(), webhookEventId: `01HGRP${serial}`, replyToken: "rt", source: { type: "group", groupId } }],
  });
  const response = await fetch(`${server.baseUrl}/api/line/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-line-signature": signWebhook(raw, SECRET) },
    body: raw,
  });
  expect(response.status).toBe(200);
}

/** A group the bot joined through the webhook (handled after the answer: poll for it). */
async function joinedGroup(name: string, picture?: Uint8Array): Promise<Group> {
  const groupId = `C${String(++serial).padStart(32, "0")}`;
  fake.groups.set(groupId, { groupName: name, picture });
  await sendEvent("join", groupId);
  const start = Date.now();
  for (;;) {
    const group = await findGroup(groupId);
    if (group?.name === name && (!picture || group.picture_url)) return group;
    if (Date.now() - start > 2500) throw new Error(`group ${groupId} did not appear`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("/api/line-group", () => {
  test("every route refuses anonymous callers with 401", async () => {
    for (const [path, method] of [
      ["/api/line-group", "GET"],
      ["/api/line-group/1", "PATCH"],
      ["/api/line-group/1/refresh", "POST"],
      ["/api/line-group/1/test-message", "POST"],
    ] as const) {
      const response = await api(path, { method, anonymous: true, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  test("GET lists groups with the contract's fields", async () => {
    const group = await joinedGroup("กลุ่มรายการ", await makeJpeg());
    const response = await api("/api/line-group");
    expect(response.status).toBe(200);
    const { items, total } = await response.json();
    expect(total).toBe(items.length);
    const found = items.find((g: Group) => g.id === group.id);
    expect(Object.keys(found).sort()).toEqual(
      ["id", "group_id", "name", "picture_url", "active", "joined_at", "left_at", "notify_leave", "notify_machine", "notify_summary"].sort(),
    );
    expect(found).toMatchObject({ active: true, left_at: null, notify_leave: false, notify_machine: false, notify_summary: false });
    expect(found.picture_url).toMatch(/^\/uploads\/linegroups\/[0-9a-f-]{36}\.jpg$/);
    expect(new Date(found.joined_at).toISOString()).toBe(found.joined_at);
  });

  test("PATCH renames and flags; bad input → 400; unknown → 404", async () => {
    const group = await joinedGroup("ชื่อเดิม");
    const renamed = await api(`/api/line-group/${group.id}`, { method: "PATCH", json: { name: "  ฝ่ายบุคคล  " } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).group).toMatchObject({ id: group.id, name: "ฝ่ายบุคคล", notify_leave: false });
    const flagged = await api(`/api/line-group/${group.id}`, { method: "PATCH", json: { notify_leave: true, notify_machine: true } });
    expect((await flagged.json()).group).toMatchObject({ name: "ฝ่ายบุคคล", notify_leave: true, notify_machine: true });
    expect(await findGroup(group.group_id)).toMatchObject({ notify_leave: true, notify_machine: true });
    const summary = await api(`/api/line-group/${group.id}`, { method: "PATCH", json: { notify_summary: true } });
    expect((await summary.json()).group).toMatchObject({ notify_leave: true, notify_machine: true, notify_summary: true });
    expect(await findGroup(group.group_id)).toMatchObject({ notify_summary: true });

    const bad = await api(`/api/line-group/${group.id}`, { method: "PATCH", json: { name: "", notify_leave: "sometimes" } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(["name", "notify_leave"]);
    expect((await api("/api/line-group/999999", { method: "PATCH", json: { name: "x" } })).status).toBe(404);
    expect((await api("/api/line-group", { method: "POST", json: {} })).status).toBe(405);
  });

  test("refresh re-reads the name and picture from LINE", async () => {
    const group = await joinedGroup("ก่อนรีเฟรช");
    expect(group.picture_url).toBeNull();
    fake.groups.set(group.group_id, { groupName: "หลังรีเฟรช", picture: await makeJpeg({ width: 64, height: 64 }) });
    fake.reset();
    const response = await api(`/api/line-group/${group.id}/refresh`, { method: "POST" });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()).group;
    expect(refreshed).toMatchObject({ id: group.id, name: "หลังรีเฟรช" });
    expect(refreshed.picture_url).toMatch(/^\/uploads\/linegroups\//);
    expect(fake.find(`/v2/bot/group/${group.group_id}/summary`)).toHaveLength(1);

    fake.groups.delete(group.group_id); // LINE answers 404
    const failed = await api(`/api/line-group/${group.id}/refresh`, { method: "POST" });
    expect(failed.status).toBe(502);
    expect((await failed.json()).error).toContain("LINE");
    expect((await api("/api/line-group/999999/refresh", { method: "POST" })).status).toBe(404);
  });

  test("test-message pushes to the group with a fresh X-Line-Retry-Key; left groups → 409", async () => {
    const group = await joinedGroup("ทดสอบส่ง");
    const sent = await api(`/api/line-group/${group.id}/test-message`, { method: "POST", json: { text: "ทดสอบ 1 2 3 🔔" } });
    expect(sent.status).toBe(200);
    const { retry_key } = await sent.json();
    const again = await api(`/api/line-group/${group.id}/test-message`, { method: "POST" });
    expect(again.status).toBe(200);
    const pushes = fake.find("/v2/bot/message/push");
    expect(pushes).toHaveLength(2);
    expect(pushes[0].body).toEqual({ to: group.group_id, messages: [{ type: "text", text: "ทดสอบ 1 2 3 🔔" }] });
    expect(pushes[0].headers["x-line-retry-key"]).toBe(retry_key);
    expect(pushes[0].headers["x-line-retry-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pushes[1].headers["x-line-retry-key"]).not.toBe(retry_key);
    expect((pushes[1].body as { messages: { text: string }[] }).messages[0].text).toBeTruthy();

    // LINE fails three times: the notifier retries with the same key, then gives up with 502
    fake.pushPlan = [500, 500, 500];
    expect((await api(`/api/line-group/${group.id}/test-message`, { method: "POST", json: {} })).status).toBe(502);
    const failedKeys = fake.find("/v2/bot/message/push").slice(2).map((r) => r.headers["x-line-retry-key"]);
    expect(failedKeys).toHaveLength(3);
    expect(new Set(failedKeys).size).toBe(1);
    const log = await (await api("/api/line/push?status=failed")).json();
    expect(log.items[0]).toMatchObject({ group_id: group.id, kind: "group_test", attempts: 3 });
    const tooLong = await api(`/api/line-group/${group.id}/test-message`, { method: "POST", json: { text: "ก".repeat(5001) } });
    expect(tooLong.status).toBe(400);

    await sendEvent("leave", group.group_id);
    for (let i = 0; i < 50 && (await findGroup(group.group_id))?.active; i++) await new Promise((r) => setTimeout(r, 50));
    const left = await findGroup(group.group_id);
    expect(left).toMatchObject({ active: false });
    expect(left?.left_at).toBeTruthy();
    const refused = await api(`/api/line-group/${group.id}/test-message`, { method: "POST", json: {} });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toContain("ออกจากกลุ่ม");
    expect((await api(`/api/line-group/${group.id}/refresh`, { method: "POST" })).status).toBe(409);
    expect(fake.find("/v2/bot/message/push")).toHaveLength(5);
  });
});

describe("/admin/line-group page action", () => {
  const pageAction = (fields: Record<string, string>) =>
    api("/admin/line-group?_data=routes%2Fadmin.line-group", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("a notification switch changes only its own flag; an unknown flag is refused and changes nothing", async () => {
    const group = await joinedGroup("กลุ่มสวิตช์");
    const on = await pageAction({ intent: "flag", id: String(group.id), flag: "notify_machine", value: "true" });
    expect(on.status).toBe(200);
    expect(await findGroup(group.group_id)).toMatchObject({ notify_machine: true, notify_leave: false });

    const unknown = await pageAction({ intent: "flag", id: String(group.id), flag: "notify_everything", value: "true" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe("ไม่รู้จักการแจ้งเตือนนี้");
    expect(await findGroup(group.group_id)).toMatchObject({ notify_machine: true, notify_leave: false });
  });
});
