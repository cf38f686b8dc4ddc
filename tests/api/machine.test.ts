// The cabinet registry and assignments against the built server.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { HTML_PAGE, makeJpeg } from "../fixtures/images";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "machine-admin", password: "machine-admin-password-1" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let admin: string;
let staff: { id: number; cookie: string };

const api = apiClient(() => server, () => admin);
const asStaff = apiClient(() => server, () => staff.cookie);

type Machine = {
  id: number;
  code: string;
  type: number;
  photo_url: string | null;
  active: boolean;
  assigned: { employee_id: number; code: string; full_name: string }[];
  [key: string]: unknown;
};

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  staff = await linkedEmployee(server, admin, { code: "MC-STAFF", demoUser: "Udemo0001" });
});
afterAll(() => server?.stop());

function rows(query: string, ...params: unknown[]) {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return sqlite.prepare(query).all(...params);
  } finally {
    sqlite.close();
  }
}

let serial = 0;
const nextCode = () => `VM-${++serial}`;

async function create(body: Record<string, unknown> = {}): Promise<Machine> {
  const response = await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "ตู้กาแฟ", type: 1, ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).machine;
}

async function employee(code: string): Promise<number> {
  const response = await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: "สมชาย", last_name: code } });
  expect(response.status).toBe(201);
  return (await response.json()).employee.id;
}

async function expectThai(response: Response, status: number, field?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; fields?: Record<string, string> };
  expect(body.error).toMatch(THAI);
  if (field) expect(body.fields?.[field]).toMatch(THAI);
}

describe("guards", () => {
  const routes: [string, string][] = [
    ["/api/machine", "GET"],
    ["/api/machine", "POST"],
    ["/api/machine/1", "GET"],
    ["/api/machine/1", "PATCH"],
    ["/api/machine/map", "POST"],
    ["/api/machine/unmap", "POST"],
  ];
  test.each(routes)("%s %s: 401 anonymous, 403 for an employee", async (route, method) => {
    const init = method === "GET" ? { method } : { method, json: {} };
    expect((await api(route, { ...init, anonymous: true })).status).toBe(401);
    expect((await asStaff(route, init)).status).toBe(403);
  });
});

