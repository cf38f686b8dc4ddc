// Leave petitions, decisions and history against the built server.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { makeJpeg } from "../fixtures/images";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "leave-admin", password: "leave-admin-password-1" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };

const asAdmin = apiClient(() => server, () => admin);
const as = (who: () => { cookie: string }) => apiClient(() => server, () => who().cookie);
const asAlice = as(() => alice);
const asBob = as(() => bob);

function counts() {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    const one = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
    return { petitions: one("select count(*) as n from leave_petitions"), uploads: one("select count(*) as n from uploads") };
  } finally {
    sqlite.close();
  }
}

const petition = (over: Record<string, unknown> = {}) => ({
  type: 1,
  // Holiday-free weeks: the server seeds this year's public holidays at start (3 March is Makha Bucha).
  start_date: "2026-02-02",
  end_date: "2026-02-03",
  half: "full",
  reason: "ธุระครอบครัว",
  ...over,
});

function multipart(fields: Record<string, unknown>, attachment?: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (attachment) form.set("attachment", new File([new Uint8Array(attachment)], "cert.jpg", { type: "image/jpeg" }));
  return form;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  alice = await linkedEmployee(server, admin, { code: "LV-1", demoUser: "Udemo0001" });
  bob = await linkedEmployee(server, admin, { code: "LV-2", demoUser: "Udemo0002" });
}, 60_000);
afterAll(() => server?.stop());

