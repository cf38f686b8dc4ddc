// Per-employee leave quotas and the /admin/leave-work page actions against the built server.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "quota-admin", password: "quota-admin-password-1" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string };

const asAdmin = apiClient(() => server, () => admin);
const asAlice = apiClient(() => server, () => alice.cookie);

function quotaRows() {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return sqlite.prepare("select employee_id, year, type, quota from leave_quotas order by year, type").all();
  } finally {
    sqlite.close();
  }
}

function auditOf(entity: string) {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return sqlite.prepare("select action, actor_type, changes from audit_log where entity = ? order by id").all(entity) as {
      action: string;
      actor_type: string;
      changes: string;
    }[];
  } finally {
    sqlite.close();
  }
}

const pageAction = (fields: Record<string, string>) =>
  asAdmin("/admin/leave-work?_data=routes%2Fadmin.leave-work", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const pageData = async (query: string) => (await asAdmin(`/admin/leave-work?${query}&_data=routes%2Fadmin.leave-work`)).json();

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  alice = await linkedEmployee(server, admin, { code: "QT-1", demoUser: "Udemo0001" });
}, 60_000);
afterAll(() => server?.stop());

describe("GET /api/leave/quota", () => {
  test("200 with the year's balances: defaults, not custom", async () => {
    const response = await asAdmin(`/api/leave/quota?employee_id=${alice.id}&year=2026`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ employee_id: alice.id, year: 2026 });
    expect(body.balances.slice(0, 3)).toEqual([
      { type: 1, quota: 3, used: 0, pending: 0, remaining: 3, base_quota: 3, default_quota: 3, custom: false },
      { type: 2, quota: 30, used: 0, pending: 0, remaining: 30, base_quota: 30, default_quota: 30, custom: false },
      { type: 3, quota: 6, used: 0, pending: 0, remaining: 6, base_quota: 6, default_quota: 6, custom: false },
    ]);
    expect(body.balances.slice(3).map((b: { type: number }) => b.type)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  test.each([
    ["no employee", "year=2026", "employee_id"],
    ["no year", "employee_id=1", "year"],
    ["a year before 2024", "employee_id=1&year=2023", "year"],
    ["a bad id", "employee_id=1e0&year=2026", "employee_id"],
  ])("400 in Thai for %s", async (_, query, field) => {
    const response = await asAdmin(`/api/leave/quota?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(THAI);
    expect(body.fields[field]).toMatch(THAI);
  });

  test("404 for an unknown employee; 401 anonymous; 403 for an employee", async () => {
    const missing = await asAdmin("/api/leave/quota?employee_id=999999&year=2026");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatch(THAI);
    expect((await asAdmin(`/api/leave/quota?employee_id=${alice.id}&year=2026`, { anonymous: true })).status).toBe(401);
    expect((await asAlice(`/api/leave/quota?employee_id=${alice.id}&year=2026`)).status).toBe(403);
  });
});

describe("PUT /api/leave/quota", () => {
  test("200: upserts one type of one year, audit-logged; the employee's own balances follow", async () => {
    const first = await asAdmin("/api/leave/quota", { method: "PUT", json: { employee_id: alice.id, year: 2026, type: 3, quota: 10.5 } });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.balances.find((b: { type: number }) => b.type === 3)).toMatchObject({ quota: 10.5, base_quota: 10.5, custom: true });
    const second = await asAdmin("/api/leave/quota", { method: "PUT", json: { employee_id: alice.id, year: 2026, type: 3, quota: 8 } });
    expect(second.status).toBe(200);
    expect(quotaRows()).toEqual([{ employee_id: alice.id, year: 2026, type: 3, quota: 8 }]);
    expect(auditOf("leave_quota").map((a) => [a.action, a.actor_type, JSON.parse(a.changes)])).toEqual([
      ["update", "admin", { year: 2026, type: 3, quota: { from: null, to: 10.5 } }],
      ["update", "admin", { year: 2026, type: 3, quota: { from: 10.5, to: 8 } }],
    ]);
    const history = await (await asAlice("/api/emp/leave/history?year=2026")).json();
    expect(history.balances.find((b: { type: number }) => b.type === 3)).toMatchObject({ quota: 8, remaining: 8 });
  });

  test.each([
    ["over 365 days", { quota: 366 }, "quota"],
    ["a quarter day", { quota: 0.25 }, "quota"],
    ["a negative quota", { quota: -1 }, "quota"],
    ["an unknown type", { type: 11 }, "type"],
    ["a year before 2024", { year: 2020 }, "year"],
    ["a missing quota", { quota: undefined }, "quota"],
  ])("400 in Thai for %s, nothing written", async (_, over, field) => {
    const before = quotaRows();
    const response = await asAdmin("/api/leave/quota", {
      method: "PUT",
      json: { employee_id: alice.id, year: 2026, type: 1, quota: 5, ...over },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(THAI);
    expect(body.fields[field]).toMatch(THAI);
    expect(quotaRows()).toEqual(before);
  });

  test("404 unknown employee; 401; 403; 405 for other methods", async () => {
    const put = (init: Parameters<typeof asAdmin>[1], who = asAdmin) => who("/api/leave/quota", { method: "PUT", ...init });
    const before = quotaRows();
    expect((await put({ json: { employee_id: 999999, year: 2026, type: 1, quota: 5 } })).status).toBe(404);
    expect((await put({ json: { employee_id: alice.id, year: 2026, type: 1, quota: 5 }, anonymous: true })).status).toBe(401);
    expect((await put({ json: { employee_id: alice.id, year: 2026, type: 1, quota: 5 } }, asAlice)).status).toBe(403);
    const post = await asAdmin("/api/leave/quota", { method: "POST", json: {} });
    expect(post.status).toBe(405);
    expect((await post.json()).error).toMatch(THAI);
    expect(quotaRows()).toEqual(before);
  });
});

describe("/admin/leave-work page", () => {
  const file = async (over: Record<string, unknown>) => {
    const response = await asAlice("/api/emp/leave/petition", {
      method: "POST",
      json: { type: 1, half: "full", reason: "ธุระ", ...over },
    });
    expect(response.status).toBe(201);
    return (await response.json()).petition as { id: number; days: number };
  };

  test("the pending tab shows the queue with balances and a count; decide approves through the model", async () => {
    // 11–12 May 2026: working days with no public holiday (the server seeds them at start).
    const p = await file({ start_date: "2026-05-11", end_date: "2026-05-12" });
    const data = await pageData("tab=pending");
    expect(data.tab).toBe("pending");
    expect(data.pendingCount).toBe(1);
    expect(data.pending.items[0]).toMatchObject({ id: p.id, employee: { id: alice.id }, balance: { quota: 3, used: 0, after: 1 }, away: [] });

    const answer = await pageAction({ intent: "decide", id: String(p.id), action: "accept", note: "อนุมัติ" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, intent: "decide", message: "อนุมัติคำขอลาแล้ว" });
    expect((await pageData("tab=pending")).pendingCount).toBe(0);

    // The page's reject needs a reason as the API's does (checked before the petition's state).
    const noReason = await pageAction({ intent: "decide", id: String(p.id), action: "reject", note: "  " });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ ok: false, intent: "decide", fields: { note: "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)" } });
    const again = await pageAction({ intent: "decide", id: String(p.id), action: "reject", note: "ช้าไป" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(THAI);
    const bad = await pageAction({ intent: "decide", id: String(p.id), action: "maybe" });
    expect(bad.status).toBe(400);
    expect((await pageAction({ intent: "decide", id: "999999", action: "accept" })).status).toBe(404);
  });

  test("the all tab filters by year and status; cancel of an approved petition", async () => {
    const data = await pageData("tab=all&year=2026&status=2");
    expect(data.all.query).toMatchObject({ year: 2026, status: 2 });
    expect(data.all.items.length).toBe(1);
    const [approved] = data.all.items;
    expect(data.all.years[0]).toBe(2024);

    const answer = await pageAction({ intent: "cancel", id: String(approved.id), note: "ยกเลิกตามที่ขอ" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, message: "ยกเลิกคำขอลาแล้ว" });
    const after = await pageData("tab=all&year=2026&status=0");
    expect(after.all.items[0]).toMatchObject({ id: approved.id, status: 0, cancelled_by: "admin", decision_note: "ยกเลิกตามที่ขอ" });
    expect((await pageAction({ intent: "cancel", id: String(approved.id) })).status).toBe(409);
  });

  test("the quota intent saves only the types posted; a bad value is a 400 with the field", async () => {
    const answer = await pageAction({ intent: "quota", employee_id: String(alice.id), year: "2027", quota_1: "4.5", quota_2: "25" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, message: "บันทึกสิทธิ์การลาแล้ว" });
    const rows = quotaRows().filter((r) => (r as { year: number }).year === 2027);
    expect(rows).toEqual([
      { employee_id: alice.id, year: 2027, type: 1, quota: 4.5 },
      { employee_id: alice.id, year: 2027, type: 2, quota: 25 },
    ]);
    const bad = await pageAction({ intent: "quota", employee_id: String(alice.id), year: "2027", quota_3: "400" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.quota_3).toMatch(THAI);
  });

  test("the calendar, statistics and holiday tabs load no list", async () => {
    for (const tab of ["calendar", "statistics", "holidays"]) {
      const data = await pageData(`tab=${tab}`);
      expect(data).toMatchObject({ tab, pending: null, all: null });
    }
  });

  test("every tab renders on the server", async () => {
    for (const [tab, text] of [
      ["pending", "ไม่มีคำขอลารออนุมัติ"],
      ["all", "คำขอลาทั้งหมด"],
      ["calendar", "ปฏิทิน"],
      ["statistics", "สถิติ"],
      ["holidays", "วันหยุด"],
    ]) {
      const response = await asAdmin(`/admin/leave-work?tab=${tab}&year=2026`);
      expect(response.status, tab).toBe(200);
      expect(await response.text(), tab).toContain(text);
    }
  });
});
