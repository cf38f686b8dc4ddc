// Work schedules through the built server on a moved clock (libfaketime): create, list, edit from a
// date, the default schedule kept in the settings, per-employee assignments with their history, the
// bulk assignment, the employee's pay basis and offices, and the Thai refusals of each.
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "schedules-admin", password: "schedules-admin-password" };
// Wednesday 25 Nov 2026, 10:00 in Bangkok (03:00 UTC); the clock runs on from there.
const TODAY = "2026-11-25";
const NEXT_MONDAY = "2026-11-30";
const THAI = /[\u0E00-\u0E7F]/;
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const BRANCH = { name: "สาขาบางนา", lat: 13.668, lng: 100.604, radius_m: 150 };
const OFFICE_DAY = { start: "08:30", end: "17:30", break_start: "12:00", break_end: "13:00" };
const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...OFFICE_DAY }));

type Day = { weekday: number; start: string; end: string; break_start?: string; break_end?: string };
type Schedule = {
  id: number;
  name: string;
  is_default: boolean;
  days: Day[];
  late_grace_minutes: number;
  early_grace_minutes: number;
  employee_count: number;
  upcoming: { from: string; days: Day[] }[];
};
type Assignment = { schedule_id: number; name: string; from: string | null };

let server: RunningServer;
let cookie: string;
const api = apiClient(() => server, () => cookie);
const send = (method: string, url: string, json: unknown) => api(url, { method, json });

async function expectThai(response: Response, status: number, field?: string) {
  const body = (await response.json()) as { error: string; fields?: Record<string, string> };
  expect({ status: response.status, body }).toMatchObject({ status, body: { error: expect.stringMatching(THAI) } });
  if (field) expect(body.fields?.[field], JSON.stringify(body)).toMatch(THAI);
  return body;
}

async function created(json: unknown): Promise<Schedule> {
  const response = await send("POST", "/api/schedule", json);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { schedule: Schedule }).schedule;
}

