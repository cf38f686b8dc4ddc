import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "import-admin", password: "import-admin-password" };
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

const HEADER = "รหัสพนักงาน,คำนำหน้า,ชื่อ,นามสกุล,เบอร์โทรศัพท์,วันเริ่มงาน,วันเริ่มงาน (ค.ศ.),จังหวัด";
const file = (...rows: string[]) => `\uFEFF${[HEADER, ...rows].join("\r\n")}\r\n`;
const GOOD = file('IMP-1,นาย,สมชาย,ใจดี,"=""0812345678""",9 มี.ค. 2569,2026-03-09,เชียงใหม่', "IMP-2,นางสาว,มาลี,มีสุข,,,,");
const ONE_BAD = file("IMP-3,นาย,สมชาย,ใจดี,,,,", "IMP-4,นาย,สมชาย,ใจดี,,,,แอตแลนติส");

function upload(csv: string, mode?: string, name = "employees.csv") {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), name);
  if (mode) form.append("mode", mode);
  return api("/api/employee/import", { method: "POST", body: form });
}

const codes = async () =>
  ((await (await api("/api/employee?q=IMP-&page_size=200")).json()).items as { code: string }[]).map((e) => e.code).sort();

describe("POST /api/employee/import", () => {
  test("anonymous callers get 401", async () => {
    const response = await api("/api/employee/import", { method: "POST", anonymous: true, body: GOOD, headers: { "content-type": "text/csv" } });
    expect(response.status).toBe(401);
  });

  test("preview (the default) answers 200 with each row's Thai errors and writes nothing", async () => {
    const response = await upload(ONE_BAD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mode: "preview",
      total: 2,
      valid: 1,
      invalid: 1,
      created: 0,
      problems: [{ row: 3, code: "IMP-4", name: "สมชาย ใจดี", fields: { province_id: "ไม่พบจังหวัด “แอตแลนติส”" } }],
    });
    expect(await codes()).toEqual([]);
  });

  test("all_or_nothing with one bad row answers 400 with the report and writes nothing", async () => {
    const response = await upload(ONE_BAD, "all_or_nothing");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ error: "มีข้อมูลไม่ถูกต้อง จึงยังไม่ได้นำเข้าพนักงาน", created: 0, invalid: 1 });
    expect(await codes()).toEqual([]);
  });

  test("a text/csv body with ?mode=all_or_nothing imports every row: 201", async () => {
    const response = await api("/api/employee/import?mode=all_or_nothing", {
      method: "POST",
      body: GOOD,
      headers: { "content-type": "text/csv; charset=utf-8" },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ mode: "all_or_nothing", total: 2, created: 2, problems: [] });
    expect(await codes()).toEqual(["IMP-1", "IMP-2"]);
    const { items } = await (await api("/api/employee?q=IMP-1")).json();
    expect(items[0]).toMatchObject({ phone: "0812345678", start_date: "2026-03-09", province_name: "เชียงใหม่" });
  });

  test("valid_only writes the good rows: 201; the same file again is all duplicates: 400", async () => {
    const response = await upload(ONE_BAD, "valid_only");
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ created: 1, invalid: 1 });
    expect(await codes()).toContain("IMP-3");
    const again = await upload(file("IMP-3,นาย,สมชาย,ใจดี,,,,"), "valid_only");
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: "ไม่มีแถวที่นำเข้าได้",
      problems: [{ row: 2, fields: { code: "รหัสพนักงานนี้มีอยู่แล้วในระบบ" } }],
    });
  });

  test("a free title: ดร. in คำนำหน้าอื่น, or ว่าที่ ร.ต. in คำนำหน้า beside นาย, becomes the name's prefix; alone or too long it is a Thai problem", async () => {
    const csv = `\uFEFF${[
      "รหัสพนักงาน,คำนำหน้า,ชื่อ,นามสกุล,คำนำหน้าอื่น",
      "PFX-1,นาง,มาลี,ศรีสุข,ดร.",
      "PFX-2,ว่าที่ ร.ต.,สมชาย,กล้าหาญ,นาย",
      "PFX-3,ดร.,มานะ,อดทน,",
      `PFX-4,นาย,ยาว,เกิน,${"ก".repeat(41)}`,
    ].join("\r\n")}\r\n`;
    const response = await upload(csv, "valid_only");
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      total: 4,
      created: 2,
      problems: [
        { row: 4, code: "PFX-3", fields: { title: "“ดร.” ไม่ใช่ นาย นาง หรือ นางสาว: ใส่ นาย/นาง/นางสาว ในคอลัมน์ “คำนำหน้า” และ “ดร.” ในคอลัมน์ “คำนำหน้าอื่น”" } },
        { row: 5, code: "PFX-4", fields: { name_prefix: "คำนำหน้าอื่นยาวเกิน 40 ตัวอักษร" } },
      ],
    });
    const { items } = await (await api("/api/employee?q=PFX-&sort=code")).json();
    expect(items.map((e: { code: string; title: number; name_prefix: string; full_name: string }) => [e.code, e.title, e.name_prefix, e.full_name])).toEqual([
      ["PFX-1", 2, "ดร.", "ดร. มาลี ศรีสุข"],
      ["PFX-2", 1, "ว่าที่ ร.ต.", "ว่าที่ ร.ต. สมชาย กล้าหาญ"],
    ]);
    const exported = await (await api("/api/employee?format=csv&q=PFX-&sort=code")).text();
    expect(exported).toContain("PFX-1,นาง,มาลี,ศรีสุข,ดร.,");
  });

  test("bad input is a Thai 400: no file, another body type, an unknown mode, not the export's columns, not UTF-8", async () => {
    const cases: [Promise<Response>, RegExp][] = [
      [api("/api/employee/import", { method: "POST", body: new FormData() }), /กรุณาแนบไฟล์ CSV/],
      [api("/api/employee/import", { method: "POST", json: { csv: GOOD } }), /multipart/],
      [upload(GOOD, "everything"), /โหมดการนำเข้า/],
      [upload("a,b\r\n1,2\r\n"), /ไม่พบคอลัมน์/],
    ];
    for (const [request, message] of cases) {
      const response = await request;
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(message);
    }
    const ansi = await api("/api/employee/import", {
      method: "POST",
      body: new Uint8Array([0xca, 0xc1, 0x2c, 0xaa, 0xd2, 0xc2, 0x0d, 0x0a]),
      headers: { "content-type": "text/csv" },
    });
    expect(ansi.status).toBe(400);
    expect((await ansi.json()).error).toMatch(/UTF-8/);
  });

  test("a file over 5 MB is a 413; more than 5,000 rows is a 413", async () => {
    const big = await upload(GOOD + "x".repeat(5 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("ไฟล์มีขนาดใหญ่เกิน 5 MB");
    const rows = Array.from({ length: 5001 }, (_, i) => `MANY-${i},นาย,ก,ข,,,,`);
    const many = await upload(file(...rows));
    expect(many.status).toBe(413);
    expect((await many.json()).error).toMatch(/เกิน 5,000 แถว/);
  });
});

