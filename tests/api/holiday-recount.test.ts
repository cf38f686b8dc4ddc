// Holidays on demand and the recount of leave, against the built server (ADR 044): a petition in a
// year never seeded counts that year's holidays; an admin's holiday inside approved leave changes
// its days and balance, audit-logged, and the employee hears it in LINE (the fake LINE server).
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "recount-admin", password: "recount-admin-password-1" };
const CHANNEL = "1234567890";
const THAI = /[\u0E00-\u0E7F]/;
let fake: FakeLine;
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string; lineUserId: string };

const asAdmin = apiClient(() => server, () => admin);
const asAlice = apiClient(() => server, () => alice.cookie);

type Petition = { id: number; days: number; status: number; type: number };
type Balance = { type: number; used: number; remaining: number };
type Push = { to: string; messages: { altText: string; contents: { header: { contents: { text: string }[] } } }[] };
const pushes = () => fake.find("/v2/bot/message/push", "POST").map((r) => r.body as Push);
const title = (p: Push) => p.messages[0].contents.header.contents[0].text;

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

const file = (json: Record<string, unknown>) =>
  asAlice("/api/emp/leave/petition", { method: "POST", json: { type: 1, half: "full", reason: "ธุระที่บ้าน", ...json } });

async function history(year: number, id: number) {
  const body = (await (await asAlice(`/api/emp/leave/history?year=${year}`)).json()) as { items: Petition[]; balances: Balance[] };
  const petition = body.items.find((p) => p.id === id)!;
  return { petition, balance: body.balances.find((b) => b.type === petition.type)! };
}

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
  const lineUserId = `U${"c".repeat(32)}`;
  fake.tokens.set(`demo:${lineUserId}`, { sub: lineUserId, aud: CHANNEL, name: "Alice" });
  alice = { ...(await linkedEmployee(server, admin, { code: "RC-1", demoUser: lineUserId })), lineUserId };
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("holidays on demand", () => {
  test("a petition across New Year into years never seeded counts their holidays", async () => {
    // Mon 30 Dec 2030 – Thu 2 Jan 2031: 31 December and 1 January are public holidays.
    const response = await file({ start_date: "2030-12-30", end_date: "2031-01-02" });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { petition: Petition }).petition.days).toBe(2);
    const years = sqlite((db) => db.prepare("select year from holiday_years where year in (2030, 2031) order by year").all());
    expect(years).toEqual([{ year: 2030 }, { year: 2031 }]);
  });

  test("a year the holiday calendar cannot compute is a Thai 400 on its field, and nothing is filed", async () => {
    const before = sqlite((db) => db.prepare("select count(*) as n from leave_petitions").get());
    const response = await file({ start_date: "2157-12-29", end_date: "2158-01-02" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(THAI);
    expect(body.fields.end_date).toContain("2701");
    expect(sqlite((db) => db.prepare("select count(*) as n from leave_petitions").get())).toEqual(before);
  });
});

describe("a holiday inside approved leave", () => {
  test("added: 5 days become 4, the balance gives one back, audit-logged, the employee told in LINE; removed: 5 again", async () => {
    // Mon 8 – Fri 12 March 2027: five working days, no public holiday.
    const filed = await file({ start_date: "2027-03-08", end_date: "2027-03-12" });
    expect(filed.status).toBe(201);
    const { petition } = (await filed.json()) as { petition: Petition };
    expect(petition.days).toBe(5);
    const decided = await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: petition.id, action: "accept", note: "" } });
    expect(decided.status).toBe(200);
    await until(() => pushes().some((p) => p.to === alice.lineUserId));
    const before = await history(2027, petition.id);
    expect(before.balance.used).toBe(5);
    fake.reset();

    const added = await asAdmin("/api/holiday", { method: "POST", json: { date: "2027-03-10", name: "วันครบรอบบริษัท" } });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({
      holiday: { date: "2027-03-10", name: "วันครบรอบบริษัท", kind: "company", source: "admin" },
      recounted_petitions: 1,
    });
    const after = await history(2027, petition.id);
    expect(after.petition.days).toBe(4);
    expect(after.balance).toMatchObject({ used: 4, remaining: before.balance.remaining + 1 });
    const audit = sqlite((db) =>
      db.prepare("select actor_type as actor, changes from audit_log where entity = 'leave_petition' and entity_id = ? and action = 'recount'").all(String(petition.id)),
    );
    expect(audit).toEqual([{ actor: "admin", changes: JSON.stringify({ days: { from: 5, to: 4 }, holiday_dates: ["2027-03-10"] }) }]);
    await until(() => pushes().length === 1);
    expect(pushes()[0].to).toBe(alice.lineUserId);
    expect(title(pushes()[0])).toBe("ปรับจำนวนวันลาตามวันหยุด");
    expect(pushes()[0].messages[0].altText).toContain("5 วัน → 4 วัน");
    const latest = () => sqlite((db) => db.prepare("select kind, status from line_pushes where employee_id = ? order by id desc limit 1").get(alice.id));
    await until(() => JSON.stringify(latest()) === JSON.stringify({ kind: "leave_recount", status: "sent" }));

    fake.reset();
    const removed = await asAdmin("/api/holiday/2027-03-10", { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ holiday: { date: "2027-03-10" }, recounted_petitions: 1 });
    expect((await history(2027, petition.id)).petition.days).toBe(5);
    await until(() => pushes().length === 1);
    expect(pushes()[0].messages[0].altText).toContain("4 วัน → 5 วัน");
  });

  test("a re-seed answers how many petitions it recounted", async () => {
    const response = await asAdmin("/api/holiday/seed", { method: "POST", json: { year: 2027 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ year: 2027, recounted_petitions: 0 });
  });
});
