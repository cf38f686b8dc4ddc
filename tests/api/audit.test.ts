// The audit log API and page, and the linking code's handover, against the built server.
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "audit-admin", password: "audit-admin-password" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let cookie: string;
let employee: { id: number };

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
  const created = await api("/api/employee", { method: "POST", json: { code: "AUD001", title: 3, first_name: "อรุณี", last_name: "ตรวจสอบ" } });
  employee = (await created.json()).employee;
  const edited = await api(`/api/employee/${employee.id}`, { method: "PATCH", json: { nickname: "นี" } });
  expect(edited.status).toBe(200);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

type Entry = { action: string; entity: string; entity_id: string; actor: { type: string; name: string }; subject: { id: number } | null; lines: unknown[] };

test("the log names the admin, labels in Thai, and shows the edit field by field", async () => {
  const response = await api(`/api/audit?entity=employee&entity_id=${employee.id}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: Entry[]; total: number; page: number; page_size: number };
  expect(body).toMatchObject({ total: 2, page: 1, page_size: 20 });
  const [update, create] = body.items;
  expect(update).toMatchObject({
    action: "update",
    action_label: "แก้ไข",
    entity_label: "พนักงาน",
    actor: { type: "admin", name: ADMIN.username },
    subject: { id: employee.id, full_name: "นางสาวอรุณี ตรวจสอบ" },
    lines: [{ field: "nickname", label: "ชื่อเล่น", from: "-", to: "นี" }],
  });
  expect(create.action).toBe("create");
});

test("filters: actor kind and one admin, the date range, paging", async () => {
  const all = (await (await api("/api/audit?page_size=200")).json()) as { items: Entry[]; total: number };
  const system = (await (await api("/api/audit?actor=system")).json()) as { items: Entry[] };
  expect(system.items.length).toBeGreaterThan(0);
  expect(system.items.every((i) => i.actor.type === "system" && i.actor.name === "ระบบ")).toBe(true);
  const admins = (await (await api("/api/audit?actor=admin&page_size=200")).json()) as { items: Entry[]; total: number };
  expect(admins.total + system.items.length).toBe(all.total);

  const paged = (await (await api("/api/audit?page=2&page_size=1")).json()) as { items: Entry[]; page: number };
  expect(paged.page).toBe(2);
  expect(paged.items).toEqual([all.items[1]]);

  expect((await (await api("/api/audit?from=2000-01-01&to=2000-12-31")).json()).total).toBe(0);
  expect((await (await api("/api/audit?to=2200-12-31")).json()).total).toBe(all.total);
});

test("CSV: BOM, Thai headers, the filtered rows", async () => {
  const response = await api(`/api/audit?format=csv&entity=employee&entity_id=${employee.id}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/text\/csv/);
  expect(response.headers.get("content-disposition")).toMatch(/audit\.csv/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
  expect(lines[0]).toBe("วันที่เวลา,วันที่เวลา (ค.ศ.),ผู้ทำ,ชื่อผู้ทำ,การกระทำ,รายการ,รหัสรายการ,ชื่อรายการ,พนักงานที่เกี่ยวข้อง,รายละเอียด");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain("ชื่อเล่น: - → นี");
});

test.each([
  ["from=2025-02-30", "from"],
  ["from=2025-11-10&to=2025-11-01", "to"],
  ["to=yesterday", "to"],
  ["actor=robot", "actor"],
  ["actor=system&actor_id=1", "actor_id"],
  ["page=0", "page"],
  ["format=xml", "format"],
])("a bad query (%s) is a 400 in Thai naming %s", async (query, field) => {
  const response = await api(`/api/audit?${query}`);
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toMatch(THAI);
  expect(body.fields[field]).toMatch(THAI);
});

test("only admins: signed out 401; an employee signed in through LINE 403 (the guard's wrong-permission answer)", async () => {
  const anonymous = await api("/api/audit", { anonymous: true });
  expect(anonymous.status).toBe(401);
  expect((await anonymous.json()).error).toMatch(THAI);
  const csv = await api("/api/audit?format=csv", { anonymous: true });
  expect(csv.status).toBe(401);

  const { cookie: employeeCookie } = await linkedEmployee(server, cookie, { code: "AUD002", demoUser: "Udemo0001" });
  const asEmployee = await api("/api/audit", { anonymous: true, headers: { Cookie: employeeCookie } });
  expect(asEmployee.status).toBe(403);
  expect((await asEmployee.json()).error).toMatch(THAI);
});

test("the page lists the log with its filters, and a bad filter shows the first page instead of an error", async () => {
  const page = await api(`/admin/audit?entity=employee&entity_id=${employee.id}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("ประวัติการแก้ไข");
  expect(html).toContain("นางสาวอรุณี ตรวจสอบ");
  expect(html).toContain(`href="/admin/employee/${employee.id}"`);
  expect((await api("/admin/audit?from=nope")).status).toBe(200);
  expect((await api("/admin/audit", { anonymous: true, redirect: "manual" })).status).toBe(302);
});

test("issuing a linking code hands over the link and its QR code (demo mode: this server's verify page)", async () => {
  const created = await api("/api/employee", { method: "POST", json: { code: "AUD003", title: 1, first_name: "ลิงก์", last_name: "คิวอาร์" } });
  const { id } = (await created.json()).employee as { id: number };
  const response = await api(`/api/employee/${id}/verify-code`, { method: "POST" });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: string; link: string; qr_svg: string };
  expect(body.code).toMatch(/^\d{6}$/);
  expect(body.link).toBe(`${server.baseUrl}/employee/verify`);
  expect(body.qr_svg).toMatch(/^<svg[^>]*>.*<path/s);
});

test("ids by name, years and dates in BE, values in Thai: the API, the page and the CSV (the same words)", async () => {
  const created = await api("/api/employee", { method: "POST", json: { code: "AUD004", title: 2, first_name: "มาลี", last_name: "ชื่อจริง" } });
  const person = (await created.json()).employee as { id: number };
  const province = ((await (await api("/api/province")).json()).items as { id: number; name_th: string }[])[0];
  expect((await api(`/api/employee/${person.id}`, { method: "PATCH", json: { province_id: province.id, start_date: "2026-01-15" } })).status).toBe(200);
  const year = new Date().getFullYear();
  expect((await api("/api/leave/quota", { method: "PUT", json: { employee_id: person.id, year, type: 1, quota: 5 } })).status).toBe(200);
  const machine = (await (await api("/api/machine", { method: "POST", json: { code: "AUDM1", name: "ตู้ทดสอบประวัติ", type: 1 } })).json()).machine as { id: number };
  expect((await api("/api/machine/map", { method: "POST", json: { machine_id: machine.id, employee_id: person.id } })).status).toBe(201);

  type Item = Entry & { entity_name: string | null; lines: { label: string; from?: string; to?: string; value?: string }[] };
  const read = async (query: string) => ((await (await api(`/api/audit?${query}`)).json()) as { items: Item[] }).items;
  const [edit] = await read(`entity=employee&entity_id=${person.id}`);
  expect(edit.lines).toEqual(
    expect.arrayContaining([
      { field: "start_date", label: "วันเริ่มงาน", from: "-", to: "15 ม.ค. 2569" },
      { field: "province_id", label: "จังหวัด", from: "-", to: province.name_th },
    ]),
  );
  const [quota] = await read(`entity=leave_quota&entity_id=${person.id}`);
  expect(quota.lines.slice(0, 2)).toEqual([
    { field: "year", label: "ปี", value: String(year + 543) },
    { field: "type", label: "ประเภทการลา", value: "ลากิจ" },
  ]);
  const [map] = await read(`entity=machine&entity_id=${machine.id}&actor=admin`);
  expect(map).toMatchObject({ action_label: "มอบหมายตู้", entity_name: "AUDM1 ตู้ทดสอบประวัติ" });
  expect(map.lines).toEqual([{ field: "employee_id", label: "พนักงาน", value: "นางมาลี ชื่อจริง (AUD004)" }]);

  const html = await (await api(`/admin/audit?entity=machine&entity_id=${machine.id}`)).text();
  expect(html).toContain("AUDM1 ตู้ทดสอบประวัติ");
  expect(html).toContain("นางมาลี ชื่อจริง (AUD004)");

  const csv = await (await api(`/api/audit?format=csv&from=${year}-01-01`)).text();
  const rows = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(rows[0]).toBe("วันที่เวลา,วันที่เวลา (ค.ศ.),ผู้ทำ,ชื่อผู้ทำ,การกระทำ,รายการ,รหัสรายการ,ชื่อรายการ,พนักงานที่เกี่ยวข้อง,รายละเอียด");
  const mine = rows.filter((r) => r.includes("AUD004") || r.includes("AUDM1"));
  expect(mine.join("\n")).toContain(`จังหวัด: - → ${province.name_th}`);
  expect(mine.join("\n")).toContain(`ปี: ${year + 543}; ประเภทการลา: ลากิจ`);
  expect(mine.join("\n")).toContain(`มอบหมายตู้,ตู้,${machine.id},AUDM1 ตู้ทดสอบประวัติ,,พนักงาน: นางมาลี ชื่อจริง (AUD004)`);
  for (const row of mine) {
    const details = row.slice(row.lastIndexOf(",") + 1);
    expect(details).not.toMatch(/\(รหัส\)|_id|2026-01-15|[a-z]{3}/);
  }
});