describe("POST /api/emp/leave/petition", () => {
  test("201 with the server's day count and status 1", async () => {
    const response = await asAlice("/api/emp/leave/petition", { method: "POST", json: petition() });
    expect(response.status).toBe(201);
    const { petition: p } = await response.json();
    expect(p).toMatchObject({ employee_id: alice.id, days: 2, status: 1, half: "full", type: 1 });
  });

  test("409 on a clash with the employee's own pending leave; a morning and an afternoon pair", async () => {
    const clash = await asAlice("/api/emp/leave/petition", { method: "POST", json: petition({ start_date: "2026-02-03", end_date: "2026-02-04" }) });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error).toMatch(THAI);
    const one = { start_date: "2026-03-10", end_date: "2026-03-10" };
    expect((await asAlice("/api/emp/leave/petition", { method: "POST", json: petition({ ...one, half: "morning" }) })).status).toBe(201);
    expect((await asAlice("/api/emp/leave/petition", { method: "POST", json: petition({ ...one, half: "afternoon" }) })).status).toBe(201);
    // Bob's leave on Alice's days is his own business.
    expect((await asBob("/api/emp/leave/petition", { method: "POST", json: petition() })).status).toBe(201);
  });

  test.each([
    ["end before start", { end_date: "2026-03-01" }, "end_date"],
    ["an impossible date", { start_date: "2026-02-30" }, "start_date"],
    ["an unknown type", { type: 11 }, "type"],
    ["a reason over 500 characters", { reason: "ก".repeat(501) }, "reason"],
    ["a half day over two dates", { half: "morning" }, "half"],
    ["days off only", { start_date: "2026-03-07", end_date: "2026-03-08" }, "start_date"],
  ])("400 in Thai for %s, nothing written", async (_, over, field) => {
    const before = counts();
    const response = await asAlice("/api/emp/leave/petition", { method: "POST", json: petition({ start_date: "2026-04-06", end_date: "2026-04-07", ...over }) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(THAI);
    expect(body.fields[field]).toMatch(THAI);
    expect(counts()).toEqual(before);
  });

  test("a sick leave of 3 days takes a certificate photo (multipart) and refuses a non-image", async () => {
    const sick = petition({ type: 2, start_date: "2026-05-11", end_date: "2026-05-13" });
    const without = await asAlice("/api/emp/leave/petition", { method: "POST", body: multipart(sick) });
    expect(without.status).toBe(400);
    expect((await without.json()).fields.attachment).toMatch(THAI);

    const before = counts();
    const notImage = await asAlice("/api/emp/leave/petition", {
      method: "POST",
      body: multipart(sick, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    });
    expect(notImage.status).toBe(400);
    expect(counts()).toEqual(before);

    const ok = await asAlice("/api/emp/leave/petition", { method: "POST", body: multipart(sick, await makeJpeg()) });
    expect(ok.status).toBe(201);
    const { petition: p } = await ok.json();
    expect(p.attachment_url).toMatch(/^\/uploads\/leaves\//);
    expect((await asAlice(p.attachment_url)).status).toBe(200);
    expect((await asBob(p.attachment_url)).status).toBe(404);
    expect((await asAdmin(p.attachment_url)).status).toBe(200);
  });

  test("401 without a session; an admin cookie is not an employee session", async () => {
    expect((await asAlice("/api/emp/leave/petition", { method: "POST", json: petition(), anonymous: true })).status).toBe(401);
    expect((await asAdmin("/api/emp/leave/petition", { method: "POST", json: petition() })).status).toBe(401);
  });
});

describe("decisions, cancel and history", () => {
  const file = async (who: typeof asAlice, over: Record<string, unknown>) => {
    const response = await who("/api/emp/leave/petition", { method: "POST", json: petition(over) });
    expect(response.status).toBe(201);
    return (await response.json()).petition as { id: number };
  };

  test("a reject without a note, or with a blank one, is a 400 on note and changes nothing; with one it rejects", async () => {
    const p = await file(asAlice, { start_date: "2026-06-15", end_date: "2026-06-15" });
    for (const json of [
      { id: p.id, action: "reject" },
      { id: p.id, action: "reject", note: "" },
      { id: p.id, action: "reject", note: " \n\t " },
    ]) {
      const refused = await asAdmin("/api/leave/approve-result", { method: "POST", json });
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body.error).toBe("ข้อมูลการพิจารณาไม่ถูกต้อง");
      expect(body.fields).toEqual({ note: "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)" });
    }
    const history = async () => (await (await asAlice("/api/emp/leave/history?year=2026")).json()).items as { id: number; status: number; decision_note: string | null }[];
    expect((await history()).find((x) => x.id === p.id)).toMatchObject({ status: 1, decision_note: null });
    const rejected = await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "reject", note: "  งานเร่งด่วนในช่วงนั้น " } });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).petition).toMatchObject({ status: 3, decision_note: "งานเร่งด่วนในช่วงนั้น" });
    // The employee's history carries the reason.
    expect((await history()).find((x) => x.id === p.id)).toMatchObject({ status: 3, decision_note: "งานเร่งด่วนในช่วงนั้น" });
  });

  test("an admin approves once (200), a second decision is a 409, an unknown action a 400", async () => {
    const p = await file(asAlice, { start_date: "2026-06-01", end_date: "2026-06-02" });
    const bad = await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "maybe" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.action).toMatch(THAI);
    const ok = await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "accept", note: "อนุมัติ" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).petition).toMatchObject({ status: 2, decision_note: "อนุมัติ" });
    expect((await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "reject", note: "ช้าไป" } })).status).toBe(409);
    expect((await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: 999999, action: "reject", note: "ช้าไป" } })).status).toBe(404);
    // Employees cannot decide (signed in, but not an admin: 403).
    expect((await asAlice("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "accept" } })).status).toBe(403);

    // Approved: the employee may not cancel it (409), an admin may.
    expect((await asAlice(`/api/emp/leave/petition/${p.id}/cancel`, { method: "POST" })).status).toBe(409);
    const cancelled = await asAdmin(`/api/leave/petition/${p.id}/cancel`, { method: "POST", json: { note: "เปลี่ยนแผน" } });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).petition).toMatchObject({ status: 0, cancelled_by: "admin" });
  });

  test("the employee cancels their own pending petition; another's is a 404", async () => {
    const p = await file(asAlice, { start_date: "2026-06-08", end_date: "2026-06-08" });
    expect((await asBob(`/api/emp/leave/petition/${p.id}/cancel`, { method: "POST" })).status).toBe(404);
    const ok = await asAlice(`/api/emp/leave/petition/${p.id}/cancel`, { method: "POST" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).petition.status).toBe(0);
    expect((await asAlice(`/api/emp/leave/petition/${p.id}/cancel`, { method: "POST" })).status).toBe(409);
  });

  test("history has the year's own petitions and balances; a bad year is a 400", async () => {
    const h = await (await asBob("/api/emp/leave/history?year=2026")).json();
    expect(h.items.every((p: { employee_id: number }) => p.employee_id === bob.id)).toBe(true);
    // The spec's three as before; the catalogue's other types that are on follow them.
    expect(h.balances.slice(0, 3)).toEqual([
      { type: 1, quota: 3, used: 0, pending: 2, remaining: 1 },
      { type: 2, quota: 30, used: 0, pending: 0, remaining: 30 },
      { type: 3, quota: 6, used: 0, pending: 0, remaining: 6 },
    ]);
    expect(h.balances.slice(3).map((b: { type: number }) => b.type)).toEqual([4, 5, 6, 7, 8, 9]);
    // The petition form's choices: the types that are on, with their rules (ordination is off).
    expect(h.types.map((t: { id: number }) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(h.types[4]).toMatchObject({ id: 5, name_th: "ลาช่วยเหลือคู่สมรสคลอดบุตร", per: "event", event_window_days: 90, half_day: false });
    expect((await asBob("/api/emp/leave/history?year=abc")).status).toBe(400);
    expect((await asBob("/api/emp/leave/history?year=2019")).status).toBe(400);
  });

  test("the admin list filters and pages; bad filters are 400s; employees get 403", async () => {
    const all = await (await asAdmin(`/api/leave/petition?year=2026&employee_id=${alice.id}`)).json();
    expect(all.total).toBeGreaterThan(2);
    expect(all.items.every((p: { employee: { id: number } }) => p.employee.id === alice.id)).toBe(true);
    const pending = await (await asAdmin("/api/leave/petition?year=2026&status=1&page_size=1")).json();
    expect(pending.items).toHaveLength(1);
    expect(pending.items[0].status).toBe(1);
    for (const q of ["status=7", "type=0", "year=1999", "employee_id=abc", "page=0"]) {
      const response = await asAdmin(`/api/leave/petition?${q}`);
      expect(response.status, q).toBe(400);
    }
    expect((await asAlice("/api/leave/petition")).status).toBe(403);
    expect((await asAlice("/api/leave/petition", { anonymous: true })).status).toBe(401);
  });
});