async function employee(code: string, extra: Record<string, unknown> = {}): Promise<{ id: number; pay_basis: string; office_names: string[] | null }> {
  const response = await send("POST", "/api/employee", { code, title: 1, first_name: "สมชาย", last_name: "กะงาน", start_date: "2026-01-05", ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { employee: { id: number; pay_basis: string; office_names: string[] | null } }).employee;
}

function ledgerSchedules(employeeId: number): Record<string, number | null> {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    const rows = db.prepare("select work_date as date, schedule_id as id from attendance_days where employee_id = ? order by work_date").all(employeeId) as { date: string; id: number | null }[];
    return Object.fromEntries(rows.map((r) => [r.date, r.id]));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer({ ...movedClock("2026-11-25 03:00:00"), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
  const saved = await send("PUT", "/api/settings", { offices: [HQ, BRANCH], attendance_start: "2026-11-02" });
  expect(saved.status).toBe(200);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("POST and GET /api/schedule", () => {
  test("the default schedule is listed from the settings; a new one answers 201 with its days Monday first", async () => {
    const list = (await (await api("/api/schedule")).json()) as { schedules: Schedule[] };
    expect(list.schedules[0]).toEqual({
      id: 1,
      name: "เวลาทำงานปกติ",
      is_default: true,
      days: WEEK,
      late_grace_minutes: 0,
      early_grace_minutes: 0,
      employee_count: 0,
      upcoming: [],
    });

    const saturday = await created({ name: "เสาร์ครึ่งวัน", days: [{ weekday: 6, start: "08:30", end: "12:00" }, ...WEEK], late_grace_minutes: 5 });
    expect(saturday).toMatchObject({ name: "เสาร์ครึ่งวัน", is_default: false, late_grace_minutes: 5, early_grace_minutes: 0 });
    expect(saturday.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(saturday.days[5]).toEqual({ weekday: 6, start: "08:30", end: "12:00" });

    const one = await api(`/api/schedule/${saturday.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { schedule: Schedule }).schedule).toEqual(saturday);
    await expectThai(await api("/api/schedule/999999"), 404);
    await expectThai(await api("/api/schedule/abc"), 404);
  });

  test("a night shift crosses midnight", async () => {
    const night = await created({ name: "กะดึกคลังสินค้า", days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "22:00", end: "06:00", break_start: "02:00", break_end: "02:30" })) });
    expect(night.days[0]).toEqual({ weekday: 1, start: "22:00", end: "06:00", break_start: "02:00", break_end: "02:30" });
  });

  test.each([
    ["no name", { days: WEEK }, "name"],
    ["a name of 101 characters", { name: "ก".repeat(101), days: WEEK }, "name"],
    ["no working day", { name: "ว่าง", days: [] }, "days"],
    ["a weekday twice", { name: "ซ้ำ", days: [WEEK[0], WEEK[0]] }, "days.1.weekday"],
    ["weekday 8", { name: "แปด", days: [{ ...WEEK[0], weekday: 8 }] }, "days.0.weekday"],
    ["a time not HH:mm", { name: "เวลา", days: [{ ...WEEK[0], start: "8.30" }] }, "days.0.start"],
    ["start = end", { name: "เท่ากัน", days: [{ weekday: 1, start: "09:00", end: "09:00" }] }, "days.0.end"],
    ["half a break", { name: "พักครึ่ง", days: [{ weekday: 1, start: "09:00", end: "18:00", break_end: "13:00" }] }, "days.0.break_start"],
    ["a break outside the hours", { name: "พักนอก", days: [{ ...WEEK[0], break_start: "18:00", break_end: "18:30" }] }, "days.0.break_start"],
    ["a night break before the shift", { name: "พักก่อนกะ", days: [{ weekday: 1, start: "22:00", end: "06:00", break_start: "21:00", break_end: "21:30" }] }, "days.0.break_start"],
    ["a grace of 121 minutes", { name: "ผ่อนผัน", days: WEEK, late_grace_minutes: 121 }, "late_grace_minutes"],
    ["a grace as a fraction", { name: "ผ่อนผัน", days: WEEK, early_grace_minutes: 2.5 }, "early_grace_minutes"],
  ])("%s: 400 in Thai on the field", async (_, json, field) => {
    await expectThai(await send("POST", "/api/schedule", json), 400, field);
  });

  test("a name in use is 409 in Thai (the default's too); an unknown field 400", async () => {
    await expectThai(await send("POST", "/api/schedule", { name: "เสาร์ครึ่งวัน", days: WEEK }), 409, "name");
    await expectThai(await send("POST", "/api/schedule", { name: "เวลาทำงานปกติ", days: WEEK }), 409, "name");
    await expectThai(await send("POST", "/api/schedule", { name: "สี", days: WEEK, color: "red" }), 400);
  });
});

describe("PATCH /api/schedule/:id", () => {
  test("a custom schedule's change from next Monday is upcoming; today's hours stay until then", async () => {
    const shift = await created({ name: "กะบ่าย", days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "13:00", end: "21:00" })) });
    const response = await send("PATCH", `/api/schedule/${shift.id}`, { days: [{ weekday: 1, start: "14:00", end: "22:00" }], from: NEXT_MONDAY });
    expect(response.status).toBe(200);
    const { schedule } = (await response.json()) as { schedule: Schedule };
    expect(schedule.days).toHaveLength(5);
    expect(schedule.days[0].start).toBe("13:00");
    expect(schedule.upcoming).toEqual([{ from: NEXT_MONDAY, days: [{ weekday: 1, start: "14:00", end: "22:00" }], late_grace_minutes: 0, early_grace_minutes: 0 }]);

    const renamed = await send("PATCH", `/api/schedule/${shift.id}`, { name: "กะบ่ายใหม่", late_grace_minutes: 10 });
    expect(((await renamed.json()) as { schedule: Schedule }).schedule).toMatchObject({ name: "กะบ่ายใหม่", late_grace_minutes: 10 });
    await expectThai(await send("PATCH", `/api/schedule/${shift.id}`, { from: TODAY }), 400);
    await expectThai(await send("PATCH", `/api/schedule/${shift.id}`, { name: "เสาร์ครึ่งวัน" }), 409, "name");
    await expectThai(await send("PATCH", `/api/schedule/${shift.id}`, { days: [{ weekday: 1, start: "25:00", end: "06:00" }] }), 400, "days.0.start");
    await expectThai(await send("PATCH", "/api/schedule/999999", { name: "ไม่มี" }), 404);
  });

  test("the default schedule saves through the settings (one set of hours, from today only)", async () => {
    const days = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "17:00", break_start: "12:00", break_end: "13:00" }));
    const response = await send("PATCH", "/api/schedule/1", { days, early_grace_minutes: 5 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { schedule: Schedule }).schedule).toMatchObject({ id: 1, days, early_grace_minutes: 5 });
    const settings = ((await (await api("/api/settings")).json()) as { settings: Record<string, unknown> }).settings;
    expect(settings).toMatchObject({ work_start: "08:00", work_end: "17:00", work_days: [1, 2, 3, 4, 5, 6], early_grace_minutes: 5 });

    const body = await expectThai(await send("PATCH", "/api/schedule/1", { days: [WEEK[0], { ...WEEK[1], end: "18:00" }] }), 400, "days");
    expect(body.fields?.days).toBe("เวลาทำงานปกติต้องใช้เวลาเดียวกันทุกวันทำงาน");
    await expectThai(await send("PATCH", "/api/schedule/1", { late_grace_minutes: 5, from: NEXT_MONDAY }), 400, "from");

    const restored = await send("PATCH", "/api/schedule/1", { days: WEEK, early_grace_minutes: 0 });
    expect(restored.status).toBe(200);
  });

  test("every write is audit-logged on the schedule", async () => {
    const { items } = (await (await api("/api/audit?entity=schedule&page_size=50")).json()) as { items: { action: string }[] };
    expect(items.map((i) => i.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });
});

describe("an employee's schedule", () => {
  test("without an assignment: the default from the start date; PUT keeps the history and recomputes the ledger from its date", async () => {
    const e = await employee("SCH-1");
    const night = (await (await api("/api/schedule")).json()).schedules.find((s: Schedule) => s.name === "กะดึกคลังสินค้า") as Schedule;
    const before = await api(`/api/employee/${e.id}/schedule`);
    expect(await before.json()).toEqual({
      current: { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-01-05" },
      history: [{ schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-01-05" }],
    });
    // The daily view fills the ledger of the last days under the default schedule.
    expect((await api("/api/checkin-out/daily?date=2026-11-20")).status).toBe(200);
    expect((await api(`/api/checkin-out/daily?date=${TODAY}`)).status).toBe(200);

    const put = await send("PUT", `/api/employee/${e.id}/schedule`, { schedule_id: night.id, from: "2026-11-23" });
    expect(put.status).toBe(200);
    const answer = (await put.json()) as { schedule: Assignment; history: Assignment[] };
    expect(answer.schedule).toEqual({ schedule_id: night.id, name: "กะดึกคลังสินค้า", from: "2026-11-23" });
    expect(answer.history).toEqual([answer.schedule, { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-01-05" }]);
    const ledger = ledgerSchedules(e.id);
    expect(ledger["2026-11-20"]).toBe(1);
    expect(ledger[TODAY]).toBe(night.id);

    await send("PUT", `/api/employee/${e.id}/schedule`, { schedule_id: 1, from: NEXT_MONDAY });
    const after = (await (await api(`/api/employee/${e.id}/schedule`)).json()) as { current: Assignment; history: Assignment[] };
    expect(after.current.schedule_id).toBe(night.id);
    expect(after.history.map((h) => h.from)).toEqual([NEXT_MONDAY, "2026-11-23", "2026-01-05"]);

    const list = (await (await api("/api/schedule")).json()) as { schedules: Schedule[] };
    expect(list.schedules.find((s) => s.id === night.id)?.employee_count).toBe(1);
  });

  test("404 for an unknown employee or schedule, 400 in Thai for a bad body", async () => {
    const e = await employee("SCH-2");
    await expectThai(await send("PUT", "/api/employee/999999/schedule", { schedule_id: 1, from: TODAY }), 404);
    await expectThai(await api("/api/employee/999999/schedule"), 404);
    await expectThai(await send("PUT", `/api/employee/${e.id}/schedule`, { schedule_id: 999999, from: TODAY }), 404);
    await expectThai(await send("PUT", `/api/employee/${e.id}/schedule`, { schedule_id: 1, from: "2026-02-30" }), 400, "from");
    await expectThai(await send("PUT", `/api/employee/${e.id}/schedule`, { schedule_id: "one", from: TODAY }), 400, "schedule_id");
    await expectThai(await send("PUT", `/api/employee/${e.id}/schedule`, { from: TODAY }), 400, "schedule_id");
  });

  test("PUT /api/schedule/:id/employees assigns several at once; one unknown employee refuses all", async () => {
    const [a, b] = [await employee("SCH-3"), await employee("SCH-4")];
    const saturday = (await (await api("/api/schedule")).json()).schedules.find((s: Schedule) => s.name === "เสาร์ครึ่งวัน") as Schedule;
    const response = await send("PUT", `/api/schedule/${saturday.id}/employees`, { employee_ids: [a.id, b.id], from: "2026-11-24" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ assigned: 2 });
    for (const e of [a, b]) {
      expect(((await (await api(`/api/employee/${e.id}/schedule`)).json()) as { current: Assignment }).current.schedule_id).toBe(saturday.id);
    }
    await expectThai(await send("PUT", `/api/schedule/${saturday.id}/employees`, { employee_ids: [a.id, 999999], from: TODAY }), 404, "employee_ids");
    expect(((await (await api(`/api/employee/${a.id}/schedule`)).json()) as { history: Assignment[] }).history).toHaveLength(2);
    await expectThai(await send("PUT", `/api/schedule/${saturday.id}/employees`, { employee_ids: [], from: TODAY }), 400, "employee_ids");
    await expectThai(await send("PUT", "/api/schedule/999999/employees", { employee_ids: [a.id], from: TODAY }), 404);
  });
});

describe("pay basis and offices on the employee", () => {
  test("stored and answered; a PATCH changes them only when sent; an office not in the settings is 400 in Thai", async () => {
    const plain = await employee("PAY-1");
    expect(plain).toMatchObject({ pay_basis: "monthly", office_names: null });
    const daily = await employee("PAY-2", { pay_basis: "daily", office_names: ["สาขาบางนา"] });
    expect(daily).toMatchObject({ pay_basis: "daily", office_names: ["สาขาบางนา"] });

    const patched = await send("PATCH", `/api/employee/${daily.id}`, { nickname: "ชาย" });
    expect(((await patched.json()) as { employee: typeof daily }).employee).toMatchObject({ pay_basis: "daily", office_names: ["สาขาบางนา"] });
    const all = await send("PATCH", `/api/employee/${daily.id}`, { office_names: null, pay_basis: "monthly" });
    expect(((await all.json()) as { employee: typeof daily }).employee).toMatchObject({ pay_basis: "monthly", office_names: null });

    await expectThai(await send("PATCH", `/api/employee/${daily.id}`, { office_names: ["สาขาเชียงใหม่"] }), 400, "office_names");
    await expectThai(await send("PATCH", `/api/employee/${daily.id}`, { office_names: [] }), 400, "office_names");
    await expectThai(await send("PATCH", `/api/employee/${daily.id}`, { pay_basis: "hourly" }), 400, "pay_basis");
    await expectThai(await send("POST", "/api/employee", { code: "PAY-3", title: 1, first_name: "ก", last_name: "ข", office_names: ["ไม่มี"] }), 400, "office_names");
  });
});

describe("the pages' forms", () => {
  const pagePost = (page: string, route: string, fields: Record<string, string>) =>
    api(`${page}?_data=${encodeURIComponent(`routes/${route}`)}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("/admin/schedule lists the schedules and creates and edits one from its form (days as one JSON field)", async () => {
    const data = (await (await api("/admin/schedule?_data=routes%2Fadmin.schedule")).json()) as { schedules: Schedule[]; today: string };
    expect(data.today).toBe(TODAY);
    expect(data.schedules[0].is_default).toBe(true);

    const days = JSON.stringify([{ weekday: 6, start: "09:00", end: "13:00", break_start: "", break_end: "" }]);
    const create = await pagePost("/admin/schedule", "admin.schedule", { intent: "create", name: "เสาร์เช้า", days, late_grace_minutes: "10", early_grace_minutes: "" });
    const answer = (await create.json()) as { ok: boolean; message: string; data: Schedule };
    expect(answer).toMatchObject({ ok: true, message: "เพิ่มตารางเวลา “เสาร์เช้า” แล้ว", data: { days: [{ weekday: 6, start: "09:00", end: "13:00" }], late_grace_minutes: 10 } });

    const bad = await pagePost("/admin/schedule", "admin.schedule", { intent: "update", id: String(answer.data.id), days: "[{", from: TODAY });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.days).toMatch(THAI);
    const edit = await pagePost("/admin/schedule", "admin.schedule", { intent: "update", id: String(answer.data.id), name: "เสาร์เช้า", days, late_grace_minutes: "0", from: NEXT_MONDAY });
    expect(((await edit.json()) as { data: Schedule }).data.upcoming).toEqual([expect.objectContaining({ from: NEXT_MONDAY, late_grace_minutes: 0 })]);
  });

  test("/admin/employee: the form's offices (JSON, or empty for every office), one employee's schedule and several at once", async () => {
    const e = await employee("FORM-1");
    const other = await employee("FORM-2");
    const fields = { intent: "update", id: String(e.id), code: "FORM-1", title: "1", first_name: "สมชาย", last_name: "กะงาน", pay_basis: "daily" };
    const some = await pagePost("/admin/employee", "admin.employee", { ...fields, office_names: JSON.stringify(["สำนักงานใหญ่"]) });
    expect(some.status).toBe(200);
    const read = async () => ((await (await api(`/api/employee/${e.id}`)).json()) as { employee: { pay_basis: string; office_names: string[] | null } }).employee;
    expect(await read()).toMatchObject({ pay_basis: "daily", office_names: ["สำนักงานใหญ่"] });
    await pagePost("/admin/employee", "admin.employee", { ...fields, office_names: "" });
    expect((await read()).office_names).toBeNull();
    const unknown = await pagePost("/admin/employee", "admin.employee", { ...fields, office_names: JSON.stringify(["ไม่มี"]) });
    expect(unknown.status).toBe(400);

    const assign = await pagePost("/admin/employee", "admin.employee", { intent: "schedule-assign", id: String(e.id), schedule_id: "1", from: NEXT_MONDAY });
    expect(assign.status).toBe(200);
    const saturday = (await (await api("/api/schedule")).json()).schedules.find((s: Schedule) => s.name === "เสาร์ครึ่งวัน") as Schedule;
    const bulk = await pagePost("/admin/employee", "admin.employee", { intent: "schedule-bulk", employee_ids: `${e.id},${other.id}`, schedule_id: String(saturday.id), from: TODAY });
    expect(await bulk.json()).toMatchObject({ ok: true, message: "กำหนดตารางเวลาทำงานให้พนักงาน 2 คนแล้ว" });
    const history = ((await (await api(`/api/employee/${e.id}/schedule`)).json()) as { history: Assignment[] }).history;
    expect(history.map((h) => [h.from, h.schedule_id])).toEqual([[NEXT_MONDAY, 1], [TODAY, saturday.id], ["2026-01-05", 1]]);

    const list = (await (await api("/admin/employee?_data=routes%2Fadmin.employee")).json()) as { offices: string[]; schedules: { name: string }[] };
    expect(list.offices).toEqual(["สำนักงานใหญ่", "สาขาบางนา"]);
    expect(list.schedules.map((s) => s.name)).toContain("เสาร์ครึ่งวัน");
  });
});
