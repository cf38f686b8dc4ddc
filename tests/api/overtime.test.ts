// Overtime against the built server on a moved clock (Wednesday 25 November 2026, 12:00 in
// Bangkok): the employee's request from LINE, the admin's record, the decision, the lists and the
// employee's cancel, with their status codes and fields (docs/api.md "Overtime", ADR 046).
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "overtime-admin", password: "overtime-admin-password" };
const THAI = /[\u0E00-\u0E7F]/;
const MONDAY = "2026-11-23";
const DTO_KEYS = [
  "created_at",
  "date",
  "decided_at",
  "decided_by",
  "decision_note",
  "employee_id",
  "end",
  "id",
  "minutes",
  "over_weekly_limit",
  "reason",
  "source",
  "start",
  "status",
  "week_hours",
];

let server: RunningServer;
let admin: string;
let a: { id: number; cookie: string };
let b: { id: number; cookie: string };
const api = apiClient(() => server, () => admin);
const as = (who: { cookie: string }) => (p: string, init: { method?: string; json?: unknown } = {}) =>
  api(p, { ...init, anonymous: true, headers: { Cookie: who.cookie } });

type Overtime = Record<string, unknown> & { id: number; status: string };

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

async function refused(response: Response, status: number) {
  const body = await ok(response, status);
  expect(body.error).toMatch(THAI);
  return body as { error: string; fields?: Record<string, string> };
}

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const ask = (json: Record<string, unknown>, who = a) =>
  as(who)("/api/emp/overtime", { method: "POST", json: { date: MONDAY, start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน", ...json } });
const decide = (id: number | string, json: Record<string, unknown>) => api(`/api/overtime/${id}/decision`, { method: "POST", json });

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...movedClock("2026-11-25 05:00:00") });
  admin = await adminCookie(server, ADMIN);
  await ok(
    await api("/api/settings", {
      method: "PUT",
      json: { offices: [{ name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 }], attendance_start: "2026-11-01" },
    }),
  );
  a = await linkedEmployee(server, admin, { code: "OTA", demoUser: "Udemo0021", fields: { start_date: "2025-01-01" } });
  b = await linkedEmployee(server, admin, { code: "OTB", demoUser: "Udemo0022", fields: { start_date: "2025-01-01" } });
});
afterAll(() => server?.stop());

describe("POST /api/emp/overtime", () => {
  test("201 { overtime }: pending, asked by the signed-in employee, with its minutes and week", async () => {
    const { overtime } = (await ok(await ask({}), 201)) as { overtime: Overtime };
    expect(Object.keys(overtime).sort()).toEqual(DTO_KEYS);
    expect(overtime).toMatchObject({
      employee_id: a.id,
      date: MONDAY,
      start: "17:30",
      end: "20:00",
      minutes: 150,
      reason: "ปิดงบสิ้นเดือน",
      status: "pending",
      source: "employee",
      decided_by: null,
      decided_at: null,
      decision_note: null,
      week_hours: 2.5,
      over_weekly_limit: false,
    });
  });

  test("400 in Thai with fields: equal ends, over 12 hours, no reason, too far back or ahead, unknown fields", async () => {
    expect((await refused(await ask({ date: "2026-11-30", end: "17:30" }), 400)).fields).toHaveProperty("end");
    expect((await refused(await ask({ date: "2026-11-30", start: "18:00", end: "06:30" }), 400)).fields).toHaveProperty("end");
    expect((await refused(await ask({ date: "2026-11-30", reason: " " }), 400)).fields).toHaveProperty("reason");
    expect((await refused(await ask({ date: "2026-10-24" }), 400)).fields).toEqual({ date: "ขอทำงานล่วงเวลาย้อนหลังได้ไม่เกิน 31 วัน" });
    expect((await refused(await ask({ date: "2027-01-27" }), 400)).fields).toEqual({ date: "ขอทำงานล่วงเวลาล่วงหน้าได้ไม่เกิน 62 วัน" });
    await refused(await ask({ date: "2026-11-30", employee_id: b.id }), 400);
    await refused(await ask({ date: "2026-11-30", start: 1730 }), 400);
  });

  test("409 in Thai when it meets the employee's own pending or approved window", async () => {
    const clash = await refused(await ask({ start: "19:00", end: "21:00" }), 409);
    expect(clash.error).toBe("ช่วงเวลานี้ซ้อนกับคำขอทำงานล่วงเวลาที่มีอยู่แล้ว");
    expect(clash.fields?.start).toMatch(/^ซ้อนกับคำขอวันที่ 23 พ\.ย\. 2569 เวลา 17:30–20:00 น\./);
    // Another employee's window is theirs.
    await ok(await ask({ start: "19:00", end: "21:00" }, b), 201);
  });

  test("only a linked employee: 401 without the LINE session, 401 with the admin's cookie", async () => {
    await refused(await api("/api/emp/overtime", { method: "POST", anonymous: true, json: {} }), 401);
    await refused(await api("/api/emp/overtime", { method: "POST", json: {} }), 401);
  });
});

