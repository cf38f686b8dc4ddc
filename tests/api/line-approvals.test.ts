// Approving from LINE against the built server and the fake LINE: an admin links their LINE account
// with a one-time code sent to the bot, then decides leave petitions and correction requests with
// the cards' postback buttons. Webhook bodies are signed as LINE signs them; forged or replayed
// ones change nothing.
import path from "node:path";
import Database from "better-sqlite3";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, signWebhook, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "approve-admin", password: "approve-admin-password-1" };
const SECOND = { username: "second-admin", password: ADMIN.password };
const SECRET = "test-channel-secret"; // lineEnv's
const CHANNEL = "1234567890";
const GROUP = `C${"7".repeat(32)}`;
const APPROVER = `U${"a".repeat(32)}`;
const STRANGER = `U${"c".repeat(32)}`;
let fake: FakeLine;
let server: RunningServer;
let admin: string;
let second: string;
let adminId: number;
let alice: { id: number; cookie: string; lineUserId: string };
let serial = 0;

const asAdmin = apiClient(() => server, () => admin);
const asSecond = apiClient(() => server, () => second);
const asAlice = apiClient(() => server, () => alice.cookie);

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const one = <T>(sql: string, ...args: unknown[]) => sqlite((db) => db.prepare(sql).get(...args) as T);

type Reply = { replyToken: string; messages: { type: string; text: string; altText?: string; contents?: unknown }[] };
const replies = () => fake.find("/v2/bot/message/reply", "POST").map((r) => r.body as Reply);
const replyFor = (token: string) => replies().find((r) => r.replyToken === token)?.messages[0].text;
type Push = { to: string; messages: { type: string; altText: string; contents: Record<string, unknown> }[] };
const pushesTo = (to: string) => fake.find("/v2/bot/message/push", "POST").map((r) => r.body as Push).filter((p) => p.to === to);

function event(extra: Record<string, unknown>) {
  serial += 1;
  return {
    mode: "active",
    timestamp: Date.now(),
    webhookEventId: `01HAPPROVAL${String(serial).padStart(15, "0")}`,
    replyToken: `rt-approve-${serial}`,
    deliveryContext: { isRedelivery: false },
    ...extra,
  } as Record<string, unknown> & { replyToken: string; webhookEventId: string };
}
const codeMessage = (text: string, userId: string) =>
  event({ type: "message", source: { type: "user", userId }, message: { type: "text", id: `m${serial}`, text } });
const postback = (data: string, userId = APPROVER) =>
  event({ type: "postback", source: { type: "group", groupId: GROUP, userId }, postback: { data } });

async function send(events: unknown[], signature?: string | null) {
  const raw = JSON.stringify({ destination: "Ubot", events });
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  const sig = signature === undefined ? signWebhook(raw, SECRET) : signature;
  if (sig !== null) headers["x-line-signature"] = sig;
  return fetch(`${server.baseUrl}/api/line/webhook`, { method: "POST", headers, body: raw });
}

