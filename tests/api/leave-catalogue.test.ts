// The 2025 leave catalogue against the built server on a moved clock (20 December 2026): each
// type's counting, the service and event rules, a petition across the new year, and the spec's
// three types unchanged.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "catalogue-admin", password: "catalogue-admin-password-1" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let admin: string;
let mother: { id: number; cookie: string };
let father: { id: number; cookie: string };
let newcomer: { id: number; cookie: string };
let traveller: { id: number; cookie: string };

const asAdmin = apiClient(() => server, () => admin);
const as = (who: () => { cookie: string }) => apiClient(() => server, () => who().cookie);

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

const petition = (over: Record<string, unknown>) => ({ half: "full", reason: "ทดสอบ", ...over });
const file = (who: () => { cookie: string }, over: Record<string, unknown>) =>
  as(who)("/api/emp/leave/petition", { method: "POST", json: petition(over) });

function sqlite<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const balanceOf = async (employeeId: number, year: number, type: number) => {
  const body = await ok(await asAdmin(`/api/leave/quota?employee_id=${employeeId}&year=${year}`));
  return (body.balances as { type: number; quota: number | null; used: number; pending: number; remaining: number | null }[]).find(
    (b) => b.type === type,
  );
};

beforeAll(async () => {
  server = await startServer({ ...movedClock("2026-12-20 03:00:00"), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  mother = await linkedEmployee(server, admin, { code: "LC-MOTHER", demoUser: "Udemo0101" });
  father = await linkedEmployee(server, admin, { code: "LC-FATHER", demoUser: "Udemo0102" });
  newcomer = await linkedEmployee(server, admin, { code: "LC-NEW", demoUser: "Udemo0103", fields: { start_date: "2026-06-01" } });
  traveller = await linkedEmployee(server, admin, { code: "LC-YEAR", demoUser: "Udemo0104" });
}, 60_000);
afterAll(() => server?.stop());

describe("GET /api/leave/types", () => {
  test("the ten types by id: the spec's 1–3 as they were, the 2025 amendment's maternity, ordination off", async () => {
    const { items } = await ok(await asAdmin("/api/leave/types"));
    expect(items.map((t: { id: number }) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const byId = new Map(items.map((t: { id: number }) => [t.id, t]));
    expect(byId.get(1)).toMatchObject({ name_th: "ลากิจ", quota_days: 3, per: "year", unit: "working_day", paid_days: 3, half_day: true, active: true });
    expect(byId.get(2)).toMatchObject({ name_th: "ลาป่วย", quota_days: 30, certificate_from_days: 3, active: true });
    expect(byId.get(3)).toMatchObject({ name_th: "ลาพักร้อน", quota_days: 6, active: true });
    expect(byId.get(4)).toMatchObject({ name_th: "ลาคลอด", quota_days: 120, per: "event", unit: "calendar_day", paid_days: 60, half_day: false });
    expect(byId.get(5)).toMatchObject({ quota_days: 15, per: "event", event_window_days: 90, paid_days: 15 });
    expect(byId.get(6)).toMatchObject({ quota_days: 15, pay_percent: 50, certificate_from_days: 1 });
    expect(byId.get(8)).toMatchObject({ quota_days: null, paid_days: null });
    expect(byId.get(9)).toMatchObject({ paid_days: 0 });
    expect(byId.get(10)).toMatchObject({ name_th: "ลาอุปสมบท", active: false });
    for (const t of items) expect(t.section_th).toMatch(THAI);
  });

  test("401 anonymous, 403 for an employee", async () => {
    expect((await asAdmin("/api/leave/types", { anonymous: true })).status).toBe(401);
    expect((await as(() => mother)("/api/leave/types")).status).toBe(403);
  });
});

describe("counting by type", () => {
  test("maternity over a month with weekends and holidays counts calendar days (30), and no half day", async () => {
    // 1–30 Dec 2026 holds 5 Dec (วันชาติ), its substitution day 7 Dec, 10 Dec (วันรัฐธรรมนูญ) and eight weekend days.
    const created = await ok(await file(() => mother, { type: 4, start_date: "2026-12-01", end_date: "2026-12-30" }), 201);
    expect(created.petition).toMatchObject({ type: 4, type_label: "ลาคลอด", days: 30, next_year_days: 0, year: 2026 });
    const business = await ok(await file(() => traveller, { type: 1, start_date: "2026-12-01", end_date: "2026-12-04" }), 201);
    expect(business.petition.days).toBe(4);
    expect(await balanceOf(mother.id, 2026, 4)).toMatchObject({ quota: 120, pending: 30, remaining: 90 });

    const half = await file(() => mother, { type: 4, start_date: "2027-02-01", end_date: "2027-02-01", half: "morning" });
    expect(half.status).toBe(400);
    const body = await half.json();
    expect(body.fields.half).toBe("ลาคลอดลาครึ่งวันไม่ได้");
  });

  test("spouse-birth leave needs the birth date and must end within 90 days of it", async () => {
    const missing = await file(() => father, { type: 5, start_date: "2026-12-21", end_date: "2026-12-22" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields.event_date).toMatch(THAI);

    const late = await file(() => father, { type: 5, event_date: "2026-09-01", start_date: "2026-12-01", end_date: "2026-12-02" });
    expect(late.status).toBe(400);
    const refused = await late.json();
    // 90 days from 1 Sep 2026 (the birth day itself not counted) is 30 Nov 2026.
    expect(refused.fields.end_date).toBe("ลาช่วยเหลือคู่สมรสคลอดบุตรต้องลาภายใน 90 วันนับแต่วันที่เกิดเหตุ (ไม่เกินวันที่ 30 พ.ย. 2569)");
    expect(sqlite((db) => db.prepare("select count(*) as n from leave_petitions where employee_id = ?").get(father.id))).toEqual({ n: 0 });

    const before = await file(() => father, { type: 5, event_date: "2026-12-15", start_date: "2026-12-14", end_date: "2026-12-14" });
    expect(before.status).toBe(400);

    const inTime = await ok(await file(() => father, { type: 5, event_date: "2026-11-01", start_date: "2026-11-23", end_date: "2026-11-27" }), 201);
    expect(inTime.petition).toMatchObject({ type: 5, days: 5, event_date: "2026-11-01" });
  });

  test("vacation before the first anniversary is refused with the date the right starts; after it, or pro rata, it is filed", async () => {
    const early = await file(() => newcomer, { type: 3, start_date: "2027-01-11", end_date: "2027-01-12" });
    expect(early.status).toBe(400);
    const body = await early.json();
    expect(body.error).toBe("ยังไม่มีสิทธิ์ลาพักร้อน สิทธิ์เริ่มวันที่ 1 มิ.ย. 2570 (ทำงานครบ 1 ปี)");
    expect(body.fields.start_date).toBe(body.error);

    await ok(await file(() => newcomer, { type: 3, start_date: "2027-06-07", end_date: "2027-06-08" }), 201);

    await ok(await asAdmin("/api/settings", { method: "PUT", json: { leave_vacation_prorata: true } }));
    try {
      await ok(await file(() => newcomer, { type: 3, start_date: "2027-01-11", end_date: "2027-01-12" }), 201);
    } finally {
      await ok(await asAdmin("/api/settings", { method: "PUT", json: { leave_vacation_prorata: false } }));
    }
  });

  test("a petition from 28 Dec to 5 Jan charges each year its own days", async () => {
    // 28–30 Dec 2026 are working days, 31 Dec (วันสิ้นปี) and 1 Jan (วันขึ้นปีใหม่) holidays, 2–3 Jan a weekend, 4–5 Jan working days.
    const created = await ok(await file(() => traveller, { type: 1, start_date: "2026-12-28", end_date: "2027-01-05" }), 201);
    expect(created.petition).toMatchObject({ days: 5, next_year_days: 2, year: 2026 });
    // 2026 also holds the 1–4 Dec petition (4 days).
    expect(await balanceOf(traveller.id, 2026, 1)).toMatchObject({ pending: 7 });
    expect(await balanceOf(traveller.id, 2027, 1)).toMatchObject({ pending: 2, remaining: 1 });

    await ok(await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: created.petition.id, action: "accept" } }));
    expect(await balanceOf(traveller.id, 2027, 1)).toMatchObject({ used: 2, pending: 0 });
    const history2027 = await ok(await as(() => traveller)("/api/emp/leave/history?year=2027"));
    expect(history2027.items.map((p: { id: number }) => p.id)).toContain(created.petition.id);

    const days = async (year: number) => {
      const { items } = await ok(await asAdmin(`/api/leave/statistic?year=${year}`));
      return items.find((i: { employee: { id: number } }) => i.employee.id === traveller.id).days["1"];
    };
    expect(await days(2026)).toBe(3); // the 1–4 Dec petition is still pending
    expect(await days(2027)).toBe(2);
  });
});

describe("the spec's three types are unchanged", () => {
  test("balances, labels and quotas of 1–3 read as before; the new types follow them", async () => {
    const { balances } = await ok(await asAdmin(`/api/leave/quota?employee_id=${father.id}&year=2026`));
    expect(balances.slice(0, 3)).toEqual([
      { type: 1, quota: 3, used: 0, pending: 0, remaining: 3, base_quota: 3, default_quota: 3, custom: false },
      { type: 2, quota: 30, used: 0, pending: 0, remaining: 30, base_quota: 30, default_quota: 30, custom: false },
      { type: 3, quota: 6, used: 0, pending: 0, remaining: 6, base_quota: 6, default_quota: 6, custom: false },
    ]);
    const created = await ok(await file(() => father, { type: 2, start_date: "2027-02-01", end_date: "2027-02-02" }), 201);
    expect(created.petition).toMatchObject({ type: 2, type_label: "ลาป่วย", days: 2, half: "full", status: 1 });
  });
});

describe("PATCH /api/leave/types/:id", () => {
  test("turns ordination on with its quota (audit-logged) and maternity off; an off type is refused in Thai", async () => {
    const off = await file(() => traveller, { type: 10, start_date: "2027-03-01", end_date: "2027-03-05" });
    expect(off.status).toBe(400);
    expect((await off.json()).fields.type).toBe('ประเภทการลา "ลาอุปสมบท" ปิดอยู่ ยื่นคำขอไม่ได้');

    const on = await ok(await asAdmin("/api/leave/types/10", { method: "PATCH", json: { active: true, quota_days: 20 } }));
    expect(on.type).toMatchObject({ id: 10, active: true, quota_days: 20 });
    await ok(await file(() => traveller, { type: 10, start_date: "2027-03-01", end_date: "2027-03-05" }), 201);
    const audit = sqlite((db) => db.prepare("select changes from audit_log where entity = 'leave_type' order by id").all()) as { changes: string }[];
    expect(JSON.parse(audit[0].changes)).toEqual({ quota_days: { from: 15, to: 20 }, active: { from: false, to: true } });

    await ok(await asAdmin("/api/leave/types/4", { method: "PATCH", json: { active: false } }));
    expect((await file(() => father, { type: 4, start_date: "2027-04-01", end_date: "2027-04-10" })).status).toBe(400);
    await ok(await asAdmin("/api/leave/types/4", { method: "PATCH", json: { active: true } }));
  });

  test("a quota of 1–3 is the setting it always was", async () => {
    await ok(await asAdmin("/api/leave/types/1", { method: "PATCH", json: { quota_days: 5 } }));
    const settings = await ok(await asAdmin("/api/settings"));
    expect(settings.settings.leave_quota_business).toBe(5);
    await ok(await asAdmin("/api/settings", { method: "PUT", json: { leave_quota_business: 3 } }));
    const { items } = await ok(await asAdmin("/api/leave/types"));
    expect(items[0].quota_days).toBe(3);
  });

  test.each([
    ["paid days over the quota", 4, { paid_days: 200 }, "paid_days"],
    ["a yearly quota of 1–3 taken away", 2, { quota_days: null }, "quota_days"],
    ["an unknown unit", 4, { unit: "hour" }, "unit"],
    ["a name (the law's, not editable)", 4, { name_th: "ลาคลอดบุตร" }, ""],
  ])("400 in Thai for %s", async (_, id, json, field) => {
    const response = await asAdmin(`/api/leave/types/${id}`, { method: "PATCH", json });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(THAI);
    if (field) expect(body.fields[field]).toMatch(THAI);
  });

  test("404 for a type that does not exist", async () => {
    expect((await asAdmin("/api/leave/types/11", { method: "PATCH", json: { active: true } })).status).toBe(404);
  });
});
