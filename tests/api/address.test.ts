import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "address-admin", password: "address-admin-password-1" };
let server: RunningServer;
let cookie: string;

type Item = { id: number; name_th: string; name_en: string };
type AmphurItem = Item & { province_id: number };
type DistrictItem = Item & { amphur_id: number; zipcode: string };

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  const response = await fetch(url("/api/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  cookie = cookieFrom(response, "tn_admin")!;
  expect(cookie).toBeTruthy();
});
afterAll(() => server?.stop());

const url = (path: string) => `${server.baseUrl}${path}`;
const get = (path: string, withCookie = true) =>
  fetch(url(path), { headers: withCookie ? { Cookie: cookie } : {} });

async function items<T>(path: string): Promise<T[]> {
  const response = await get(path);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: T[] }).items;
}

async function provinceId(nameTh: string) {
  const province = (await items<Item>("/api/province")).find((p) => p.name_th === nameTh);
  expect(province).toBeDefined();
  return province!.id;
}

describe("GET /api/province", () => {
  test("the seeded 77 provinces in Thai order, cacheable per user", async () => {
    const response = await get("/api/province");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    const { items: list } = (await response.json()) as { items: Item[] };
    expect(list).toHaveLength(77);
    expect(list[0]).toEqual({ id: expect.any(Number), name_th: "กระบี่", name_en: "Krabi" });
    const names = list.map((p) => p.name_th);
    expect(names.indexOf("เชียงใหม่")).toBeLessThan(names.indexOf("ตาก"));
    expect(names).toContain("บึงกาฬ");
  });

  test("401 JSON without a session, nothing cached", async () => {
    for (const path of ["/api/province", "/api/amphur?province_id=1", "/api/district?amphur_id=1"]) {
      const response = await get(path, false);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "กรุณาเข้าสู่ระบบ" });
      expect(response.headers.get("cache-control") ?? "").not.toContain("max-age");
    }
  });

  test("read-only: POST is 405", async () => {
    for (const path of ["/api/province", "/api/amphur?province_id=1", "/api/district?amphur_id=1"]) {
      const response = await fetch(url(path), { method: "POST", headers: { Cookie: cookie } });
      expect(response.status).toBe(405);
    }
  });
});

describe("GET /api/amphur", () => {
  test("Bangkok's 50 เขต, each with province_id", async () => {
    const bangkok = await provinceId("กรุงเทพมหานคร");
    const response = await get(`/api/amphur?province_id=${bangkok}`);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    const list = ((await response.json()) as { items: AmphurItem[] }).items;
    expect(list).toHaveLength(50);
    expect(list.every((a) => a.province_id === bangkok)).toBe(true);
    expect(list.map((a) => a.name_th)).toContain("คลองเตย");
    const names = list.map((a) => a.name_th);
    expect(names).toEqual([...names].sort(new Intl.Collator("th").compare));
  });

  test("400 with a Thai message when province_id is missing or not a positive integer", async () => {
    for (const query of ["", "?province_id=", "?province_id=abc", "?province_id=0", "?province_id=-1", "?province_id=1.5"]) {
      const response = await get(`/api/amphur${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("กรุณาระบุรหัสจังหวัด (province_id) เป็นจำนวนเต็มบวก");
    }
  });

  test("404 for an unknown province", async () => {
    const response = await get("/api/amphur?province_id=999999");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "ไม่พบจังหวัดนี้" });
  });
});

describe("GET /api/district", () => {
  test("the ตำบล of one amphur, each with amphur_id and a 5-digit zipcode", async () => {
    const cm = await provinceId("เชียงใหม่");
    const mueang = (await items<AmphurItem>(`/api/amphur?province_id=${cm}`)).find(
      (a) => a.name_th === "เมืองเชียงใหม่",
    )!;
    const response = await get(`/api/district?amphur_id=${mueang.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    const list = ((await response.json()) as { items: DistrictItem[] }).items;
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((d) => d.amphur_id === mueang.id && /^\d{5}$/.test(d.zipcode))).toBe(true);
    expect(list.find((d) => d.name_th === "ศรีภูมิ")).toEqual({
      id: expect.any(Number),
      name_th: "ศรีภูมิ",
      name_en: "Si Phum",
      amphur_id: mueang.id,
      zipcode: "50200",
    });
  });

  test("Bueng Kan's districts (no codes in the source) have their own ตำบล", async () => {
    const bk = await provinceId("บึงกาฬ");
    const amphurList = await items<AmphurItem>(`/api/amphur?province_id=${bk}`);
    expect(amphurList).toHaveLength(8);
    const seka = amphurList.find((a) => a.name_th === "เซกา")!;
    const list = await items<DistrictItem>(`/api/district?amphur_id=${seka.id}`);
    expect(list).toHaveLength(9);
    expect(list.every((d) => d.zipcode === "38150")).toBe(true);
  });

  test("400 when amphur_id is missing or malformed, 404 when unknown", async () => {
    for (const query of ["", "?amphur_id=", "?amphur_id=x1", "?amphur_id=01"]) {
      const response = await get(`/api/district${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("กรุณาระบุรหัสอำเภอ (amphur_id) เป็นจำนวนเต็มบวก");
    }
    const unknown = await get("/api/district?amphur_id=999999");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "ไม่พบอำเภอนี้" });
  });
});

describe("seeding at start", () => {
  test("a restart on the same data directory keeps the same ids and adds nothing", async () => {
    const before = await items<Item>("/api/province");
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
    const after = await items<Item>("/api/province");
    expect(after).toEqual(before);
    const bangkok = before.find((p) => p.name_th === "กรุงเทพมหานคร")!;
    expect(await items<AmphurItem>(`/api/amphur?province_id=${bangkok.id}`)).toHaveLength(50);
  });
});