describe("registry", () => {
  test("POST → 201 with the DTO; GET by id gives the same; unknown id 404", async () => {
    const machine = await create({ type: 2, lat: 13.7563, lng: 100.5018, address: "สีลม", visit_every_days: 7, note: "ชั้น 1" });
    for (const field of [
      "id", "code", "name", "type", "type_label", "lat", "lng", "radius_m", "address", "photo_url", "visit_every_days", "note",
      "active", "assigned", "last_visit", "due_date", "overdue", "open_problem", "map_url", "created_at", "updated_at",
    ]) {
      expect(machine).toHaveProperty(field);
    }
    expect(machine).toMatchObject({ type_label: "ผูกกับตู้", radius_m: 100, active: true, assigned: [], last_visit: null, overdue: false });
    expect(machine.map_url).toContain("13.7563,100.5018");
    expect((await (await api(`/api/machine/${machine.id}`)).json()).machine).toEqual(machine);
    await expectThai(await api("/api/machine/999999"), 404);
    await expectThai(await api("/api/machine/abc"), 404);
  });

  test("400s in Thai: type 3, lat/lng out of range, radius ≤ 0, a missing name, type 2 without a location; nothing written", async () => {
    const before = rows("select count(*) as n from machines");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 3 } }), 400, "type");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, lat: 91, lng: 100 } }), 400, "lat");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, lat: 13, lng: 181 } }), 400, "lng");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, radius_m: 0 } }), 400, "radius_m");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, radius_m: -5 } }), 400, "radius_m");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "", type: 1 } }), 400, "name");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 2 } }), 400, "lat");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, lat: 13 } }), 400, "lng");
    await expectThai(await api("/api/machine", { method: "POST", json: { code: nextCode(), name: "x", type: 1, visit_every_days: 0 } }), 400, "visit_every_days");
    expect(rows("select count(*) as n from machines")).toEqual(before);
  });

  test("a duplicate code is 409 (any case); concurrent creates of one code: one 201, the rest 409, no 500", async () => {
    const first = await create();
    await expectThai(await api("/api/machine", { method: "POST", json: { code: first.code.toLowerCase(), name: "x", type: 1 } }), 409, "code");
    const code = `RACE-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api("/api/machine", { method: "POST", json: { code: i % 2 ? code : code.toLowerCase(), name: `ตู้ ${i}`, type: 1 } }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(rows("select count(*) as n from machines where lower(code) = lower(?)", code)).toEqual([{ n: 1 }]);
    const other = await create();
    await expectThai(await api(`/api/machine/${other.id}`, { method: "PATCH", json: { code: first.code } }), 409);
  });

  test("PATCH is partial; turning a machine into type 2 without a location is 400; active deactivates and reactivates", async () => {
    const machine = await create({ note: "เดิม" });
    const renamed = await api(`/api/machine/${machine.id}`, { method: "PATCH", json: { name: "ตู้ใหม่" } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).machine).toMatchObject({ name: "ตู้ใหม่", note: "เดิม", code: machine.code });
    await expectThai(await api(`/api/machine/${machine.id}`, { method: "PATCH", json: { type: 2 } }), 400, "lat");
    await expectThai(await api(`/api/machine/${machine.id}`, { method: "PATCH", json: { radius_m: 0 } }), 400, "radius_m");
    await expectThai(await api("/api/machine/999999", { method: "PATCH", json: { name: "x" } }), 404);
    const off = await api(`/api/machine/${machine.id}`, { method: "PATCH", json: { active: false } });
    expect((await off.json()).machine.active).toBe(false);
    expect((await (await api("/api/machine?q=" + machine.code)).json()).total).toBe(0);
    expect((await (await api(`/api/machine?q=${machine.code}&active=0`)).json()).total).toBe(1);
    const on = await api(`/api/machine/${machine.id}`, { method: "PATCH", json: { active: true } });
    expect((await on.json()).machine.active).toBe(true);
    const logged = rows("select action from audit_log where entity = 'machine' and entity_id = ? order by id", String(machine.id));
    expect(logged).toEqual([{ action: "create" }, { action: "update" }, { action: "deactivate" }, { action: "reactivate" }]);
  });

  test("multipart with a photo: stored in /uploads/machines/, visible to a signed-in employee; a non-image is 400, nothing written", async () => {
    const form = new FormData();
    form.set("code", nextCode());
    form.set("name", "ตู้มีรูป");
    form.set("type", "2");
    form.set("lat", "13.7");
    form.set("lng", "100.5");
    form.set("radius_m", "");
    form.set("photo", new File([new Uint8Array(await makeJpeg())], "m.jpg", { type: "image/jpeg" }));
    const created = await api("/api/machine", { method: "POST", body: form });
    expect(created.status).toBe(201);
    const machine: Machine = (await created.json()).machine;
    expect(machine.photo_url).toMatch(/^\/uploads\/machines\/[0-9a-f-]{36}\.jpg$/);
    expect(machine.radius_m).toBe(100);
    expect((await asStaff(machine.photo_url!)).status).toBe(200);
    expect((await api(machine.photo_url!, { anonymous: true })).status).toBe(401);

    const counts = () => rows("select (select count(*) from machines) as m, (select count(*) from uploads) as u");
    const before = counts();
    const bad = new FormData();
    bad.set("code", nextCode());
    bad.set("name", "ตู้รูปปลอม");
    bad.set("type", "1");
    bad.set("photo", new File([new Uint8Array(HTML_PAGE)], "m.jpg", { type: "image/jpeg" }));
    await expectThai(await api("/api/machine", { method: "POST", body: bad }), 400);
    const badEdit = new FormData();
    badEdit.set("name", "ไม่ควรเปลี่ยน");
    badEdit.set("photo", new File([new Uint8Array(HTML_PAGE)], "m.jpg", { type: "image/jpeg" }));
    await expectThai(await api(`/api/machine/${machine.id}`, { method: "PATCH", body: badEdit }), 400);
    expect(counts()).toEqual(before);

    const edit = new FormData();
    edit.set("photo", new File([new Uint8Array(await makeJpeg({ width: 100, height: 100 }))], "n.jpg", { type: "image/jpeg" }));
    const replaced = (await (await api(`/api/machine/${machine.id}`, { method: "PATCH", body: edit })).json()).machine as Machine;
    expect(replaced.photo_url).not.toBe(machine.photo_url);
    expect((await api(machine.photo_url!)).status).toBe(404);
  });

  test("a photo over 10 MB is 413 in Thai, nothing written", async () => {
    const before = rows("select count(*) as n from machines");
    const form = new FormData();
    form.set("code", nextCode());
    form.set("name", "ตู้ใหญ่");
    form.set("type", "1");
    form.set("photo", new File([new Uint8Array(11 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    await expectThai(await api("/api/machine", { method: "POST", body: form }), 413);
    expect(rows("select count(*) as n from machines")).toEqual(before);
  });

  test("the list: paging, filters and bad query strings", async () => {
    const tag = `LST${Date.now().toString(36).toUpperCase()}`;
    const a = await create({ code: `${tag}-1`, type: 2, lat: 13, lng: 100 });
    const b = await create({ code: `${tag}-2` });
    const e = await employee(`${tag}-E`);
    expect((await api("/api/machine/map", { method: "POST", json: { machine_id: a.id, employee_id: e } })).status).toBe(201);
    const ids = async (q: string) => ((await (await api(`/api/machine?q=${tag}${q}`)).json()).items as Machine[]).map((m) => m.id);
    expect(await ids("")).toEqual([a.id, b.id]);
    expect(await ids("&type=2")).toEqual([a.id]);
    expect(await ids(`&employee_id=${e}`)).toEqual([a.id]);
    expect(await ids("&unassigned=1")).toEqual([b.id]);
    expect(await ids("&overdue=1")).toEqual([]);
    const page = await (await api(`/api/machine?q=${tag}&page=2&page_size=1`)).json();
    expect(page).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.items.map((m: Machine) => m.id)).toEqual([b.id]);
    for (const bad of ["type=3", "page=abc", "unassigned=yes", "overdue=2", "active=maybe", "employee_id=abc"]) {
      const response = await api(`/api/machine?${bad}`);
      expect(response.status, bad).toBe(400);
    }
  });
});

describe("assignment", () => {
  test("map → 201 with the machine; again → 409; unmap → 200; again → 404; history kept", async () => {
    const machine = await create();
    const e = await employee("MC-A1");
    const mapped = await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: e } });
    expect(mapped.status).toBe(201);
    expect((await mapped.json()).machine.assigned).toEqual([{ employee_id: e, code: "MC-A1", full_name: "นายสมชาย MC-A1" }]);
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: e } }), 409);
    const unmapped = await api("/api/machine/unmap", { method: "POST", json: { machine_id: machine.id, employee_id: e } });
    expect(unmapped.status).toBe(200);
    expect((await unmapped.json()).machine.assigned).toEqual([]);
    await expectThai(await api("/api/machine/unmap", { method: "POST", json: { machine_id: machine.id, employee_id: e } }), 404);
    expect(rows("select end_reason from machine_assignments where machine_id = ?", machine.id)).toEqual([{ end_reason: "unmapped" }]);
    const actions = rows("select action from audit_log where entity = 'machine' and entity_id = ? order by id", String(machine.id));
    expect(actions).toEqual([{ action: "create" }, { action: "map" }, { action: "unmap" }]);
  });

  test("404 unknown machine or employee; 409 inactive machine or resigned employee; 400 a bad body", async () => {
    const machine = await create();
    const e = await employee("MC-A2");
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: 999999, employee_id: e } }), 404);
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: 999999 } }), 404);
    await expectThai(await api("/api/machine/unmap", { method: "POST", json: { machine_id: machine.id, employee_id: 999999 } }), 404);
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: "x", employee_id: e } }), 400, "machine_id");
    await expectThai(await api("/api/machine/unmap", { method: "POST", json: {} }), 400, "employee_id");
    const off = await create({ active: false });
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: off.id, employee_id: e } }), 409);
    expect((await api(`/api/employee/${e}/resign`, { method: "POST", json: { resign_date: "2024-01-31" } })).status).toBe(200);
    await expectThai(await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: e } }), 409);
  });

  test("resigning through the API ends the employee's assignments (reason resigned)", async () => {
    const machine = await create();
    const e = await employee("MC-A3");
    await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: e } });
    expect((await api(`/api/employee/${e}/resign`, { method: "POST", json: { resign_date: "2024-01-31" } })).status).toBe(200);
    expect((await (await api(`/api/machine/${machine.id}`)).json()).machine.assigned).toEqual([]);
    expect(rows("select end_reason from machine_assignments where employee_id = ?", e)).toEqual([{ end_reason: "resigned" }]);
  });
});
