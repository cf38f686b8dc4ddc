import { and, eq } from "drizzle-orm";
import { admins, attendance, attendanceCorrections, auditLog, employees, leavePetitions, lineGroups, linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { LeaveStatus } from "~/lib/enums";
import { issueAdminLineCode, linkAdminByCode } from "~/models/admins/line-account.server";
import { approvalPostbackData, parseApprovalPostback, REJECT_REASONS } from "./approval-postback";
import { CorrectionRequestSchema } from "~/models/attendance/correction.server";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { correctionNoticeMessage, fileCorrection } from "~/models/attendance/correction-notices.server";
import { decideLeave, fileLeave, leaveNoticeMessage } from "~/models/leave/notices.server";
import { holidaysForCounting } from "~/models/leave/holidays.server";
import { PetitionSchema } from "~/models/leave/schema";
import { APPROVAL_REPLIES, REASON_CARD_TITLE } from "./line-approvals.server";
import { updateAdminUser } from "~/models/admins/users.server";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { handleWebhookEvents, type WebhookEvent } from "./line-webhook.server";
import { setPushRetryDefaults, settleNotices } from "~/models/line/notifier.server";

let fake: FakeLine;
let serial = 0;
let approver: { id: number; lineUserId: string };
const stranger = "Ustranger0000000000000000000000001";

type Button = { type: "button"; action: { type: string; label: string; data: string; displayText: string } };
type Card = { type: "flex"; altText: string; contents: { footer?: { contents: Button[] } } };
const buttonsOf = (message: unknown) => (message as Card).contents.footer?.contents ?? [];

const replies = () => fake.find("/v2/bot/message/reply", "POST").map((r) => r.body as { replyToken: string; messages: { text: string }[] });
const lastReply = () => replies().at(-1)?.messages[0].text ?? "";
const lastReplyMessage = (): unknown => replies().at(-1)?.messages[0];
/** LINE counts an action label's length in graphemes (a Thai vowel or tone mark joins its consonant). */
const graphemes = (text: string) => [...new Intl.Segmenter("th", { granularity: "grapheme" }).segment(text)].length;
const pushesTo = (to: string) => fake.find("/v2/bot/message/push", "POST").filter((r) => (r.body as { to: string }).to === to);

function postback(data: string, userId: string | null = approver.lineUserId, id?: string): WebhookEvent {
  serial += 1;
  return {
    type: "postback",
    mode: "active",
    timestamp: Date.now(),
    webhookEventId: id ?? `01HAPPROVE${String(serial).padStart(16, "0")}`,
    replyToken: `rt-${serial}`,
    source: userId ? { type: "group", groupId: "Capprovals", userId } : { type: "group", groupId: "Capprovals" },
    postback: { data },
  };
}
async function deliver(...events: WebhookEvent[]) {
  const outcomes = await handleWebhookEvents(events);
  await settleNotices();
  return outcomes;
}

function linkedEmployee() {
  const e = newEmployee();
  const lineUserId = `Uemp${String(++serial).padStart(29, "0")}`;
  db().update(employees).set({ lineUserId }).where(eq(employees.id, e.id)).run();
  return { ...e, lineUserId };
}
let day = Date.UTC(2026, 9, 1);
const isoDay = () => new Date(day).toISOString().slice(0, 10);
/** A one-day petition on the next working day (no weekend, no holiday) from October 2026. */
async function petition(employeeId: number) {
  do day += 86_400_000;
  while ([0, 6].includes(new Date(day).getUTCDay()) || holidaysForCounting(isoDay(), isoDay()).length > 0);
  const iso = isoDay();
  const input = PetitionSchema.parse({ type: 1, start_date: iso, end_date: iso, reason: "ไปธุระ" });
  const p = await fileLeave(employeeId, input, null, { type: "employee", id: employeeId });
  await settleNotices();
  return p;
}
const petitionRow = (id: number) => db().select().from(leavePetitions).where(eq(leavePetitions.id, id)).get()!;
const auditsOf = (entity: string, id: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)))).all();

