// /admin/vending-machine against the built server: the registry tab renders, and its intents run
// the same model functions as /api/machine*.
import { linkedEmployee } from "../fixtures/employees";
import { makeJpeg } from "../fixtures/images";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "machine-page-admin", password: "machine-page-password-1" };
const PAGE = "/admin/vending-machine";
const DATA = `${PAGE}?_data=routes%2Fadmin.vending-machine`;
let server: RunningServer;
let admin: string;

const api = apiClient(() => server, () => admin);

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const pagePost = (fields: Record<string, string>) =>
  api(DATA, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("/admin/vending-machine", () => {
  test("renders the registry tab (empty state, then rows) with its data under `machines`", async () => {
    const empty = await api(PAGE);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("ยังไม่มีตู้");

    const created = await pagePost({ intent: "create", code: "PG-1", name: "ตู้หน้าลิฟต์", type: "2", lat: "13.7", lng: "100.5", radius_m: "", visit_every_days: "7", address: "", note: "" });
    expect(await created.json()).toEqual({ ok: true, intent: "create", message: "เพิ่มตู้แล้ว" });
    const html = await (await api(PAGE)).text();
    expect(html).toContain("ตู้หน้าลิฟต์");
    expect(html).toContain("ยังไม่มีผู้ดูแล");

    const data = await (await api(`${DATA}&tab=machines&type=2`)).json();
    expect(data.tab).toBe("machines");
    expect(data.machines.items.map((m: { code: string }) => m.code)).toEqual(["PG-1"]);
    // a hand-edited bad filter shows the first page of active machines instead of an error
    const bad = await api(`${DATA}&type=9&page=abc`);
    expect(bad.status).toBe(200);
    expect((await bad.json()).machines.total).toBe(1);
  });

  test("intents: a refused create answers 400 with fields; update, photo, active, map and unmap", async () => {
    const invalid = await pagePost({ intent: "create", code: "PG-2", name: "x", type: "2", lat: "", lng: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fields.lat).toMatch(/ตำแหน่ง/);
    const duplicate = await pagePost({ intent: "create", code: "pg-1", name: "x", type: "1" });
    expect(duplicate.status).toBe(409);

    const made = await api("/api/machine", { method: "POST", json: { code: "PG-3", name: "ตู้ขนม", type: 1 } });
    const { id } = (await made.json()).machine;
    expect((await pagePost({ intent: "update", id: String(id), code: "PG-3", name: "ตู้ขนมใหม่", type: "1" })).status).toBe(200);

    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "update-photo", id: String(id), code: "PG-3", name: "ตู้ขนมใหม่", type: "1" })) form.set(k, v);
    form.set("photo", new File([new Uint8Array(await makeJpeg())], "m.jpg", { type: "image/jpeg" }));
    expect((await api(DATA, { method: "POST", body: form })).status).toBe(200);

    const employee = await api("/api/employee", { method: "POST", json: { code: "PG-E", title: 2, first_name: "มาลี", last_name: "ดี" } });
    const employeeId = String((await employee.json()).employee.id);
    expect(await (await pagePost({ intent: "map", machine_id: String(id), employee_id: employeeId })).json()).toMatchObject({ ok: true });
    expect((await pagePost({ intent: "map", machine_id: String(id), employee_id: employeeId })).status).toBe(409);
    expect(await (await pagePost({ intent: "unmap", machine_id: String(id), employee_id: employeeId })).json()).toMatchObject({ ok: true });
    expect(await (await pagePost({ intent: "active", id: String(id), active: "0" })).json()).toEqual({
      ok: true,
      intent: "active",
      message: "ปิดใช้งานตู้แล้ว",
    });
    const machine = (await (await api(`/api/machine/${id}`)).json()).machine;
    expect(machine).toMatchObject({ name: "ตู้ขนมใหม่", active: false, assigned: [] });
    expect(machine.photo_url).toMatch(/^\/uploads\/machines\//);
  });

  test("the reports tab (`tab=visits`) shows a report an employee sent, and its open problem", async () => {
    const made = await api("/api/machine", { method: "POST", json: { code: "PG-R", name: "ตู้โถงรายงาน", type: 1 } });
    const machineId = (await made.json()).machine.id as number;
    const { id: employeeId, cookie } = await linkedEmployee(server, admin, { code: "PG-RE", demoUser: "UdemoPgReporter" });
    expect((await api("/api/machine/map", { method: "POST", json: { machine_id: machineId, employee_id: employeeId } })).status).toBe(201);
    const sent = await fetch(`${server.baseUrl}/api/emp/machine`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ machine_id: machineId, status: "broken", note: "จอดับ" }),
    });
    expect(sent.status).toBe(201);

    const data = await (await api(`${DATA}&tab=visits`)).json();
    expect(data.tab).toBe("visits");
    expect(data.machines).toBeNull();
    expect(data.visits.daily.items.map((v: { machine: { id: number } }) => v.machine.id)).toContain(machineId);
    expect(data.visits.problems.map((p: { machine: { id: number } }) => p.machine.id)).toContain(machineId);
    const html = await (await api(`${PAGE}?tab=visits`)).text();
    expect(html).toContain("รายงานการเข้าตู้");
    expect(html).toContain("ตู้โถงรายงาน");
    expect(html).toContain("จอดับ");
  });
});
