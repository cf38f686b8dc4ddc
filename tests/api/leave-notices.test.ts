// Leave notices on LINE, asserted on the fake LINE server: filing, deciding and cancelling send
// their cards after the answer; LINE being down never loses or delays the petition.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "notice-admin", password: "notice-admin-password-1" };
const CHANNEL = "1234567890";
let fake: FakeLine;
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string; lineUserId: string };
let leaveGroups: string[];
let quietGroup: string;

const asAdmin = apiClient(() => server, () => admin);
const asAlice = apiClient(() => server, () => alice.cookie);

type Push = { to: string; messages: { type: string; altText: string; contents: { header: { contents: { text: string }[] } } }[] };
const pushes = () => fake.find("/v2/bot/message/push", "POST").map((r) => r.body as Push);
const recipients = () => pushes().map((p) => p.to).sort();
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

type PushRow = { to: string; kind: string; status: string; attempts: number; retry_key: string };
const pushRows = (): PushRow[] =>
  sqlite((db) => db.prepare("select \"to\", kind, status, attempts, retry_key from line_pushes order by id").all() as PushRow[]);

/** The notices are sent after the answer: wait until `n` pushes arrived, then a moment for strays. */
async function expectPushes(n: number) {
  const deadline = Date.now() + 10_000;
  while (pushes().length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 200));
  expect(pushes()).toHaveLength(n);
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

let day = Date.UTC(2026, 8, 1);
/** A one-day petition on a fresh weekday of September 2026 (no public holidays). */
function petition(over: Record<string, unknown> = {}) {
  do day += 86_400_000;
  while ([0, 6].includes(new Date(day).getUTCDay()));
  const date = new Date(day).toISOString().slice(0, 10);
  return { type: 1, start_date: date, end_date: date, half: "full", reason: "ธุระที่อำเภอ", ...over };
}
const file = (over: Record<string, unknown> = {}) => asAlice("/api/emp/leave/petition", { method: "POST", json: petition(over) });

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
  const lineUserId = `U${"b".repeat(32)}`;
  // The fake LINE verifies this id token as Alice's LINE account.
  fake.tokens.set(`demo:${lineUserId}`, { sub: lineUserId, aud: CHANNEL, name: "Alice" });
  alice = { ...(await linkedEmployee(server, admin, { code: "NT-1", demoUser: lineUserId })), lineUserId };
  leaveGroups = [`C${"1".repeat(32)}`, `C${"2".repeat(32)}`];
  quietGroup = `C${"3".repeat(32)}`;
  sqlite((db) => {
    const insert = db.prepare("insert into line_groups (group_id, name, active, notify_leave, created_at) values (?, ?, ?, ?, ?)");
    insert.run(leaveGroups[0], "ฝ่ายบุคคล", 1, 1, Date.now());
    insert.run(leaveGroups[1], "หัวหน้างาน", 1, 1, Date.now());
    insert.run(quietGroup, "กลุ่มทั่วไป", 1, 0, Date.now());
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  sqlite((db) => db.prepare("delete from line_pushes").run());
});

describe("leave notices", () => {
  test("filing a petition: exactly one card to each group flagged notify_leave, none to the others", async () => {
    const response = await file();
    expect(response.status).toBe(201);
    await expectPushes(2);
    expect(recipients()).toEqual([...leaveGroups].sort());
    for (const push of pushes()) {
      expect(push.messages).toHaveLength(1);
      expect(push.messages[0].type).toBe("flex");
      expect(title(push)).toBe("คำขอลาใหม่");
      expect(push.messages[0].altText).toContain("NT-1");
    }
    expect(pushRows().map((r) => [r.kind, r.status])).toEqual([
      ["leave_request", "sent"],
      ["leave_request", "sent"],
    ]);
  });

  test("approving (API) and rejecting (admin page) send one card to the employee", async () => {
    const first = (await (await file()).json()).petition;
    const second = (await (await file()).json()).petition;
    await expectPushes(4);
    fake.reset();

    const approved = await asAdmin("/api/leave/approve-result", { method: "POST", json: { id: first.id, action: "accept", note: "" } });
    expect(approved.status).toBe(200);
    await expectPushes(1);
    expect(pushes()[0].to).toBe(alice.lineUserId);
    expect(title(pushes()[0])).toBe("อนุมัติคำขอลา");

    fake.reset();
    const rejected = await asAdmin("/admin/leave-work?_data=routes%2Fadmin.leave-work", {
      method: "POST",
      body: new URLSearchParams({ intent: "decide", id: String(second.id), action: "reject", note: "คนไม่พอ" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(rejected.status).toBe(200);
    await expectPushes(1);
    expect(pushes()[0].to).toBe(alice.lineUserId);
    expect(title(pushes()[0])).toBe("ไม่อนุมัติคำขอลา");
    expect(pushRows().filter((r) => r.to === alice.lineUserId).map((r) => r.kind)).toEqual(["leave_decision", "leave_decision"]);
  });

  test("a cancellation: the employee's own reaches the groups; an admin's reaches the groups and the employee", async () => {
    const own = (await (await file()).json()).petition;
    const other = (await (await file()).json()).petition;
    await expectPushes(4);
    fake.reset();

    expect((await asAlice(`/api/emp/leave/petition/${own.id}/cancel`, { method: "POST" })).status).toBe(200);
    await expectPushes(2);
    expect(recipients()).toEqual([...leaveGroups].sort());
    expect(pushes().every((p) => title(p) === "ยกเลิกคำขอลา")).toBe(true);

    fake.reset();
    expect((await asAdmin(`/api/leave/petition/${other.id}/cancel`, { method: "POST", json: { note: "ซ้ำ" } })).status).toBe(200);
    await expectPushes(3);
    expect(recipients()).toEqual([...leaveGroups, alice.lineUserId].sort());
  });

  test("LINE answering 500: the petition is still 201 and stored at once; the pushes stay for a retry", async () => {
    fake.pushPlan = Array.from({ length: 6 }, () => 500);
    const started = Date.now();
    const response = await file();
    const elapsed = Date.now() - started;
    expect(response.status).toBe(201);
    // Three attempts with backoff take at least 1.5 s per group; the answer does not wait for them.
    expect(elapsed).toBeLessThan(1_200);
    const { petition: p } = await response.json();
    const stored = sqlite((db) => db.prepare("select status from leave_petitions where id = ?").get(p.id)) as { status: number };
    expect(stored.status).toBe(1);
    const early = pushRows();
    expect(early).toHaveLength(2);
    expect(early.every((r) => r.status === "pending")).toBe(true);

    await until(() => pushRows().every((r) => r.status === "failed"));
    const failed = pushRows();
    expect(failed.map((r) => r.attempts)).toEqual([3, 3]);
    expect(new Set(failed.map((r) => r.retry_key)).size).toBe(2);
    const list = await (await asAdmin("/api/line/push?status=failed")).json();
    expect(list.total).toBe(2);
  });
});