let correctionDay = Date.UTC(2026, 8, 1);
function correction(employeeId: number) {
  do correctionDay += 86_400_000;
  while ([0, 6].includes(new Date(correctionDay).getUTCDay()));
  const date = new Date(correctionDay).toISOString().slice(0, 10);
  db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: new Date(`${date}T08:45:00+07:00`), lateMinutes: 15 })
    .run();
  const c = fileCorrection(employeeId, CorrectionRequestSchema.parse({ work_date: date, checkout_at: "17:30", reason: "ลืมลงเวลาออก" }));
  return c;
}
const correctionRow = (id: number) => db().select().from(attendanceCorrections).where(eq(attendanceCorrections.id, id)).get()!;

beforeAll(async () => {
  fake = await startFakeLine();
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  resetEnvCache();
  setPushRetryDefaults({ baseDelayMs: 1 });
  db().insert(lineGroups).values({ groupId: "Capprovals", name: "ฝ่ายบุคคล", notifyLeave: true }).run();
  const id = db().insert(admins).values({ username: "approver", passwordHash: "x", fullName: "สมหญิง หัวหน้า" }).returning().get().id;
  const lineUserId = "Uapprover000000000000000000000001";
  expect(linkAdminByCode({ lineUserId, code: issueAdminLineCode(id).code }).ok).toBe(true);
  approver = { id, lineUserId };
});
afterAll(async () => {
  await settleNotices();
  await fake.close();
  delete process.env.LINE_API_BASE;
  delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  resetEnvCache();
});
beforeEach(() => {
  fake.reset();
  db().delete(linePushes).run();
});

describe("postback data", () => {
  test("only exactly action, id and decision parse", () => {
    expect(parseApprovalPostback("action=leave&id=12&decision=approve")).toEqual({ action: "leave", id: 12, decision: "approve" });
    expect(parseApprovalPostback(approvalPostbackData("correction", 7, "reject"))).toEqual({ action: "correction", id: 7, decision: "reject" });
    for (const data of [
      "action=leave&id=12&decision=accept",
      "action=leave&id=012&decision=approve",
      "action=leave&id=-1&decision=approve",
      "action=leave&id=1e3&decision=approve",
      "action=leave&id=12",
      "action=leave&id=12&decision=approve&as=1",
      "action=leave&id=12&id=13&decision=approve",
      "action=payroll&id=12&decision=approve",
      "{\"action\":\"leave\"}",
      "",
      `action=leave&id=12&decision=approve&x=${"a".repeat(300)}`,
    ]) {
      expect(parseApprovalPostback(data)).toBeNull();
    }
    expect(parseApprovalPostback(42)).toBeNull();
  });

  test("a rejection's reason: only on reject, only one of its kind's codes, carried as its Thai text", () => {
    const [urgent, overlap] = REJECT_REASONS.leave;
    expect(parseApprovalPostback(`action=leave&id=12&decision=reject&reason=${overlap.code}`)).toEqual({
      action: "leave",
      id: 12,
      decision: "reject",
      reason: overlap,
    });
    expect(parseApprovalPostback(approvalPostbackData("correction", 7, "reject", "no_proof"))).toMatchObject({
      decision: "reject",
      reason: { code: "no_proof", text: REJECT_REASONS.correction[0].text },
    });
    for (const data of [
      `action=leave&id=12&decision=approve&reason=${urgent.code}`,
      "action=leave&id=12&decision=reject&reason=",
      "action=leave&id=12&decision=reject&reason=because",
      "action=leave&id=12&decision=reject&reason=no_proof",
      "action=correction&id=12&decision=reject&reason=overlap",
      `action=leave&id=12&decision=reject&reason=${urgent.code}&reason=${overlap.code}`,
      `action=leave&id=12&decision=reject&reason=${encodeURIComponent(urgent.text)}`,
    ]) {
      expect(parseApprovalPostback(data)).toBeNull();
    }
  });

  test("every reason fits LINE's 20-character label, and every kind has a few", () => {
    for (const reasons of Object.values(REJECT_REASONS)) {
      expect(reasons.length).toBeGreaterThanOrEqual(3);
      for (const r of reasons) {
        expect(graphemes(r.label)).toBeLessThanOrEqual(20);
        expect(r.code).toMatch(/^[a-z_]+$/);
      }
    }
  });
});