describe("GET /api/employee filters", () => {
  test("department and status narrow the list and its CSV; a bad status is a Thai 400", async () => {
    const csv = file("FLT-1,นาย,สมชาย,ใจดี,,,,", "FLT-2,นาง,สมศรี,ใจดี,,,,");
    const withDepartment = csv.replace(HEADER, `${HEADER},แผนก`).replace("FLT-1,นาย,สมชาย,ใจดี,,,,", "FLT-1,นาย,สมชาย,ใจดี,,,,,ฝ่าย  กรองข้อมูล");
    expect((await upload(withDepartment, "all_or_nothing")).status).toBe(201);
    const list = await (await api(`/api/employee?q=FLT-&department=${encodeURIComponent("ฝ่าย กรองข้อมูล")}&status=line_unlinked`)).json();
    expect(list.items.map((e: { code: string; department: string }) => [e.code, e.department])).toEqual([["FLT-1", "ฝ่าย กรองข้อมูล"]]);
    const exported = await (await api(`/api/employee?format=csv&department=${encodeURIComponent("ฝ่าย กรองข้อมูล")}`)).text();
    expect(exported).toContain("FLT-1");
    expect(exported).not.toContain("FLT-2");
    expect((await (await api("/api/employee?q=FLT-&status=line_linked")).json()).total).toBe(0);
    const bad = await api("/api/employee?status=retired");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.status).toMatch(/^สถานะ \(status\) ต้องเป็น/);
  });
});