describe("POST /api/overtime (admin)", () => {
  test("201 { overtime }: approved at once by the admin; 404 for an unknown employee; 403 for an employee", async () => {
    const { overtime } = (await ok(
      await api("/api/overtime", { method: "POST", json: { employee_id: b.id, date: "2026-11-24", start: "06:00", end: "08:00", reason: "รับสินค้าเข้าคลัง" } }),
      201,
    )) as { overtime: Overtime };
    expect(Object.keys(overtime).sort()).toEqual(DTO_KEYS);
    expect(overtime).toMatchObject({ employee_id: b.id, status: "approved", source: "admin", minutes: 120, decision_note: null });
    expect(overtime.decided_by).toEqual(expect.any(Number));
    expect(Date.parse(String(overtime.decided_at))).toBeGreaterThanOrEqual(Date.parse("2026-11-25T05:00:00.000Z"));
    await refused(await api("/api/overtime", { method: "POST", json: { employee_id: 999_999, date: "2026-11-24", start: "06:00", end: "08:00", reason: "x" } }), 404);
    await refused(await api("/api/overtime", { method: "POST", json: { date: "2026-11-24", start: "06:00", end: "08:00", reason: "x" } }), 400);
    await refused(await as(a)("/api/overtime", { method: "POST", json: {} }), 403);
  });
});

describe("POST /api/overtime/:id/decision (admin)", () => {
  test("200 { overtime } on approve; a rejection needs a note (400 fields.note); a decided one is a 409; 404", async () => {
    const { overtime } = (await ok(await ask({ date: "2026-11-26" }), 201)) as { overtime: Overtime };
    const noNote = await refused(await decide(overtime.id, { decision: "reject", note: "  " }), 400);
    expect(noNote.fields).toEqual({ note: "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)" });
    await refused(await decide(overtime.id, { decision: "maybe" }), 400);
    const approved = (await ok(await decide(overtime.id, { decision: "approve", note: "" }))) as { overtime: Overtime };
    expect(Object.keys(approved.overtime).sort()).toEqual(DTO_KEYS);
    expect(approved.overtime).toMatchObject({ id: overtime.id, status: "approved", decided_by: expect.any(Number), decision_note: null });
    expect((await refused(await decide(overtime.id, { decision: "reject", note: "ช้าไป" }), 409)).error).toMatch(/อนุมัติแล้ว/);
    await refused(await decide(999_999, { decision: "approve" }), 404);
    await refused(await decide("abc", { decision: "approve" }), 404);
  });

  test("reject with a note: the note is the employee's reason", async () => {
    const { overtime } = (await ok(await ask({ date: "2026-11-27" }), 201)) as { overtime: Overtime };
    const { overtime: rejected } = (await ok(await decide(overtime.id, { decision: "reject", note: "งานเลื่อนไปสัปดาห์หน้า" }))) as { overtime: Overtime };
    expect(rejected).toMatchObject({ status: "rejected", decision_note: "งานเลื่อนไปสัปดาห์หน้า" });
  });

  test("an approval recomputes the ledger day: 17:30–20:00 on a weekday, out at 20:10 → 150 minutes of overtime", async () => {
    const e = await linkedEmployee(server, admin, { code: "OTC", demoUser: "Udemo0023", fields: { start_date: "2025-01-01" } });
    await ok(await api("/api/checkin-out/correct", { method: "POST", json: { employee_id: e.id, work_date: MONDAY, checkin_at: "08:25", checkout_at: "20:10", note: "บันทึกย้อนหลัง" } }));
    const { overtime } = (await ok(await ask({}, e), 201)) as { overtime: Overtime };
    const minutes = () =>
      sqlite((db) => db.prepare("select overtime_minutes from attendance_days where employee_id = ? and work_date = ?").pluck().get(e.id, MONDAY));
    expect(minutes()).toBe(0);
    await ok(await decide(overtime.id, { decision: "approve" }));
    expect(minutes()).toBe(150);
  });
});