describe("cards with buttons", () => {
  test("the new-petition card ends with อนุมัติ / ไม่อนุมัติ postback buttons; decision cards have none", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    const [push] = pushesTo("Capprovals");
    const [message] = (push.body as { messages: unknown[] }).messages;
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    expect((message as Card).altText).toMatch(/^คำขอลาใหม่/);
    expect(buttonsOf(message).map((b) => [b.action.type, b.action.label, b.action.data])).toEqual([
      ["postback", "อนุมัติ", `action=leave&id=${p.id}&decision=approve`],
      ["postback", "ไม่อนุมัติ", `action=leave&id=${p.id}&decision=reject`],
    ]);
    const data = { employee: { code: "E1", full_name: "ก" }, petition: { ...p, decision_note: null }, remaining: 1 };
    expect(buttonsOf(leaveNoticeMessage("approve", data))).toEqual([]);
  });

  test("a correction request's card goes to the notify_leave groups with its buttons, in Thai", async () => {
    const e = linkedEmployee();
    const c = correction(e.id);
    await settleNotices();
    const [push] = pushesTo("Capprovals");
    const [message] = (push.body as { messages: unknown[] }).messages;
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    expect((message as Card).altText).toMatch(/^คำขอแก้ไขเวลาใหม่: .*\(.+\) วันที่ \d+ .+ 25\d\d$/);
    expect(buttonsOf(message).map((b) => b.action.data)).toEqual([
      `action=correction&id=${c.id}&decision=approve`,
      `action=correction&id=${c.id}&decision=reject`,
    ]);
    expect(db().select().from(linePushes).all().map((r) => r.kind)).toEqual(["correction_request"]);
    const decided = correctionNoticeMessage("approved", { employee: { code: "E1", full_name: "ก" }, correction: c });
    expect(buttonsOf(decided)).toEqual([]);
  });
});

