// The office's holiday table against the built server: seeded at start, edited by admins.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "holiday-admin", password: "holiday-admin-password-1" };
const THAI = /[\u0E00-\u0E7F]/;
const THIS_YEAR = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date()).slice(0, 4));
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string };

const asAdmin = apiClient(() => server, () => admin);
const asAlice = apiClient(() => server, () => alice.cookie);

type Item = { date: string; name: string; kind: string; source: string };
type List = { year: number; items: Item[]; warnings: string[]; seeded_at: string | null };

function audit(entity: string) {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return sqlite.prepare("select action, entity_id as entityId, actor_type as actorType from audit_log where entity = ?").all(entity);
  } finally {
    sqlite.close();
  }
}

const list = async (year: number): Promise<List> => (await asAdmin(`/api/holiday?year=${year}`)).json();

async function expectThai400(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toMatch(THAI);
  expect(body.fields[field]).toMatch(THAI);
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  alice = await linkedEmployee(server, admin, { code: "HD-1", demoUser: "Udemo0001" });
}, 60_000);
afterAll(() => server?.stop());

describe("GET /api/holiday", () => {
  test("this year and the next are seeded at start, with no warnings; no year means this year", async () => {
    for (const year of [THIS_YEAR, THIS_YEAR + 1]) {
      const body = await list(year);
      expect(body.year).toBe(year);
      expect(body.items.length).toBeGreaterThanOrEqual(13);
      expect(body.items.every((h) => h.source === "seed")).toBe(true);
      expect(body.items.find((h) => h.date === `${year}-05-01`)?.name).toBe("วันแรงงานแห่งชาติ");
      expect(body.warnings).toEqual([]);
      expect(body.seeded_at).not.toBeNull();
    }
    expect(server.logs()).toContain(`Thai public holidays of ${THIS_YEAR} loaded`);
    const plain = await asAdmin("/api/holiday");
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as List).year).toBe(THIS_YEAR);
  });

  test("a year not seeded is empty and warned about", async () => {
    const body = await list(2024);
    expect(body.items).toEqual([]);
    expect(body.seeded_at).toBeNull();
    expect(body.warnings).toHaveLength(2);
  });

  test.each(["abc", "2023", String(THIS_YEAR + 6), "0"])("400 in Thai for year=%s", async (year) => {
    await expectThai400(await asAdmin(`/api/holiday?year=${year}`), "year");
  });

  test("401 without a session, 403 for an employee", async () => {
    expect((await asAdmin("/api/holiday", { anonymous: true })).status).toBe(401);
    expect((await asAlice("/api/holiday")).status).toBe(403);
  });
});

describe("POST /api/holiday", () => {
  const day = `${THIS_YEAR + 1}-08-14`;

  test("201 with the holiday (company by default), audit-logged; the same date again is 409", async () => {
    const created = await asAdmin("/api/holiday", { method: "POST", json: { date: day, name: "วันครบรอบบริษัท" } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ holiday: { date: day, name: "วันครบรอบบริษัท", kind: "company", source: "admin" }, recounted_petitions: 0 });
    expect(audit("holiday")).toContainEqual({ action: "create", entityId: day, actorType: "admin" });

    const again = await asAdmin("/api/holiday", { method: "POST", json: { date: day, name: "ซ้ำ", kind: "public" } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(THAI);
    // A seeded date is taken too.
    expect((await asAdmin("/api/holiday", { method: "POST", json: { date: `${THIS_YEAR}-01-01`, name: "x" } })).status).toBe(409);
  });

  test("a public day (a special cabinet holiday) from a form post", async () => {
    const form = new URLSearchParams({ date: `${THIS_YEAR + 1}-08-21`, name: "วันหยุดพิเศษ", kind: "public" });
    const created = await asAdmin("/api/holiday", { method: "POST", body: form });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { holiday: Item }).holiday.kind).toBe("public");
  });

  test.each([
    ["an impossible date", { date: `${THIS_YEAR}-02-30`, name: "x" }, "date"],
    ["a date before 2024", { date: "2023-05-01", name: "x" }, "date"],
    ["no name", { date: `${THIS_YEAR + 1}-09-01`, name: " " }, "name"],
    ["a name over 100 characters", { date: `${THIS_YEAR + 1}-09-01`, name: "ก".repeat(101) }, "name"],
    ["a substitution by hand", { date: `${THIS_YEAR + 1}-09-01`, name: "x", kind: "substitution" }, "kind"],
    ["an unknown field", { date: `${THIS_YEAR + 1}-09-01`, name: "x", extra: 1 }, "_"],
  ])("400 in Thai for %s, nothing written", async (_, json, field) => {
    const before = audit("holiday").length;
    await expectThai400(await asAdmin("/api/holiday", { method: "POST", json }), field);
    expect(audit("holiday").length).toBe(before);
  });

  test("401 and 403", async () => {
    const json = { date: `${THIS_YEAR + 1}-09-02`, name: "x" };
    expect((await asAdmin("/api/holiday", { method: "POST", json, anonymous: true })).status).toBe(401);
    expect((await asAlice("/api/holiday", { method: "POST", json })).status).toBe(403);
  });
});

