// Attendance corrections against the built server: the admin's correction, the employee's request
// from LINE, and the admin's decision, with every status code.
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "corr-admin", password: "corr-admin-password" };
let server: RunningServer;
let cookie: string;

const api = apiClient(() => server, () => cookie);

const DATE = "2025-11-24"; // a Monday well before the server's clock
const at = (hhmm: string, date = DATE) => new Date(`${date}T${hhmm}:00+07:00`);
const FUTURE = "2199-01-01";

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

let serial = 0;
async function employee() {
  serial += 1;
  const response = await api("/api/employee", {
    method: "POST",
    json: { code: `COR${String(serial).padStart(3, "0")}`, title: 1, first_name: "แก้ไข", last_name: `เวลา${serial}` },
  });
  expect(response.status).toBe(201);
  return (await response.json()).employee as { id: number; code: string };
}

/** An employee linked to a demo LINE user; returns the employee and their LIFF cookie. */
async function linked(demoUser: string) {
  const e = await employee();
  const { code } = await (await api(`/api/employee/${e.id}/verify-code`, { method: "POST" })).json();
  const authen = await fetch(`${server.baseUrl}/api/emp/authen`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: `demo:${demoUser}` }),
  });
  const emp = cookieFrom(authen, "tn_emp")!;
  const verified = await fetch(`${server.baseUrl}/api/emp/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", Cookie: emp },
    body: JSON.stringify({ employee_code: e.code, verify_code: code }),
  });
  expect(verified.status).toBe(200);
  return { ...e, cookie: emp };
}

const empApi = (empCookie: string) => (p: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${server.baseUrl}${p}`, {
    method: init.method ?? "GET",
    headers: { Cookie: empCookie, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

function insertRecord(employeeId: number, date = DATE, checkout: Date | null = null) {
  return sqlite((db) =>
    Number(
      db
        .prepare("insert into attendance (employee_id, work_date, checkin_at, checkout_at, late_minutes) values (?, ?, ?, ?, ?)")
        .run(employeeId, date, at("08:45", date).getTime(), checkout?.getTime() ?? null, 15).lastInsertRowid,
    ),
  );
}

const counts = () =>
  sqlite((db) => {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return { records: one("select count(*) as n from attendance"), corrections: one("select count(*) as n from attendance_corrections") };
  });

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
  // Late and early minutes are the day ledger's, which counts from attendance_start (ADR 043).
  const office = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
  const saved = await api("/api/settings", { method: "PUT", json: { offices: [office], attendance_start: "2025-01-01" } });
  expect(saved.status, await saved.text()).toBe(200);
});
afterAll(() => server?.stop());

describe("who may call", () => {
  test("admin routes refuse anonymous callers with 401; the employee route too", async () => {
    for (const [p, method] of [
      ["/api/checkin-out/correct", "POST"],
      ["/api/checkin-out/corrections", "GET"],
      ["/api/checkin-out/corrections/1/decision", "POST"],
      ["/api/emp/checkin-out/correction", "GET"],
      ["/api/emp/checkin-out/correction", "POST"],
    ] as const) {
      const response = await api(p, { method, anonymous: true, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${p}`).toBe(401);
      expect((await response.json()).error).toBeTruthy();
    }
  });
});

describe("POST /api/checkin-out/correct", () => {
  test("creates the day's record for a forgotten phone (200), then updates it; originals kept; audit-logged", async () => {
    const e = await employee();
    const created = await api("/api/checkin-out/correct", {
      method: "POST",
      json: { employee_id: e.id, work_date: DATE, checkin_at: "08:40", checkout_at: "17:00", note: "ลืมโทรศัพท์" },
    });
    expect(created.status).toBe(200);
    const { record } = await created.json();
    expect(record).toMatchObject({
      employee_id: e.id,
      work_date: DATE,
      checkin_at: at("08:40").toISOString(),
      checkout_at: at("17:00").toISOString(),
      late_minutes: 10,
      early_minutes: 30,
      corrected: true,
    });

    const updated = await api("/api/checkin-out/correct", {
      method: "POST",
      json: { employee_id: e.id, work_date: DATE, checkout_at: "17:45", note: "แก้เวลาออก" },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).record).toMatchObject({ id: record.id, checkin_at: at("08:40").toISOString(), early_minutes: 0 });

    const rows = sqlite((db) =>
      db.prepare("select source, status, original_checkout_at, checkout_at from attendance_corrections where attendance_id = ? order by id").all(record.id),
    );
    expect(rows).toEqual([
      { source: "admin", status: "approved", original_checkout_at: null, checkout_at: at("17:00").getTime() },
      { source: "admin", status: "approved", original_checkout_at: at("17:00").getTime(), checkout_at: at("17:45").getTime() },
    ]);
    const audit = sqlite((db) => db.prepare("select action from audit_log where entity = 'attendance' and entity_id = ?").all(String(record.id)));
    expect(audit).toEqual([{ action: "correct" }, { action: "correct" }]);

    const daily = await (await api(`/api/checkin-out/daily?date=${DATE}`)).json();
    expect(daily.items.find((i: { employee: { id: number } }) => i.employee.id === e.id).record.corrected).toBe(true);
  });

  test("400 for bad input, a future date, out before in; 404 for an unknown employee; nothing written", async () => {
    const e = await employee();
    const before = counts();
    const base = { employee_id: e.id, work_date: DATE, checkin_at: "08:00", note: "แก้" };
    for (const json of [
      { ...base, note: "" },
      { ...base, note: "ก".repeat(501) },
      { ...base, checkin_at: "8 โมง" },
      { ...base, checkin_at: undefined },
      { ...base, work_date: FUTURE },
      { ...base, checkin_at: "09:00", checkout_at: "08:00" },
      { ...base, employee_id: "abc" },
      { ...base, extra: true },
    ]) {
      const response = await api("/api/checkin-out/correct", { method: "POST", json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await response.json()).error).toMatch(/[\u0E00-\u0E7F]/);
    }
    const missing = await api("/api/checkin-out/correct", { method: "POST", json: { ...base, employee_id: 999999 } });
    expect(missing.status).toBe(404);
    expect(counts()).toEqual(before);
  });
});

describe("employee requests and admin decisions", () => {
  let alice: Awaited<ReturnType<typeof linked>>;
  let bob: Awaited<ReturnType<typeof linked>>;

  beforeAll(async () => {
    alice = await linked("Udemo0101");
    bob = await linked("Udemo0102");
  });

  test("request (201), a second pending one (409), the admin list, approve (200), deciding twice (409)", async () => {
    const id = insertRecord(alice.id, "2025-11-25");
    const ask = empApi(alice.cookie);
    const created = await ask("/api/emp/checkin-out/correction", {
      method: "POST",
      json: { work_date: "2025-11-25", checkout_at: "17:10", reason: "ลืมลงเวลาออก" },
    });
    expect(created.status).toBe(201);
    const { correction } = await created.json();
    expect(correction).toMatchObject({ attendance_id: id, status: "pending", source: "employee", checkin_at: null });

    const again = await ask("/api/emp/checkin-out/correction", { method: "POST", json: { work_date: "2025-11-25", checkout_at: "17:20", reason: "อีกครั้ง" } });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("มีคำขอแก้ไขเวลาของวันนี้รออนุมัติอยู่แล้ว");

    const own = await (await ask("/api/emp/checkin-out/correction")).json();
    expect(own.items.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([[correction.id, "pending"]]);
    expect((await (await empApi(bob.cookie)("/api/emp/checkin-out/correction")).json()).items).toEqual([]);

    const queue = await api("/api/checkin-out/corrections");
    expect(queue.status).toBe(200);
    const page = await queue.json();
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(page.items[0]).toMatchObject({ correction: { id: correction.id }, employee: { id: alice.id }, record: { checkout_at: null } });
    const review = await (await api("/admin/checkin-out?tab=review&_data=routes%2Fadmin.checkin-out")).json();
    expect(review.pending).toBeGreaterThanOrEqual(1);
    expect(review.review.corrections.items.map((i: { correction: { id: number } }) => i.correction.id)).toContain(correction.id);

    const approved = await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "approve", note: "ตรวจแล้ว" } });
    expect(approved.status).toBe(200);
    const body = await approved.json();
    expect(body.correction).toMatchObject({ status: "approved", decision_note: "ตรวจแล้ว", original_checkout_at: null });
    expect(body.record).toMatchObject({ checkout_at: at("17:10", "2025-11-25").toISOString(), early_minutes: 20, corrected: true });

    const twice = await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "reject", note: "ซ้ำ" } });
    expect(twice.status).toBe(409);
    expect((await (await ask("/api/emp/checkin-out/correction")).json()).items[0].status).toBe("approved");
    expect((await (await api("/api/checkin-out/corrections?status=approved")).json()).total).toBe(1);
  });

  test("two admins approving at once: one 200, one 409, the times applied once", async () => {
    insertRecord(alice.id, "2025-11-26");
    const created = await empApi(alice.cookie)("/api/emp/checkin-out/correction", {
      method: "POST",
      json: { work_date: "2025-11-26", checkin_at: "08:25", reason: "มาถึงก่อนแต่ลืมลงเวลา" },
    });
    const { correction } = await created.json();
    const decide = () => api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "approve" } });
    const statuses = (await Promise.all([decide(), decide()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const applied = sqlite((db) =>
      db.prepare("select count(*) as n from audit_log where action = 'correct' and changes like ?").get(`%"correction_id":${correction.id}%`),
    );
    expect(applied).toEqual({ n: 1 });
  });

  test("reject (200) leaves the record; 400 bad decision or a rejection without a reason; 404 unknown request", async () => {
    const id = insertRecord(bob.id, "2025-11-27");
    const created = await empApi(bob.cookie)("/api/emp/checkin-out/correction", {
      method: "POST",
      json: { work_date: "2025-11-27", checkin_at: "08:00", reason: "นาฬิกาผิด" },
    });
    const { correction } = await created.json();
    expect((await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "maybe" } })).status).toBe(400);
    expect((await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "reject", note: "ก".repeat(501) } })).status).toBe(400);
    expect((await api("/api/checkin-out/corrections/999999/decision", { method: "POST", json: { decision: "approve" } })).status).toBe(404);
    for (const json of [{ decision: "reject" }, { decision: "reject", note: "  " }]) {
      const unexplained = await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json });
      expect(unexplained.status).toBe(400);
      expect((await unexplained.json()).fields).toEqual({ note: "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)" });
    }
    const rejected = await api(`/api/checkin-out/corrections/${correction.id}/decision`, { method: "POST", json: { decision: "reject", note: "ไม่มีหลักฐาน" } });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).record).toMatchObject({ id, checkin_at: at("08:45", "2025-11-27").toISOString(), corrected: false });
  });

  test("employee refusals: 400 bad input or a future date, 404 another employee's day or a day without a check-in; nothing written", async () => {
    insertRecord(bob.id, "2025-11-28");
    const ask = empApi(alice.cookie);
    const before = counts();
    for (const json of [
      { work_date: "2025-11-28", reason: "ไม่มีเวลา" },
      { work_date: "2025-11-28", checkout_at: "17:00", reason: "" },
      { work_date: "2025-11-28", checkout_at: "17:00", reason: "ก".repeat(501) },
      { work_date: "2025-11-28", checkout_at: "25:00", reason: "เวลาไม่ถูก" },
      { work_date: FUTURE, checkout_at: "17:00", reason: "ล่วงหน้า" },
      { work_date: "28/11/2025", checkout_at: "17:00", reason: "วันที่ผิดรูป" },
    ]) {
      const response = await ask("/api/emp/checkin-out/correction", { method: "POST", json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
    const others = await ask("/api/emp/checkin-out/correction", { method: "POST", json: { work_date: "2025-11-28", checkout_at: "17:00", reason: "ของคนอื่น" } });
    expect(others.status).toBe(404);
    const none = await ask("/api/emp/checkin-out/correction", { method: "POST", json: { work_date: "2025-11-03", checkout_at: "17:00", reason: "ไม่มีการลงเวลา" } });
    expect(none.status).toBe(404);
    expect(counts()).toEqual(before);
  });

  test("the list refuses a bad query with 400", async () => {
    for (const q of ["status=done", "page=abc", "page_size=0"]) {
      const response = await api(`/api/checkin-out/corrections?${q}`);
      expect(response.status, q).toBe(400);
    }
  });
});

describe("the /admin/checkin-out page intents", () => {
  const pagePost = (fields: Record<string, string>) =>
    api("/admin/checkin-out?_data=routes%2Fadmin.checkin-out", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("correct and correction-decision run the same model rules", async () => {
    const e = await linked("Udemo0103");
    const ok = await pagePost({ intent: "correct", employee_id: String(e.id), work_date: DATE, checkin_at: "08:30", checkout_at: "", note: "ลืมโทรศัพท์" });
    expect(await ok.json()).toEqual({ ok: true, intent: "correct", message: "แก้ไขเวลาแล้ว" });
    const bad = await pagePost({ intent: "correct", employee_id: String(e.id), work_date: DATE, checkin_at: "09:00", checkout_at: "08:00", note: "x" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.checkout_at).toBe("เวลาออกงานต้องหลังเวลาเข้างาน (วันเดียวกัน)");

    const created = await empApi(e.cookie)("/api/emp/checkin-out/correction", { method: "POST", json: { work_date: DATE, checkout_at: "17:30", reason: "ลืม" } });
    const { correction } = await created.json();
    const decided = await pagePost({ intent: "correction-decision", id: String(correction.id), decision: "approve", note: "" });
    expect(await decided.json()).toEqual({ ok: true, intent: "correction-decision", message: "อนุมัติคำขอแก้ไขเวลาแล้ว" });
    const twice = await pagePost({ intent: "correction-decision", id: String(correction.id), decision: "reject", note: "ซ้ำ" });
    expect(twice.status).toBe(409);
  });

  test("the review tab renders the requests section and the daily view the correction action", async () => {
    const review = await api("/admin/checkin-out?tab=review&corrections=approved");
    expect(review.status).toBe(200);
    expect(await review.text()).toContain("คำขอแก้ไขเวลา");
    const daily = await api(`/admin/checkin-out?date=${DATE}`);
    expect(daily.status).toBe(200);
    const html = await daily.text();
    expect(html).toContain("แก้ไขแล้ว");
    expect(html).toContain("แก้ไขเวลา");
  });
});