describe("approving from LINE", () => {
  test("approve: the petition is approved by the linked admin, the employee hears, the chat gets the result", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    expect(await deliver(postback(approvalPostbackData("leave", p.id, "approve")))).toEqual(["handled"]);
    const row = petitionRow(p.id);
    expect(row.status).toBe(LeaveStatus.approve);
    expect(row.decidedBy).toBe(approver.id);
    expect(auditsOf("leave_petition", p.id).find((a) => a.action === "accept")).toMatchObject({ actorType: "admin", actorId: approver.id });
    expect(pushesTo(e.lineUserId)).toHaveLength(1);
    expect(replies()).toHaveLength(1);
    expect(lastReply()).toMatch(/^อนุมัติคำขอลาของ นายสมชาย ลงเวลา \(ลากิจ .+\) แล้ว โดย สมหญิง หัวหน้า$/);
  });

  test("the card's ไม่อนุมัติ only asks for a reason: a card of standard reasons, nothing changes", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    await deliver(postback(approvalPostbackData("leave", p.id, "reject")));
    expect(petitionRow(p.id)).toMatchObject({ status: LeaveStatus.request, decidedBy: null, decisionNote: null });
    expect(auditsOf("leave_petition", p.id).map((a) => a.action)).toEqual(["create"]);
    expect(pushesTo(e.lineUserId)).toHaveLength(0);
    expect(replies()).toHaveLength(1);
    const card = lastReplyMessage();
    expect(LineMessagesSchema.safeParse([card]).success).toBe(true);
    expect((card as Card).altText).toMatch(new RegExp(`^${REASON_CARD_TITLE}: คำขอลาของ นายสมชาย ลงเวลา \\(ลากิจ .+\\)$`));
    expect(buttonsOf(card).map((b) => [b.action.type, b.action.label, b.action.data, b.action.displayText])).toEqual(
      REJECT_REASONS.leave.map((r) => ["postback", r.label, `action=leave&id=${p.id}&decision=reject&reason=${r.code}`, `ไม่อนุมัติ: ${r.text}`]),
    );
  });

  test("a reason's button rejects, the reason's Thai text the note the employee sees", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    const overlap = REJECT_REASONS.leave[1];
    await deliver(postback(approvalPostbackData("leave", p.id, "reject", overlap.code)));
    expect(petitionRow(p.id)).toMatchObject({ status: LeaveStatus.reject, decidedBy: approver.id, decisionNote: "มีผู้ลาในช่วงเดียวกันมากเกินไป" });
    expect(auditsOf("leave_petition", p.id).find((a) => a.action === "reject")).toMatchObject({ actorType: "admin", actorId: approver.id });
    expect(lastReply()).toMatch(/^ไม่อนุมัติคำขอลาของ .+ แล้ว โดย สมหญิง หัวหน้า เหตุผล: มีผู้ลาในช่วงเดียวกันมากเกินไป$/);
    const [push] = pushesTo(e.lineUserId);
    expect(JSON.stringify((push.body as { messages: unknown[] }).messages)).toContain("มีผู้ลาในช่วงเดียวกันมากเกินไป");
  });

  test("a reason pressed by a LINE user who is not an admin, or for a decided petition, changes nothing", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    await deliver(postback(approvalPostbackData("leave", p.id, "reject", "urgent"), stranger));
    expect(lastReply()).toBe(APPROVAL_REPLIES.notLinked);
    await deliver(postback(approvalPostbackData("leave", p.id, "reject"), stranger));
    expect(lastReply()).toBe(APPROVAL_REPLIES.notLinked);
    expect(petitionRow(p.id).status).toBe(LeaveStatus.request);
    await deliver(postback(approvalPostbackData("leave", p.id, "approve")));
    await deliver(postback(approvalPostbackData("leave", p.id, "reject", "urgent")));
    expect(petitionRow(p.id)).toMatchObject({ status: LeaveStatus.approve, decisionNote: null });
    expect(lastReply()).toMatch(/ได้รับการพิจารณาแล้ว: อนุมัติ โดย สมหญิง หัวหน้า/);
  });

  test("already decided: the reply says who decided and when (BE), nothing changes", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    decideLeave({ id: p.id, action: "reject", note: "งานเร่งด่วนในช่วงนั้น" }, { type: "admin", id: approver.id });
    await settleNotices();
    fake.reset();
    const auditsBefore = auditsOf("leave_petition", p.id).length;
    await deliver(postback(approvalPostbackData("leave", p.id, "approve")));
    expect(petitionRow(p.id).status).toBe(LeaveStatus.reject);
    expect(auditsOf("leave_petition", p.id)).toHaveLength(auditsBefore);
    expect(lastReply()).toMatch(/ได้รับการพิจารณาแล้ว: ไม่อนุมัติ โดย สมหญิง หัวหน้า เมื่อ \d+ .+ 25\d\d \d\d:\d\d น\. จึงไม่มีการเปลี่ยนแปลง$/);
    expect(pushesTo(e.lineUserId)).toHaveLength(0);
  });

  test("a LINE user not linked to an admin: a polite reply, nothing changes", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    await deliver(postback(approvalPostbackData("leave", p.id, "approve"), stranger));
    // An employee's own LINE account is not an admin's either.
    await deliver(postback(approvalPostbackData("leave", p.id, "approve"), e.lineUserId));
    expect(petitionRow(p.id).status).toBe(LeaveStatus.request);
    expect(replies().map((r) => r.messages[0].text)).toEqual([APPROVAL_REPLIES.notLinked, APPROVAL_REPLIES.notLinked]);
    expect(pushesTo(e.lineUserId)).toHaveLength(0);
  });

  test("malformed data or a wrong decision value: ignored, no reply; no user or an unknown id: a reply, nothing changes", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    await deliver(
      postback(`action=leave&id=${p.id}&decision=accept`),
      postback(`action=leave&id=${p.id}`),
      postback(`action=leave&id=${p.id}&decision=approve&note=x`),
      postback("garbage"),
    );
    expect(replies()).toEqual([]);
    await deliver(postback(approvalPostbackData("leave", p.id, "approve"), null));
    expect(lastReply()).toBe(APPROVAL_REPLIES.notLinked);
    await deliver(postback(approvalPostbackData("leave", 999_999, "approve")));
    expect(lastReply()).toBe(APPROVAL_REPLIES.leaveNotFound);
    expect(petitionRow(p.id).status).toBe(LeaveStatus.request);
  });

  test("a replayed event changes nothing twice; a new event for a decided petition gets the state", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    const first = postback(approvalPostbackData("leave", p.id, "approve"));
    expect(await deliver(first)).toEqual(["handled"]);
    expect(await deliver({ ...first, replyToken: "rt-replayed" })).toEqual(["duplicate"]);
    expect(replies()).toHaveLength(1);
    expect(auditsOf("leave_petition", p.id).filter((a) => a.action === "accept")).toHaveLength(1);
    await deliver(postback(approvalPostbackData("leave", p.id, "reject")));
    expect(petitionRow(p.id).status).toBe(LeaveStatus.approve);
    expect(lastReply()).toMatch(/ได้รับการพิจารณาแล้ว: อนุมัติ โดย สมหญิง หัวหน้า/);
    expect(pushesTo(e.lineUserId)).toHaveLength(1);
  });

  test("standby mode: nothing is decided or sent", async () => {
    const e = linkedEmployee();
    const p = await petition(e.id);
    fake.reset();
    await deliver({ ...postback(approvalPostbackData("leave", p.id, "approve")), mode: "standby" });
    expect(petitionRow(p.id).status).toBe(LeaveStatus.request);
    expect(replies()).toEqual([]);
  });
});