describe("PATCH /api/holiday/:date", () => {
  test("200: a seeded day renamed becomes the admin's; kind optional", async () => {
    const date = `${THIS_YEAR + 1}-12-10`;
    const renamed = await asAdmin(`/api/holiday/${date}`, { method: "PATCH", json: { name: "วันรัฐธรรมนูญ (หยุด)" } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ holiday: { date, name: "วันรัฐธรรมนูญ (หยุด)", kind: "public", source: "admin" } });
    const kind = await asAdmin(`/api/holiday/${date}`, { method: "PATCH", json: { name: "วันรัฐธรรมนูญ", kind: "company" } });
    expect(((await kind.json()) as { holiday: Item }).holiday.kind).toBe("company");
    expect(audit("holiday")).toContainEqual({ action: "update", entityId: date, actorType: "admin" });
  });

  test("404 for a date without a holiday; 400 for a bad date or name", async () => {
    const missing = await asAdmin(`/api/holiday/${THIS_YEAR + 1}-09-09`, { method: "PATCH", json: { name: "x" } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(THAI);
    await expectThai400(await asAdmin("/api/holiday/2026-13-01", { method: "PATCH", json: { name: "x" } }), "date");
    await expectThai400(await asAdmin(`/api/holiday/${THIS_YEAR}-01-01`, { method: "PATCH", json: { name: "" } }), "name");
    await expectThai400(await asAdmin(`/api/holiday/${THIS_YEAR}-01-01`, { method: "PATCH", json: { name: "x", kind: "x" } }), "kind");
  });

  test("401 and 403", async () => {
    const url = `/api/holiday/${THIS_YEAR}-01-01`;
    expect((await asAdmin(url, { method: "PATCH", json: { name: "x" }, anonymous: true })).status).toBe(401);
    expect((await asAlice(url, { method: "PATCH", json: { name: "x" } })).status).toBe(403);
  });
});

describe("DELETE /api/holiday/:date and DELETE /api/holiday {date}", () => {
  test("200 with the removed day; the day stays removed after a restart", async () => {
    const date = `${THIS_YEAR}-05-01`;
    const removed = await asAdmin(`/api/holiday/${date}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { holiday: Item }).holiday).toMatchObject({ date, name: "วันแรงงานแห่งชาติ" });
    expect(audit("holiday")).toContainEqual({ action: "delete", entityId: date, actorType: "admin" });
    expect((await list(THIS_YEAR)).warnings.join(" ")).toContain("วันแรงงานแห่งชาติ");
    expect((await asAdmin(`/api/holiday/${date}`, { method: "DELETE" })).status).toBe(404);

    await server.stop({ keepData: true });
    server = await startServer({}, { dataDir: server.dataDir });
    admin = await adminCookie(server, ADMIN);
    const after = await list(THIS_YEAR);
    expect(after.items.some((h) => h.date === date)).toBe(false);
  }, 60_000);

  test("the contract's DELETE /api/holiday with a JSON body or ?date=", async () => {
    const a = `${THIS_YEAR + 1}-10-01`;
    const b = `${THIS_YEAR + 1}-10-02`;
    for (const date of [a, b]) {
      expect((await asAdmin("/api/holiday", { method: "POST", json: { date, name: "ลบทีหลัง" } })).status).toBe(201);
    }
    expect((await asAdmin("/api/holiday", { method: "DELETE", json: { date: a } })).status).toBe(200);
    expect((await asAdmin(`/api/holiday?date=${b}`, { method: "DELETE" })).status).toBe(200);
    const dates = (await list(THIS_YEAR + 1)).items.map((h) => h.date);
    expect(dates).not.toContain(a);
    expect(dates).not.toContain(b);
    expect((await asAdmin("/api/holiday", { method: "DELETE", json: { date: a } })).status).toBe(404);
    await expectThai400(await asAdmin("/api/holiday", { method: "DELETE" }), "date");
    await expectThai400(await asAdmin("/api/holiday?date=1-1-1", { method: "DELETE" }), "date");
    await expectThai400(await asAdmin("/api/holiday/not-a-date", { method: "DELETE" }), "date");
  });

  test("401 and 403", async () => {
    const url = `/api/holiday/${THIS_YEAR}-01-01`;
    expect((await asAdmin(url, { method: "DELETE", anonymous: true })).status).toBe(401);
    expect((await asAlice(url, { method: "DELETE" })).status).toBe(403);
    expect((await asAlice(`/api/holiday?date=${THIS_YEAR}-01-01`, { method: "DELETE" })).status).toBe(403);
  });
});

describe("POST /api/holiday/seed", () => {
  test("200 with the list: removed seed days come back, the admins' days and names stay", async () => {
    const year = THIS_YEAR + 1;
    expect((await asAdmin(`/api/holiday/${year}-01-01`, { method: "DELETE" })).status).toBe(200);
    const response = await asAdmin("/api/holiday/seed", { method: "POST", json: { year } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as List;
    const byDate = new Map(body.items.map((h) => [h.date, h]));
    expect(byDate.get(`${year}-01-01`)?.source).toBe("seed");
    expect(byDate.get(`${year}-08-14`)).toMatchObject({ name: "วันครบรอบบริษัท", source: "admin" });
    expect(byDate.get(`${year}-12-10`)).toMatchObject({ name: "วันรัฐธรรมนูญ", kind: "company", source: "admin" });
    expect(audit("holiday_year")).toContainEqual({ action: "reseed", entityId: String(year), actorType: "admin" });
  });

  test("seeds a year never seeded", async () => {
    const response = await asAdmin("/api/holiday/seed", { method: "POST", json: { year: 2024 } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as List).items.length).toBeGreaterThanOrEqual(13);
  });

  test.each([[{ year: 2023 }], [{ year: THIS_YEAR + 6 }], [{ year: "abc" }], [{}]])("400 in Thai for %j", async (json) => {
    await expectThai400(await asAdmin("/api/holiday/seed", { method: "POST", json }), "year");
  });

  test("401 and 403", async () => {
    expect((await asAdmin("/api/holiday/seed", { method: "POST", json: { year: THIS_YEAR }, anonymous: true })).status).toBe(401);
    expect((await asAlice("/api/holiday/seed", { method: "POST", json: { year: THIS_YEAR } })).status).toBe(403);
  });
});
