// The employee profile page (/admin/employee/:id) against the built server, and its actions through the list's page action.
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "profile-admin", password: "profile-admin-password" };
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

async function employee(code: string, first: string) {
  const response = await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: first, last_name: "โปรไฟล์", nickname: "ต้น" } });
  expect(response.status).toBe(201);
  return (await response.json()).employee as { id: number };
}

test("the profile shows every section of a working employee", async () => {
  const { id } = await employee("PRF001", "ธนา");
  const response = await api(`/admin/employee/${id}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("นายธนา โปรไฟล์");
  for (const section of ["ข้อมูลพนักงาน", "LINE และใบหน้า", "การลงเวลา", "การลา ปี", "ตู้ที่รับผิดชอบ", "ประวัติการแก้ไข"]) {
    expect(html, section).toContain(section);
  }
  // The list links each name to the profile.
  expect(await (await api("/admin/employee")).text()).toContain(`href="/admin/employee/${id}"`);
});

test("a resigned employee has a profile too", async () => {
  const { id } = await employee("PRF002", "วิชัย");
  expect((await api(`/api/employee/${id}/resign`, { method: "POST", json: { resign_date: "2024-01-31" } })).status).toBe(200);
  const html = await (await api(`/admin/employee/${id}`)).text();
  expect(html).toContain("ลาออกแล้ว");
  expect(html).toContain("นายวิชัย โปรไฟล์");
});

test.each([["999999"], ["abc"], ["1e0"]])("an unknown id (%s) is the Thai 404 page inside the admin shell", async (id) => {
  const response = await api(`/admin/employee/${id}`);
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toMatch(/ไม่พบ/);
  expect(html).toContain("กลับไปที่รายชื่อพนักงาน");
});

test("signed out: the guard sends the browser to sign in", async () => {
  const response = await api("/admin/employee/1", { anonymous: true, redirect: "manual" });
  expect(response.status).toBe(302);
});

test("an action from the profile goes to the list's page action and shows up in the profile's history", async () => {
  const { id } = await employee("PRF003", "สุดา");
  const form = new URLSearchParams({ intent: "issue-code", id: String(id) });
  const response = await api("/admin/employee?_data=routes%2Fadmin.employee", {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { ok: boolean; data: { code: string; link: string; qr_svg: string } };
  expect(body.ok).toBe(true);
  expect(body.data.link).toBe(`${server.baseUrl}/employee/verify`);
  expect(body.data.qr_svg).toMatch(/^<svg/);
  const html = await (await api(`/admin/employee/${id}`)).text();
  expect(html).toContain("ออกรหัสเชื่อม LINE");
});