describe("corrections from LINE", () => {
  test("approve applies the times as the web does, the employee hears, the chat gets the result", async () => {
    const e = linkedEmployee();
    const c = correction(e.id);
    await settleNotices();
    fake.reset();
    await deliver(postback(approvalPostbackData("correction", c.id, "approve")));
    const row = correctionRow(c.id);
    expect(row).toMatchObject({ status: "approved", decidedBy: approver.id });
    const day = db().select().from(attendance).where(eq(attendance.id, row.attendanceId)).get()!;
    expect(day.checkoutAt?.toISOString()).toBe(c.checkout_at);
    expect(auditsOf("attendance_correction", c.id).find((a) => a.action === "approve")).toMatchObject({ actorId: approver.id });
    expect(lastReply()).toMatch(/^อนุมัติคำขอแก้ไขเวลาของ นายสมชาย ลงเวลา \(วันที่ .+\) แล้ว โดย สมหญิง หัวหน้า$/);
    expect(pushesTo(e.lineUserId)).toHaveLength(1);
    const toEmployee = db().select().from(linePushes).where(eq(linePushes.employeeId, e.id)).all();
    expect(toEmployee.map((r) => r.kind)).toEqual(["correction_decision"]);
  });

  test("reject, then a second press: the state with who and when; strangers and unknown ids change nothing", async () => {
    const e = linkedEmployee();
    const c = correction(e.id);
    await settleNotices();
    fake.reset();
    await deliver(postback(approvalPostbackData("correction", c.id, "approve"), stranger));
    expect(correctionRow(c.id).status).toBe("pending");
    expect(lastReply()).toBe(APPROVAL_REPLIES.notLinked);
    await deliver(postback(approvalPostbackData("correction", c.id, "reject")));
    expect(correctionRow(c.id).status).toBe("pending");
    expect((lastReplyMessage() as Card).altText).toMatch(new RegExp(`^${REASON_CARD_TITLE}: คำขอแก้ไขเวลาของ `));
    expect(buttonsOf(lastReplyMessage()).map((b) => b.action.data)).toEqual(
      REJECT_REASONS.correction.map((r) => `action=correction&id=${c.id}&decision=reject&reason=${r.code}`),
    );
    await deliver(postback(approvalPostbackData("correction", c.id, "reject", "mismatch")));
    expect(correctionRow(c.id)).toMatchObject({ status: "rejected", decisionNote: "เวลาที่ขอไม่ตรงกับข้อมูลที่มี" });
    expect(lastReply()).toMatch(/^ไม่อนุมัติคำขอแก้ไขเวลาของ .+ แล้ว โดย สมหญิง หัวหน้า เหตุผล: เวลาที่ขอไม่ตรงกับข้อมูลที่มี$/);
    await deliver(postback(approvalPostbackData("correction", c.id, "approve")));
    expect(correctionRow(c.id).status).toBe("rejected");
    expect(lastReply()).toMatch(/ได้รับการพิจารณาแล้ว: ไม่อนุมัติ โดย สมหญิง หัวหน้า เมื่อ .+ น\./);
    await deliver(postback(approvalPostbackData("correction", 999_999, "approve")));
    expect(lastReply()).toBe(APPROVAL_REPLIES.correctionNotFound);
    expect(pushesTo(e.lineUserId)).toHaveLength(1);
  });
});

