import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";
import { HTML_PAGE, isJpegBytes, makeJpeg } from "../fixtures/images";

const ADMIN = { username: "emp-admin", password: "emp-admin-password" };
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

let serial = 0;
async function create(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const response = await api("/api/employee", {
    method: "POST",
    json: { code: `API${serial}`, title: 2, first_name: "มาลี", last_name: "มีสุข", ...overrides },
  });
  expect(response.status).toBe(201);
  return (await response.json()).employee;
}

async function firstAddress() {
  const { items: provinces } = await (await api("/api/province")).json();
  const province = provinces.find((p: { name_th: string }) => p.name_th === "เชียงใหม่");
  const { items: amphurs } = await (await api(`/api/amphur?province_id=${province.id}`)).json();
  const { items: districts } = await (await api(`/api/district?amphur_id=${amphurs[0].id}`)).json();
  return { province, amphur: amphurs[0], district: districts[0] };
}

describe("employees API", () => {
  test("every route refuses anonymous callers with 401", async () => {
    for (const [path, method] of [
      ["/api/employee", "GET"],
      ["/api/employee", "POST"],
      ["/api/employee/1", "GET"],
      ["/api/employee/1", "PATCH"],
      ["/api/employee/1/resign", "POST"],
      ["/api/employee/1/reinstate", "POST"],
      ["/api/employee/1/photo", "POST"],
      ["/api/employee/resigned", "GET"],
    ] as const) {
      const response = await api(path, { method, anonymous: true, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  test("POST → 201 with the contract's fields; a Thai address's zipcode is the district's", async () => {
    const { province, amphur, district } = await firstAddress();
    const employee = await create({
      nickname: "ลี",
      phone: "0812345678",
      email: "malee@example.com",
      position: "บัญชี",
      department: "การเงิน",
      start_date: "2025-01-06",
      address: "12 หมู่ 3",
      province_id: province.id,
      amphur_id: amphur.id,
      district_id: district.id,
    });
    for (const field of [
      "id", "code", "title", "first_name", "last_name", "nickname", "phone", "email", "position", "department",
      "start_date", "resign_date", "photo_url", "line_linked", "face_registered", "address", "amphur_id",
      "district_id", "province_id", "zipcode",
    ]) {
      expect(employee).toHaveProperty(field);
    }
    expect(employee.zipcode).toBe(district.zipcode);
    expect(employee.line_linked).toBe(false);
    const again = await (await api(`/api/employee/${employee.id}`)).json();
    expect(again.employee).toEqual(employee);
  });

  test("400 with Thai field messages; 409 for a duplicate code; 400 for a district outside its amphur", async () => {
    const bad = await api("/api/employee", { method: "POST", json: { code: "", title: 7, first_name: "", last_name: "" } });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fields).toMatchObject({ code: "กรุณากรอกรหัสพนักงาน", title: "กรุณาเลือกคำนำหน้า", first_name: "กรุณากรอกชื่อ" });

    await create({ code: "SAME-CODE" });
    const dup = await api("/api/employee", { method: "POST", json: { code: "same-code", title: 1, first_name: "ก", last_name: "ข" } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).fields.code).toBe("รหัสพนักงานนี้มีอยู่แล้ว");

    const { province, amphur } = await firstAddress();
    const wrong = await api("/api/employee", {
      method: "POST",
      json: { code: "ADDR-X", title: 1, first_name: "ก", last_name: "ข", province_id: province.id, amphur_id: amphur.id, district_id: 1 },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fields.district_id).toBeTruthy();
    const unknown = await api("/api/employee", {
      method: "POST",
      json: { code: "ADDR-Y", title: 1, first_name: "ก", last_name: "ข", province_id: 999999 },
    });
    expect(unknown.status).toBe(400);
  });

  test("PATCH edits given fields; 404 unknown; 409 code clash; null clears", async () => {
    const a = await create({ nickname: "เอ", start_date: "2024-01-01" });
    const b = await create();
    const patched = await api(`/api/employee/${a.id}`, { method: "PATCH", json: { position: "ผู้จัดการ", start_date: null } });
    expect(patched.status).toBe(200);
    const { employee } = await patched.json();
    expect(employee).toMatchObject({ position: "ผู้จัดการ", nickname: "เอ", start_date: null });
    expect((await api(`/api/employee/999999`, { method: "PATCH", json: { nickname: "x" } })).status).toBe(404);
    expect((await api(`/api/employee/abc`)).status).toBe(404);
    expect((await api(`/api/employee/${b.id}`, { method: "PATCH", json: { code: a.code } })).status).toBe(409);
    expect((await api(`/api/employee/${b.id}`, { method: "PATCH", json: { email: "nope" } })).status).toBe(400);
  });

  test("name_prefix: optional on POST, read back, changed and cleared by PATCH; full_name and the search use it; Thai 400s", async () => {
    const plain = await create({ first_name: "ไร้", last_name: "คำนำหน้า" });
    expect(plain).toMatchObject({ title: 2, title_label: "นาง", name_prefix: "", full_name: "นางไร้ คำนำหน้า" });

    const doctor = await create({ title: 1, name_prefix: " ดร. ", first_name: "ปรีชา", last_name: "ฉลาดยิ่ง" });
    expect(doctor).toMatchObject({ title: 1, title_label: "นาย", name_prefix: "ดร.", full_name: "ดร. ปรีชา ฉลาดยิ่ง" });
    expect((await (await api(`/api/employee/${doctor.id}`)).json()).employee).toMatchObject({ name_prefix: "ดร.", full_name: "ดร. ปรีชา ฉลาดยิ่ง" });
    const found = await (await api(`/api/employee?q=${encodeURIComponent("ดร. ปรีชา")}`)).json();
    expect(found.items.map((e: { id: number }) => e.id)).toEqual([doctor.id]);

    const patched = await api(`/api/employee/${doctor.id}`, { method: "PATCH", json: { name_prefix: "ว่าที่ ร.ต." } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).employee).toMatchObject({ title: 1, name_prefix: "ว่าที่ ร.ต.", full_name: "ว่าที่ ร.ต. ปรีชา ฉลาดยิ่ง" });
    const untouched = await api(`/api/employee/${doctor.id}`, { method: "PATCH", json: { nickname: "ชา" } });
    expect((await untouched.json()).employee.name_prefix).toBe("ว่าที่ ร.ต.");
    const cleared = await api(`/api/employee/${doctor.id}`, { method: "PATCH", json: { name_prefix: null } });
    expect((await cleared.json()).employee).toMatchObject({ name_prefix: "", full_name: "นายปรีชา ฉลาดยิ่ง" });

    const tooLong = await api("/api/employee", { method: "POST", json: { code: "PFX-LONG", title: 1, first_name: "ก", last_name: "ข", name_prefix: "ก".repeat(41) } });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).fields).toEqual({ name_prefix: "คำนำหน้าอื่นยาวเกิน 40 ตัวอักษร" });
    const digits = await api(`/api/employee/${doctor.id}`, { method: "PATCH", json: { name_prefix: "ดร.2" } });
    expect(digits.status).toBe(400);
    expect((await digits.json()).fields.name_prefix).toBe("คำนำหน้าอื่นใช้ได้เฉพาะตัวอักษรไทยหรืออังกฤษ จุด และเว้นวรรค (เช่น ดร. หรือ ว่าที่ ร.ต.)");
    const noTitle = await api("/api/employee", { method: "POST", json: { code: "PFX-NT", first_name: "ก", last_name: "ข", name_prefix: "ดร." } });
    expect((await noTitle.json()).fields).toEqual({ title: "กรุณาเลือกคำนำหน้า" });
  });

  test("resign → resigned list; twice → 409; reinstate → back; nothing is deleted", async () => {
    const e = await create({ first_name: "ลาออก" });
    expect((await api(`/api/employee/${e.id}/resign`, { method: "POST", json: {} })).status).toBe(400);
    const resigned = await api(`/api/employee/${e.id}/resign`, { method: "POST", json: { resign_date: "2025-11-30" } });
    expect(resigned.status).toBe(200);
    expect((await resigned.json()).employee.resign_date).toBe("2025-11-30");
    expect((await api(`/api/employee/${e.id}/resign`, { method: "POST", json: { resign_date: "2025-12-01" } })).status).toBe(409);

    const active = await (await api(`/api/employee?q=${encodeURIComponent("ลาออก")}`)).json();
    expect(active.items.map((x: { id: number }) => x.id)).not.toContain(e.id);
    const gone = await (await api(`/api/employee/resigned?q=${encodeURIComponent("ลาออก")}`)).json();
    expect(gone.items.map((x: { id: number }) => x.id)).toContain(e.id);

    const back = await api(`/api/employee/${e.id}/reinstate`, { method: "POST" });
    expect(back.status).toBe(200);
    expect((await api(`/api/employee/${e.id}/reinstate`, { method: "POST" })).status).toBe(409);
    expect((await api("/api/employee/999999/reinstate", { method: "POST" })).status).toBe(404);
  });

  test("a resignation ahead of today keeps the employee in the current list and CSV until that date", async () => {
    const e = await create({ first_name: "ยังอยู่", last_name: "จนสิ้นเดือน" });
    const ahead = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const res = await api(`/api/employee/${e.id}/resign`, { method: "POST", json: { resign_date: ahead } });
    expect(res.status).toBe(200);
    expect((await res.json()).employee).toMatchObject({ resign_date: ahead, working: true });

    const q = encodeURIComponent("จนสิ้นเดือน");
    const active = await (await api(`/api/employee?q=${q}`)).json();
    expect(active.items.map((x: { id: number }) => x.id)).toEqual([e.id]);
    const resigned = await (await api(`/api/employee/resigned?q=${q}`)).json();
    expect(resigned.items).toEqual([]);
    const csv = await (await api(`/api/employee?format=csv&q=${q}`)).text();
    expect(csv).toContain(`${e.code},`);
  });

  test("lists page with {items, total, page, page_size}; page_size is capped at 200", async () => {
    for (let i = 0; i < 3; i++) await create({ last_name: "หน้าหลายหน้า" });
    const page = await (await api(`/api/employee?q=${encodeURIComponent("หน้าหลายหน้า")}&page=2&page_size=2`)).json();
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.items).toHaveLength(1);
    const capped = await (await api("/api/employee?page_size=5000")).json();
    expect(capped.page_size).toBeLessThanOrEqual(200);
  });

  test("CSV export: BOM, Thai headers, attachment", async () => {
    await create({ first_name: "=cmd|' /C calc'!A0", last_name: "ส่งออก" });
    const response = await api(`/api/employee?format=csv&q=${encodeURIComponent("ส่งออก")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("รหัสพนักงาน");
    expect(text).toContain("'=cmd");
  });
});

describe("employee photos", () => {
  function upload(id: number, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg") {
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(bytes)], name, { type }));
    return api(`/api/employee/${id}/photo`, { method: "POST", body: form });
  }

  test("a real JPEG is stored re-encoded and served to admins only", async () => {
    const e = await create();
    const response = await upload(e.id, await makeJpeg({ width: 2400, height: 1800 }));
    expect(response.status).toBe(200);
    const { photo_url } = await response.json();
    expect(photo_url).toMatch(/^\/uploads\/employees\/[0-9a-f-]{36}\.jpg$/);
    const image = await api(photo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(isJpegBytes(new Uint8Array(await image.arrayBuffer()))).toBe(true);
    expect((await api(photo_url, { anonymous: true })).status).toBe(401);
    expect((await (await api(`/api/employee/${e.id}`)).json()).employee.photo_url).toBe(photo_url);
  });

  test("an HTML file named .jpg is refused with 400; 11 MB with 413; unknown employee 404", async () => {
    const e = await create();
    const html = await upload(e.id, HTML_PAGE, "photo.jpg", "image/jpeg");
    expect(html.status).toBe(400);
    expect((await html.json()).error).toMatch(/รูปภาพ/);
    const huge = await upload(e.id, new Uint8Array(11 * 1024 * 1024).fill(0xff));
    expect(huge.status).toBe(413);
    expect((await upload(999999, await makeJpeg())).status).toBe(404);
    expect((await (await api(`/api/employee/${e.id}`)).json()).employee.photo_url).toBeNull();
  });
});

describe("a repeated create (three quick clicks on บันทึก)", () => {
  const PAGE = "/admin/employee?_data=routes%2Fadmin.employee";
  const pagePost = (body: BodyInit | null, type?: string) =>
    api(PAGE, { method: "POST", body, headers: type ? { "content-type": type } : {} });

  test("the API answers an identical repeat with the employee it created; a different one with the code is 409", async () => {
    const input = { code: "CLICK-1", title: 1, first_name: "กด", last_name: "สามครั้ง" };
    const answers = await Promise.all([1, 2, 3].map(() => api("/api/employee", { method: "POST", json: input })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).employee.id));
    expect(new Set(ids).size).toBe(1);
    const { items } = await (await api("/api/employee?q=CLICK-1")).json();
    expect(items).toHaveLength(1);

    const other = await api("/api/employee", { method: "POST", json: { ...input, first_name: "คนอื่น" } });
    expect(other.status).toBe(409);
    expect((await other.json()).fields.code).toBe("รหัสพนักงานนี้มีอยู่แล้ว");
  });

  test("the add-employee dialog's repeated posts all succeed with one employee", async () => {
    const form = new URLSearchParams({ intent: "create", code: "CLICK-2", title: "2", first_name: "ดับเบิล", last_name: "คลิก" });
    for (let i = 0; i < 3; i++) {
      const response = await pagePost(form, "application/x-www-form-urlencoded");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, intent: "create", message: "เพิ่มพนักงานแล้ว" });
    }
    expect((await (await api("/api/employee?q=CLICK-2")).json()).items).toHaveLength(1);
  });

  test("page actions: JSON, text and empty bodies, unknown intents and API-invalid ids are 400/404 in Thai, never 500", async () => {
    const e = await create();
    const bodies: [BodyInit | null, string | undefined][] = [
      [JSON.stringify({ intent: "reinstate", id: e.id }), "application/json"],
      ["intent=reinstate", "text/plain"],
      [null, undefined],
      ["", "application/x-www-form-urlencoded"],
      [new URLSearchParams({ intent: "drop" }), "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of bodies) {
      const response = await pagePost(body, type);
      expect(response.status, `${type}: ${String(body)}`).toBe(400);
      const answer = await response.json();
      expect(answer.ok).toBe(false);
      expect(answer.error).toMatch(/[ก-๙]/);
    }
    for (const id of ["1e0", "01", "-1", " 1"]) {
      const page = await pagePost(new URLSearchParams({ intent: "reset-face", id }), "application/x-www-form-urlencoded");
      expect(page.status, id).toBe(404);
      const fromApi = await api(`/api/employee/${encodeURIComponent(id)}`);
      expect(fromApi.status).toBe(404);
      expect((await page.json()).error).toBe((await fromApi.json()).error);
    }
  });
});