/** Events are handled after the 200: wait until the reply with this token arrived. */
async function replyTo(token: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (replyFor(token) === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const text = replyFor(token);
  expect(text).toBeDefined();
  return text ?? "";
}
/** The reply to a ไม่อนุมัติ without a reason: the card of reasons, once it arrived. */
async function reasonCardFor(token: string) {
  await until(() => replies().some((r) => r.replyToken === token));
  const [message] = replies().find((r) => r.replyToken === token)?.messages ?? [];
  expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
  expect(message.type).toBe("flex");
  expect(message.altText).toMatch(/^เลือกเหตุผลที่ไม่อนุมัติ: /);
  type Button = { action: { data: string; label: string; displayText: string } };
  const footer = (message.contents as { footer: { contents: Button[] } }).footer.contents;
  return footer.map((b) => b.action);
}
/** For events that must change nothing: give the server time to (not) act. */
const settle = () => new Promise((r) => setTimeout(r, 500));
async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

async function issueCode(client = asAdmin) {
  const response = await client("/api/admin/line-code", { method: "POST" });
  expect(response.status).toBe(200);
  return (await response.json()) as { code: string; expires_at: string };
}
const lineUserOf = (id: number) => one<{ line_user_id: string | null }>("select line_user_id from admins where id = ?", id).line_user_id;

let day = Date.UTC(2026, 9, 1);
const isHoliday = (date: string) => one<{ n: number }>("select count(*) as n from holidays where date = ?", date).n > 0;
async function filePetition() {
  do day += 86_400_000;
  // A public holiday is no working day: a petition on it alone would be refused.
  while ([0, 6].includes(new Date(day).getUTCDay()) || isHoliday(new Date(day).toISOString().slice(0, 10)));
  const date = new Date(day).toISOString().slice(0, 10);
  const response = await asAlice("/api/emp/leave/petition", {
    method: "POST",
    json: { type: 1, start_date: date, end_date: date, half: "full", reason: "ธุระที่อำเภอ" },
  });
  expect(response.status).toBe(201);
  const { petition } = await response.json();
  await until(() => pushesTo(GROUP).length > 0);
  return petition as { id: number };
}
const petitionRow = (id: number) =>
  one<{ status: number; decided_by: number | null }>("select status, decided_by from leave_petitions where id = ?", id);
const auditCount = (entity: string, id: number, action: string) =>
  one<{ n: number }>("select count(*) as n from audit_log where entity = ? and entity_id = ? and action = ?", entity, String(id), action).n;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
  sqlite((db) => {
    db.prepare("update admins set full_name = 'สมหญิง หัวหน้า' where username = ?").run(ADMIN.username);
    // A second admin with the same password, to sign in as.
    db.prepare("insert into admins (username, password_hash, full_name) select ?, password_hash, 'สมศักดิ์ รองหัวหน้า' from admins where username = ?").run(
      SECOND.username,
      ADMIN.username,
    );
    db.prepare("insert into line_groups (group_id, name, active, notify_leave, created_at) values (?, ?, 1, 1, ?)").run(GROUP, "ฝ่ายบุคคล", Date.now());
  });
  second = await adminCookie(server, SECOND);
  adminId = one<{ id: number }>("select id from admins where username = ?", ADMIN.username).id;
  const lineUserId = `U${"b".repeat(32)}`;
  fake.tokens.set(`demo:${lineUserId}`, { sub: lineUserId, aud: CHANNEL, name: "Alice" });
  alice = { ...(await linkedEmployee(server, admin, { code: "AP-1", demoUser: lineUserId })), lineUserId };
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe("linking an admin's LINE account", () => {
  test("the code API needs an admin; GET shows the state", async () => {
    expect((await asAdmin("/api/admin/line-code", { method: "POST", anonymous: true })).status).toBe(401);
    // An employee's session is the wrong permission.
    expect((await asAlice("/api/admin/line-code", { method: "POST" })).status).toBe(403);
    const state = await asAdmin("/api/admin/line-link");
    expect(await state.json()).toEqual({ linked: false, linked_at: null });
  });

  test("wrong, expired and used codes get a polite reply and change nothing; a good code links (before any auto-reply)", async () => {
    // An auto-reply whose keyword the code contains must not answer the code.
    const reply = await asAdmin("/api/message", { method: "POST", json: { keyword: "TN", match: "contains", messages: [{ type: "text", text: "ตอบอัตโนมัติ" }] } });
    expect(reply.status).toBe(201);

    const wrong = codeMessage("TN-ZZZZZZ", APPROVER);
    expect((await send([wrong])).status).toBe(200);
    expect(await replyTo(wrong.replyToken)).toMatch(/^รหัสเชื่อมบัญชีไม่ถูกต้อง/);

    const expired = await issueCode();
    sqlite((db) => db.prepare("update admin_line_codes set expires_at = ? where used_at is null").run(Date.now() - 1000));
    const late = codeMessage(expired.code, APPROVER);
    await send([late]);
    expect(await replyTo(late.replyToken)).toMatch(/หมดอายุ/);
    expect(lineUserOf(adminId)).toBeNull();

    const { code, expires_at } = await issueCode();
    expect(code).toMatch(/^TN-[A-Z2-9]{6}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const good = codeMessage(`  ${code.toLowerCase()} `, APPROVER);
    await send([good]);
    expect(await replyTo(good.replyToken)).toBe(
      "เชื่อมบัญชี LINE นี้กับผู้ดูแลระบบ สมหญิง หัวหน้า เรียบร้อยแล้ว ตอนนี้คุณอนุมัติคำขอจากการ์ดใน LINE ได้",
    );
    expect(replies()).toHaveLength(3);
    expect(lineUserOf(adminId)).toBe(APPROVER);
    expect(await (await asAdmin("/api/admin/line-link")).json()).toMatchObject({ linked: true });
    expect(auditCount("admin", adminId, "link_line")).toBe(1);

    // The same code again, from someone else: used.
    const reused = codeMessage(code, STRANGER);
    await send([reused]);
    expect(await replyTo(reused.replyToken)).toMatch(/ถูกใช้ไปแล้ว/);
    expect(one<{ n: number }>("select count(*) as n from admins where line_user_id = ?", STRANGER).n).toBe(0);
    // A linked admin gets no new code.
    expect((await asAdmin("/api/admin/line-code", { method: "POST" })).status).toBe(409);
  });

  test("a LINE user linked to one admin cannot take another admin's code", async () => {
    const { code } = await issueCode(asSecond);
    const taken = codeMessage(code, APPROVER);
    await send([taken]);
    expect(await replyTo(taken.replyToken)).toMatch(/^บัญชี LINE นี้เชื่อมกับผู้ดูแลระบบอยู่แล้ว/);
    expect(lineUserOf(adminId)).toBe(APPROVER);
    expect(one<{ line_user_id: string | null }>("select line_user_id from admins where username = ?", SECOND.username).line_user_id).toBeNull();
  });

  test("five wrong codes from one LINE user: the sixth try is refused for a while, even a good code", async () => {
    const guesser = `U${"d".repeat(32)}`;
    const wrong = Array.from({ length: 5 }, (_, i) => codeMessage(`TN-WRNG${i + 2}${i + 2}`, guesser));
    await send(wrong);
    for (const w of wrong) await replyTo(w.replyToken);
    const { code } = await issueCode(asSecond);
    const sixth = codeMessage(code, guesser);
    await send([sixth]);
    expect(await replyTo(sixth.replyToken)).toMatch(/ใส่รหัสไม่ถูกต้องหลายครั้งเกินไป กรุณาลองใหม่ในอีก \d+ นาที/);
    expect(one<{ line_user_id: string | null }>("select line_user_id from admins where username = ?", SECOND.username).line_user_id).toBeNull();
  });

  test("a bad signature is 401 and links nothing", async () => {
    const { code } = await issueCode(asSecond);
    const forged = codeMessage(code, STRANGER);
    expect((await send([forged], "bm90IHRoZSBzaWduYXR1cmU=")).status).toBe(401);
    expect((await send([forged], null)).status).toBe(401);
    await settle();
    expect(replies()).toEqual([]);
    expect(one<{ n: number }>("select count(*) as n from admins where line_user_id = ?", STRANGER).n).toBe(0);
  });
});

describe("deciding leave from the card", () => {
  test("the new-petition card carries the buttons and passes the LINE message schema", async () => {
    const p = await filePetition();
    const [push] = pushesTo(GROUP);
    expect(LineMessagesSchema.safeParse(push.messages).success).toBe(true);
    expect(push.messages[0].altText).toMatch(/^คำขอลาใหม่:/);
    expect(JSON.stringify(push.messages[0].contents)).toContain(`"data":"action=leave&id=${p.id}&decision=approve"`);
    expect(JSON.stringify(push.messages[0].contents)).toContain(`"data":"action=leave&id=${p.id}&decision=reject"`);
  });

  test("approve: approved by the linked admin (audit actor), the employee notified, the result replied", async () => {
    const p = await filePetition();
    fake.reset();
    const press = postback(`action=leave&id=${p.id}&decision=approve`);
    expect((await send([press])).status).toBe(200);
    expect(await replyTo(press.replyToken)).toMatch(/^อนุมัติคำขอลาของ นายทดสอบ AP-1 \(ลากิจ .+ 25\d\d\) แล้ว โดย สมหญิง หัวหน้า$/);
    expect(petitionRow(p.id)).toEqual({ status: 2, decided_by: adminId });
    expect(one<{ actor_type: string; actor_id: number }>(
      "select actor_type, actor_id from audit_log where entity = 'leave_petition' and entity_id = ? and action = 'accept'",
      String(p.id),
    )).toEqual({ actor_type: "admin", actor_id: adminId });
    await until(() => pushesTo(alice.lineUserId).length === 1);
    expect(pushesTo(alice.lineUserId)[0].messages[0].altText).toMatch(/^อนุมัติคำขอลา:/);
  });

  test("reject asks for a reason first (nothing changes); a reason's button rejects with its Thai text as the note", async () => {
    const p = await filePetition();
    fake.reset();
    const press = postback(`action=leave&id=${p.id}&decision=reject`);
    await send([press]);
    const reasons = await reasonCardFor(press.replyToken);
    expect(reasons.map((a) => a.data)).toEqual(
      ["urgent", "overlap", "incomplete"].map((code) => `action=leave&id=${p.id}&decision=reject&reason=${code}`),
    );
    expect(reasons.map((a) => a.displayText)).toEqual([
      "ไม่อนุมัติ: งานเร่งด่วนในช่วงนั้น",
      "ไม่อนุมัติ: มีผู้ลาในช่วงเดียวกันมากเกินไป",
      "ไม่อนุมัติ: ข้อมูลไม่ครบ กรุณายื่นใหม่",
    ]);
    await settle();
    expect(petitionRow(p.id)).toEqual({ status: 1, decided_by: null });
    expect(pushesTo(alice.lineUserId)).toEqual([]);

    // A reason that is not one of the codes is ignored like any other foreign data.
    await send([postback(`action=leave&id=${p.id}&decision=reject&reason=${encodeURIComponent("ไม่ชอบ")}`)]);
    const chosen = postback(reasons[1].data);
    await send([chosen]);
    expect(await replyTo(chosen.replyToken)).toMatch(/^ไม่อนุมัติคำขอลาของ .+ แล้ว โดย สมหญิง หัวหน้า เหตุผล: มีผู้ลาในช่วงเดียวกันมากเกินไป$/);
    expect(petitionRow(p.id)).toEqual({ status: 3, decided_by: adminId });
    expect(one<{ decision_note: string }>("select decision_note from leave_petitions where id = ?", p.id).decision_note).toBe(
      "มีผู้ลาในช่วงเดียวกันมากเกินไป",
    );
    expect(replies()).toHaveLength(2);
    await until(() => pushesTo(alice.lineUserId).length === 1);
    expect(JSON.stringify(pushesTo(alice.lineUserId)[0].messages)).toContain("มีผู้ลาในช่วงเดียวกันมากเกินไป");
    const history = await (await asAlice("/api/emp/leave/history?year=2026")).json();
    expect(history.items.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 3, decision_note: "มีผู้ลาในช่วงเดียวกันมากเกินไป" });
  });

  test("forged postbacks change nothing: bad signature, malformed data, wrong decision, unknown id, non-admin user", async () => {
    const p = await filePetition();
    fake.reset();
    expect((await send([postback(`action=leave&id=${p.id}&decision=approve`)], "AAAA")).status).toBe(401);
    const ignored = [
      postback(`action=leave&id=${p.id}&decision=accept`),
      postback(`action=leave&id=${p.id}`),
      postback(`action=leave&id=${p.id}&decision=approve&admin=1`),
      postback(`{"action":"leave","id":${p.id},"decision":"approve"}`),
    ];
    await send(ignored);
    const unknown = postback("action=leave&id=987654&decision=approve");
    const stranger = postback(`action=leave&id=${p.id}&decision=approve`, STRANGER);
    const employee = postback(`action=leave&id=${p.id}&decision=approve`, alice.lineUserId);
    await send([unknown, stranger, employee]);
    expect(await replyTo(unknown.replyToken)).toBe("ไม่พบคำขอลานี้ในระบบ");
    expect(await replyTo(stranger.replyToken)).toMatch(/^ขออภัย บัญชี LINE นี้ยังไม่ได้เชื่อมกับผู้ดูแลระบบ/);
    expect(await replyTo(employee.replyToken)).toMatch(/^ขออภัย/);
    await settle();
    expect(replies()).toHaveLength(3);
    expect(petitionRow(p.id)).toEqual({ status: 1, decided_by: null });
    expect(pushesTo(alice.lineUserId)).toEqual([]);
  });

  test("already decided (on the web): a reply with who and when, nothing changes; a replayed event is handled once", async () => {
    const p = await filePetition();
    const web = await asSecond("/api/leave/approve-result", { method: "POST", json: { id: p.id, action: "reject", note: "ข้อมูลไม่ครบ" } });
    expect(web.status).toBe(200);
    await until(() => pushesTo(alice.lineUserId).length === 1);
    fake.reset();
    const press = postback(`action=leave&id=${p.id}&decision=approve`);
    await send([press]);
    expect(await replyTo(press.replyToken)).toMatch(
      /ได้รับการพิจารณาแล้ว: ไม่อนุมัติ โดย สมศักดิ์ รองหัวหน้า เมื่อ \d{1,2} .+ 25\d\d \d\d:\d\d น\. จึงไม่มีการเปลี่ยนแปลง$/,
    );
    expect(petitionRow(p.id).status).toBe(3);

    const q = await filePetition();
    fake.reset();
    const first = postback(`action=leave&id=${q.id}&decision=approve`);
    await send([first]);
    await replyTo(first.replyToken);
    // LINE redelivers the same event (same webhookEventId), and someone replays the signed body.
    await send([{ ...first, deliveryContext: { isRedelivery: true } }]);
    await send([first]);
    await settle();
    expect(replies()).toHaveLength(1);
    expect(auditCount("leave_petition", q.id, "accept")).toBe(1);
    expect(pushesTo(alice.lineUserId)).toHaveLength(1);
  });
});

describe("deciding correction requests from the card", () => {
  let correctionDay = Date.UTC(2026, 8, 1);
  async function fileCorrection() {
    do correctionDay += 86_400_000;
    while ([0, 6].includes(new Date(correctionDay).getUTCDay()));
    const date = new Date(correctionDay).toISOString().slice(0, 10);
    sqlite((db) =>
      db
        .prepare("insert into attendance (employee_id, work_date, checkin_at, late_minutes) values (?, ?, ?, 15)")
        .run(alice.id, date, Date.parse(`${date}T08:45:00+07:00`)),
    );
    const response = await asAlice("/api/emp/checkin-out/correction", {
      method: "POST",
      json: { work_date: date, checkout_at: "17:30", reason: "ลืมลงเวลาออก" },
    });
    expect(response.status).toBe(201);
    await until(() => pushesTo(GROUP).length > 0);
    return (await response.json()).correction as { id: number };
  }
  const status = (id: number) => one<{ status: string; decided_by: number | null }>("select status, decided_by from attendance_corrections where id = ?", id);

  test("a request's card reaches the leave group; approve from LINE applies it, notifies the employee, replies", async () => {
    const c = await fileCorrection();
    const [push] = pushesTo(GROUP);
    expect(LineMessagesSchema.safeParse(push.messages).success).toBe(true);
    expect(push.messages[0].altText).toMatch(/^คำขอแก้ไขเวลาใหม่: นายทดสอบ AP-1 \(AP-1\)/);
    expect(JSON.stringify(push.messages[0].contents)).toContain(`action=correction&id=${c.id}&decision=approve`);
    fake.reset();
    const press = postback(`action=correction&id=${c.id}&decision=approve`);
    await send([press]);
    expect(await replyTo(press.replyToken)).toMatch(/^อนุมัติคำขอแก้ไขเวลาของ นายทดสอบ AP-1 \(วันที่ .+\) แล้ว โดย สมหญิง หัวหน้า$/);
    expect(status(c.id)).toEqual({ status: "approved", decided_by: adminId });
    expect(auditCount("attendance_correction", c.id, "approve")).toBe(1);
    await until(() => pushesTo(alice.lineUserId).length === 1);
    expect(pushesTo(alice.lineUserId)[0].messages[0].altText).toMatch(/^อนุมัติคำขอแก้ไขเวลา:/);
  });

  test("reject; then a second press, a stranger, a bad signature, an unknown id: nothing more changes", async () => {
    const c = await fileCorrection();
    fake.reset();
    expect((await send([postback(`action=correction&id=${c.id}&decision=approve`)], "AAAA")).status).toBe(401);
    const stranger = postback(`action=correction&id=${c.id}&decision=approve`, STRANGER);
    await send([stranger]);
    expect(await replyTo(stranger.replyToken)).toMatch(/^ขออภัย/);
    expect(status(c.id).status).toBe("pending");
    const reject = postback(`action=correction&id=${c.id}&decision=reject`);
    await send([reject]);
    const reasons = await reasonCardFor(reject.replyToken);
    expect(reasons.map((a) => a.data)).toEqual(
      ["no_proof", "mismatch", "incomplete"].map((code) => `action=correction&id=${c.id}&decision=reject&reason=${code}`),
    );
    expect(status(c.id).status).toBe("pending");
    const chosen = postback(reasons[0].data);
    await send([chosen]);
    expect(await replyTo(chosen.replyToken)).toMatch(/^ไม่อนุมัติคำขอแก้ไขเวลาของ .+ แล้ว โดย สมหญิง หัวหน้า เหตุผล: ไม่มีหลักฐานยืนยันเวลาที่ขอแก้ไข$/);
    expect(one<{ decision_note: string }>("select decision_note from attendance_corrections where id = ?", c.id).decision_note).toBe(
      "ไม่มีหลักฐานยืนยันเวลาที่ขอแก้ไข",
    );
    const again = postback(`action=correction&id=${c.id}&decision=approve`);
    const unknown = postback("action=correction&id=987654&decision=approve");
    await send([again, unknown, postback(`action=correction&id=${c.id}&decision=yes`)]);
    expect(await replyTo(again.replyToken)).toMatch(/ได้รับการพิจารณาแล้ว: ไม่อนุมัติ โดย สมหญิง หัวหน้า เมื่อ .+ น\./);
    expect(await replyTo(unknown.replyToken)).toBe("ไม่พบคำขอแก้ไขเวลานี้ในระบบ");
    await settle();
    expect(replies()).toHaveLength(5);
    expect(status(c.id).status).toBe("rejected");
    expect(auditCount("attendance_correction", c.id, "approve")).toBe(0);
  });
});

describe("unlinking", () => {
  test("DELETE removes the link (audit-logged); then the LINE user is not an admin any more; 409 the second time", async () => {
    expect((await asAdmin("/api/admin/line-link", { method: "DELETE" })).status).toBe(200);
    expect(lineUserOf(adminId)).toBeNull();
    expect(auditCount("admin", adminId, "unlink_line")).toBe(1);
    expect((await asAdmin("/api/admin/line-link", { method: "DELETE" })).status).toBe(409);
    const p = await filePetition();
    fake.reset();
    const press = postback(`action=leave&id=${p.id}&decision=approve`);
    await send([press]);
    expect(await replyTo(press.replyToken)).toMatch(/^ขออภัย/);
    expect(petitionRow(p.id).status).toBe(1);
  });

  test("the /admin/account page does the same through its line-code and line-unlink intents", async () => {
    const page = (fields: Record<string, string>) =>
      asAdmin("/admin/account?_data=routes%2Fadmin.account", { method: "POST", body: new URLSearchParams(fields) });
    const issued = await page({ intent: "line-code" });
    expect(issued.status).toBe(200);
    const answer = await issued.json();
    expect(answer).toMatchObject({ ok: true, intent: "line-code", message: "ออกรหัสเชื่อมบัญชี LINE แล้ว" });
    expect(answer.data.code).toMatch(/^TN-[A-Z2-9]{6}$/);
    const link = codeMessage(answer.data.code, APPROVER);
    await send([link]);
    await replyTo(link.replyToken);
    expect(lineUserOf(adminId)).toBe(APPROVER);
    const unlinked = await page({ intent: "line-unlink" });
    expect(await unlinked.json()).toMatchObject({ ok: true, message: "ยกเลิกการเชื่อมบัญชี LINE แล้ว" });
    expect(lineUserOf(adminId)).toBeNull();
    const again = await page({ intent: "line-unlink" });
    expect(again.status).toBe(409);
    expect((await page({ intent: "line-nonsense" })).status).toBe(400);
  });
});

describe("a disabled admin", () => {
  const FORMER = `U${"e".repeat(32)}`;
  const secondId = () => one<{ id: number }>("select id from admins where username = ?", SECOND.username).id;

  test("disabling ends their LINE link in the same change (audited); their taps on a card are then refused", async () => {
    const { code } = await issueCode(asSecond);
    const link = codeMessage(code, FORMER);
    await send([link]);
    await replyTo(link.replyToken);
    expect(lineUserOf(secondId())).toBe(FORMER);

    const disabled = await asAdmin(`/api/admin-user/${secondId()}`, { method: "PATCH", json: { active: 0 } });
    expect(disabled.status).toBe(200);
    expect((await disabled.json()).admin).toMatchObject({ active: false, line_linked: false });
    expect(lineUserOf(secondId())).toBeNull();
    const audit = one<{ actor_id: number; changes: string }>(
      "select actor_id, changes from audit_log where entity = 'admin' and entity_id = ? and action = 'unlink_line'",
      String(secondId()),
    );
    expect(audit.actor_id).toBe(adminId);
    expect(JSON.parse(audit.changes)).toEqual({ line_user_id: FORMER, via: "disabled" });

    const p = await filePetition();
    fake.reset();
    const press = postback(`action=leave&id=${p.id}&decision=approve`, FORMER);
    await send([press]);
    expect(await replyTo(press.replyToken)).toMatch(/^ขออภัย บัญชี LINE นี้ยังไม่ได้เชื่อมกับผู้ดูแลระบบ/);
    await settle();
    expect(petitionRow(p.id)).toEqual({ status: 1, decided_by: null });
    expect(pushesTo(alice.lineUserId)).toEqual([]);
  });

  test("a disabled admin whose link remained (a database from before) is refused too: approve, reject, a reason; nothing changes", async () => {
    sqlite((db) => db.prepare("update admins set line_user_id = ?, line_linked_at = ? where id = ?").run(FORMER, Date.now(), secondId()));
    expect(one<{ active: number }>("select active from admins where id = ?", secondId()).active).toBe(0);
    const p = await filePetition();
    fake.reset();
    const presses = [
      postback(`action=leave&id=${p.id}&decision=approve`, FORMER),
      postback(`action=leave&id=${p.id}&decision=reject`, FORMER),
      postback(`action=leave&id=${p.id}&decision=reject&reason=urgent`, FORMER),
    ];
    await send(presses);
    for (const press of presses) expect(await replyTo(press.replyToken)).toMatch(/^ขออภัย บัญชี LINE นี้ยังไม่ได้เชื่อมกับผู้ดูแลระบบ/);
    await settle();
    expect(petitionRow(p.id)).toEqual({ status: 1, decided_by: null });
    expect(auditCount("leave_petition", p.id, "accept") + auditCount("leave_petition", p.id, "reject")).toBe(0);
    expect(pushesTo(alice.lineUserId)).toEqual([]);
  });
});