describe("a disabled admin", () => {
  async function linkedAdmin(username: string, lineUserId: string) {
    const id = db().insert(admins).values({ username, passwordHash: "x", fullName: "" }).returning().get().id;
    expect(linkAdminByCode({ lineUserId, code: issueAdminLineCode(id).code }).ok).toBe(true);
    return id;
  }

  test("still linked (a database from before disabling ended links): approve and reject are refused, nothing changes", async () => {
    const lineUserId = "Udisabled000000000000000000000001";
    const id = await linkedAdmin("was-boss", lineUserId);
    db().update(admins).set({ active: false }).where(eq(admins.id, id)).run();
    const e = linkedEmployee();
    const p = await petition(e.id);
    const c = correction(e.id);
    await settleNotices();
    fake.reset();
    await deliver(
      postback(approvalPostbackData("leave", p.id, "approve"), lineUserId),
      postback(approvalPostbackData("leave", p.id, "reject"), lineUserId),
      postback(approvalPostbackData("leave", p.id, "reject", "urgent"), lineUserId),
      postback(approvalPostbackData("correction", c.id, "approve"), lineUserId),
    );
    expect(replies().map((r) => r.messages[0].text)).toEqual(Array(4).fill(APPROVAL_REPLIES.notLinked));
    expect(petitionRow(p.id)).toMatchObject({ status: LeaveStatus.request, decidedBy: null });
    expect(correctionRow(c.id)).toMatchObject({ status: "pending", decidedBy: null });
    expect(auditsOf("leave_petition", p.id).map((a) => a.action)).toEqual(["create"]);
    expect(pushesTo(e.lineUserId)).toHaveLength(0);
  });

  test("disabling ends the link, so the LINE account approves nothing afterwards, even once enabled again", async () => {
    const lineUserId = "Udisabled000000000000000000000002";
    const id = await linkedAdmin("leaving-boss", lineUserId);
    const e = linkedEmployee();
    const p = await petition(e.id);
    await updateAdminUser(id, { active: 0 }, { type: "admin", id: approver.id });
    expect(db().select().from(admins).where(eq(admins.id, id)).get()).toMatchObject({ active: false, lineUserId: null, lineLinkedAt: null });
    await updateAdminUser(id, { active: 1 }, { type: "admin", id: approver.id });
    fake.reset();
    await deliver(postback(approvalPostbackData("leave", p.id, "approve"), lineUserId));
    expect(lastReply()).toBe(APPROVAL_REPLIES.notLinked);
    expect(petitionRow(p.id).status).toBe(LeaveStatus.request);
  });
});

describe("link codes in the webhook", () => {
  test("a code in a 1:1 chat links and replies in Thai; in a group it is not a code", async () => {
    const adminId = db().insert(admins).values({ username: "hook-linker", passwordHash: "x", fullName: "" }).returning().get().id;
    const { code } = issueAdminLineCode(adminId);
    const userId = "Ulinker0000000000000000000000000001";
    const message = (source: WebhookEvent["source"]): WebhookEvent => ({
      type: "message",
      mode: "active",
      webhookEventId: `01HLINK${String(++serial).padStart(19, "0")}`,
      replyToken: `rt-link-${serial}`,
      source,
      message: { type: "text", id: `m${serial}`, text: ` ${code.toLowerCase()} ` },
    });
    await deliver(message({ type: "group", groupId: "Capprovals", userId }));
    expect(db().select().from(admins).where(eq(admins.id, adminId)).get()?.lineUserId).toBeNull();
    await deliver(message({ type: "user", userId }));
    expect(db().select().from(admins).where(eq(admins.id, adminId)).get()?.lineUserId).toBe(userId);
    expect(lastReply()).toBe("เชื่อมบัญชี LINE นี้กับผู้ดูแลระบบ hook-linker เรียบร้อยแล้ว ตอนนี้คุณอนุมัติคำขอจากการ์ดใน LINE ได้");
  });
});