describe("calendar and statistics", () => {
  test("GET /api/leave/calendar?month= holds the month's active petitions and holidays; a bad month is a 400", async () => {
    const response = await asAdmin("/api/leave/calendar?month=2026-03");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ month: "2026-03", first: "2026-03-01", last: "2026-03-31" });
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i: { status: number }) => i.status === 1 || i.status === 2)).toBe(true);
    expect(Array.isArray(body.holidays)).toBe(true);
    const bad = await asAdmin("/api/leave/calendar?month=2026-3");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.month).toMatch(THAI);
    expect((await asAlice("/api/leave/calendar")).status).toBe(403);
  });

  test("GET /api/leave/statistic?year= answers JSON and CSV; a year before 2024 is a 400", async () => {
    const body = await (await asAdmin("/api/leave/statistic?year=2026")).json();
    expect(body.year).toBe(2026);
    const codes = body.items.map((i: { employee: { code: string } }) => i.employee.code);
    expect(codes).toEqual(expect.arrayContaining(["LV-1", "LV-2"]));
    const csv = await asAdmin("/api/leave/statistic?year=2026&format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("leave-statistics-2026.csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).startsWith("รหัสพนักงาน")).toBe(true);
    expect((await asAdmin("/api/leave/statistic?year=2023")).status).toBe(400);
    expect((await asAdmin("/api/leave/statistic?format=pdf")).status).toBe(400);
    expect((await asAlice("/api/leave/statistic", { anonymous: true })).status).toBe(401);
  });
});