describe("GET /api/overtime?month= (admin) and GET /api/emp/overtime", () => {
  test("the month's requests with who and the week's hours; by status and employee; 400 on a bad month", async () => {
    const { overtime } = (await ok(await api("/api/overtime?month=2026-11"))) as { overtime: (Overtime & { employee: unknown })[] };
    expect(overtime.length).toBeGreaterThanOrEqual(4);
    const dates = overtime.map((o) => String(o.date));
    expect(dates).toEqual([...dates].sort());
    expect(Object.keys(overtime[0]).sort()).toEqual([...DTO_KEYS, "employee"].sort());
    expect(overtime.find((o) => o.employee_id === a.id)?.employee).toEqual({ id: a.id, code: "OTA", full_name: "นายทดสอบ OTA" });
    const pending = (await ok(await api("/api/overtime?month=2026-11&status=pending"))).overtime as Overtime[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((o) => o.status === "pending")).toBe(true);
    const ofB = (await ok(await api(`/api/overtime?month=2026-11&employee_id=${b.id}`))).overtime as Overtime[];
    expect(ofB.every((o) => o.employee_id === b.id)).toBe(true);
    expect((await ok(await api("/api/overtime?month=2026-12"))).overtime).toEqual([]);
    for (const bad of ["month=2026-13", "month=abc", "status=done", "employee_id=x"]) await refused(await api(`/api/overtime?${bad}`), 400);
    await refused(await as(a)("/api/overtime"), 403);
  });

  test("the employee's own, the latest date first, and nobody else's", async () => {
    const { overtime } = (await ok(await as(a)("/api/emp/overtime?employee_id=" + b.id))) as { overtime: Overtime[] };
    expect(overtime.length).toBeGreaterThanOrEqual(3);
    expect(overtime.every((o) => o.employee_id === a.id)).toBe(true);
    const dates = overtime.map((o) => String(o.date));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(overtime[0]).sort()).toEqual(DTO_KEYS);
  });
});

describe("POST /api/emp/overtime/:id/cancel", () => {
  test("their own pending one → 200 cancelled; again → 409; another's → 404", async () => {
    const { overtime } = (await ok(await ask({ date: "2026-12-01" }), 201)) as { overtime: Overtime };
    await refused(await as(b)(`/api/emp/overtime/${overtime.id}/cancel`, { method: "POST" }), 404);
    const { overtime: cancelled } = (await ok(await as(a)(`/api/emp/overtime/${overtime.id}/cancel`, { method: "POST" }))) as { overtime: Overtime };
    expect(cancelled).toMatchObject({ id: overtime.id, status: "cancelled" });
    await refused(await as(a)(`/api/emp/overtime/${overtime.id}/cancel`, { method: "POST" }), 409);
    await refused(await as(a)("/api/emp/overtime/abc/cancel", { method: "POST" }), 404);
  });

  test("an approved one not begun may be cancelled; one whose window has begun may not", async () => {
    const { overtime: later } = (await ok(await ask({ date: "2026-12-02" }), 201)) as { overtime: Overtime };
    await ok(await decide(later.id, { decision: "approve" }));
    expect(((await ok(await as(a)(`/api/emp/overtime/${later.id}/cancel`, { method: "POST" }))).overtime as Overtime).status).toBe("cancelled");
    const { overtime: begun } = (await ok(await ask({ date: "2026-11-25", start: "11:00", end: "13:00" }), 201)) as { overtime: Overtime };
    await ok(await decide(begun.id, { decision: "approve" }));
    await refused(await as(a)(`/api/emp/overtime/${begun.id}/cancel`, { method: "POST" }), 409);
  });
});
