import { and, eq } from "drizzle-orm";
import { admins, attendance, auditLog, employees, lineGroups, linePushes, overtimeRequests, payrollCloses } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { addDays } from "~/lib/iso-day";
import { issueAdminLineCode, linkAdminByCode } from "~/models/admins/line-account.server";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { recomputeDay } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { approvalPostbackData, parseApprovalPostback, REJECT_REASONS } from "~/models/flows/approval-postback";
import { APPROVAL_REPLIES, REASON_CARD_TITLE } from "~/models/flows/line-approvals.server";
import { handleWebhookEvents, type WebhookEvent } from "~/models/flows/line-webhook.server";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { setPushRetryDefaults, settleNotices } from "~/models/line/notifier.server";
import { askOvertime, decideOvertimeAndNotify, overtimeNoticeMessage, recordOvertimeAndNotify } from "./notices.server";
import { AdminOvertimeSchema, OvertimeRequestSchema } from "./schema";
import { weekStart } from "./weekly-limit.server";

// Overtime asked in LINE and decided from the approvers' card, as leave is
// (app/models/flows/line-approvals.server.test.ts): the card goes to the notify_leave groups, and
// only a LINE account linked to an enabled admin decides with its buttons.

let fake: FakeLine;
let serial = 0;
let approver: { id: number; lineUserId: string };
const stranger = "Ustranger0000000000000000000000009";

type Button = { type: "button"; action: { type: string; label: string; data: string; displayText: string } };
type Card = { type: "flex"; altText: string; contents: { body: { contents: { contents: { text: string }[] }[] }; footer?: { contents: Button[] } } };
const buttonsOf = (message: unknown) => (message as Card).contents.footer?.contents ?? [];
/** The card's rows as `label: value`. */
const rowsOf = (message: unknown) => (message as Card).contents.body.contents.map((r) => `${r.contents[0].text}: ${r.contents[1].text}`);

const replies = () => fake.find("/v2/bot/message/reply", "POST").map((r) => r.body as { messages: { text: string }[] });
const lastReply = () => replies().at(-1)?.messages[0].text ?? "";
const lastReplyMessage = (): unknown => replies().at(-1)?.messages[0];
const pushesTo = (to: string) => fake.find("/v2/bot/message/push", "POST").filter((r) => (r.body as { to: string }).to === to);
const messagesOf = (push: { body: unknown }) => (push.body as { messages: unknown[] }).messages;

function postback(data: string, userId: string | null = approver.lineUserId): WebhookEvent {
  serial += 1;
  return {
    type: "postback",
    mode: "active",
    timestamp: Date.now(),
    webhookEventId: `01HOVERTIME${String(serial).padStart(15, "0")}`,
    replyToken: `rt-ot-${serial}`,
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
  const lineUserId = `Uot${String(++serial).padStart(30, "0")}`;
  db().update(employees).set({ lineUserId, startDate: "2020-01-01" }).where(eq(employees.id, e.id)).run();
  return { ...e, lineUserId };
}

const today = () => workDate();
/** A request `days` from today (future dates leave the ledger alone). */
async function ask(employeeId: number, over: Record<string, unknown> = {}) {
  const o = askOvertime(employeeId, OvertimeRequestSchema.parse({ date: addDays(today(), 3), start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน", ...over }));
  await settleNotices();
  return o;
}
const row = (id: number) => db().select().from(overtimeRequests).where(eq(overtimeRequests.id, id)).get()!;
const auditsOf = (id: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, "overtime_request"), eq(auditLog.entityId, String(id)))).all();

beforeAll(async () => {
  fake = await startFakeLine();
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  resetEnvCache();
  setPushRetryDefaults({ baseDelayMs: 1 });
  setSetting("attendance_start", "2020-01-01");
  db().insert(lineGroups).values({ groupId: "Capprovals", name: "ฝ่ายบุคคล", notifyLeave: true }).run();
  const id = db().insert(admins).values({ username: "ot-approver", passwordHash: "x", fullName: "สมหญิง หัวหน้า" }).returning().get().id;
  const lineUserId = "Uotapprover0000000000000000000001";
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

test("postback data of the overtime kind parses like the others; its reasons are its own", () => {
  expect(parseApprovalPostback("action=overtime&id=5&decision=approve")).toEqual({ action: "overtime", id: 5, decision: "approve" });
  expect(parseApprovalPostback("action=overtime&id=5&decision=reject&reason=over_limit")).toMatchObject({ reason: REJECT_REASONS.overtime[1] });
  expect(parseApprovalPostback("action=overtime&id=5&decision=reject&reason=urgent")).toBeNull();
  expect(parseApprovalPostback("action=leave&id=5&decision=reject&reason=over_limit")).toBeNull();
});

describe("the request's card", () => {
  test("goes to the notify_leave groups in Thai with the window, hours and อนุมัติ / ไม่อนุมัติ buttons", async () => {
    const e = linkedEmployee();
    const o = await ask(e.id);
    const [push] = pushesTo("Capprovals");
    const [message] = messagesOf(push);
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    expect((message as Card).altText).toMatch(/^คำขอทำงานล่วงเวลาใหม่: นายสมชาย ลงเวลา \(.+\) วันที่ \d+ .+ 25\d\d 17:30–20:00 น\.$/);
    expect(rowsOf(message)).toEqual([
      `พนักงาน: นายสมชาย ลงเวลา (${e.code})`,
      expect.stringMatching(/^วันที่: \d+ .+ 25\d\d$/),
      "เวลา: 17:30–20:00 น.",
      "จำนวน: 2 ชม. 30 นาที",
      "เหตุผล: ปิดงบสิ้นเดือน",
      "รวมสัปดาห์นี้หากอนุมัติ: 2.5 ชม.",
    ]);
    expect(buttonsOf(message).map((b) => [b.action.type, b.action.label, b.action.data])).toEqual([
      ["postback", "อนุมัติ", `action=overtime&id=${o.id}&decision=approve`],
      ["postback", "ไม่อนุมัติ", `action=overtime&id=${o.id}&decision=reject`],
    ]);
    expect(db().select().from(linePushes).all().map((r) => r.kind)).toEqual(["overtime_request"]);
  });

  test("past 36 hours in the week: the hours in red and the regulation's warning", async () => {
    const e = linkedEmployee();
    const monday = addDays(weekStart(today()), 7);
    for (const day of [0, 1, 2]) {
      recordOvertimeAndNotify(
        AdminOvertimeSchema.parse({ employee_id: e.id, date: addDays(monday, day), start: "06:00", end: "18:00", reason: "ตรวจนับสต็อก" }),
        { type: "admin", id: approver.id },
      );
    }
    await settleNotices();
    fake.reset();
    await ask(e.id, { date: addDays(monday, 3), start: "18:00", end: "19:00" });
    const [message] = messagesOf(pushesTo("Capprovals")[0]);
    expect(rowsOf(message)).toContain("รวมสัปดาห์นี้หากอนุมัติ: 37 ชม.");
    expect(rowsOf(message)).toContain("คำเตือน: สัปดาห์นี้ทำงานล่วงเวลาและทำงานในวันหยุดรวม 37 ชม. เกิน 36 ชม. ต่อสัปดาห์ตามกฎกระทรวง");
    expect(JSON.stringify(message)).toContain('"color":"#E03131"');
    expect((message as Card).altText).toMatch(/\(เกิน 36 ชม\.\/สัปดาห์\)$/);
  });

  test("the employee's cards carry no buttons to decide", () => {
    const data = {
      employee: { code: "E1", full_name: "ก" },
      overtime: { id: 1, date: "2026-11-23", start: "17:30", end: "20:00", minutes: 150, reason: "x", decision_note: "ok", week_hours: 2.5, over_weekly_limit: false },
    };
    for (const kind of ["approved", "rejected", "recorded", "cancelled"] as const) {
      expect(buttonsOf(overtimeNoticeMessage(kind, data)).filter((b) => b.action.type === "postback")).toEqual([]);
    }
  });
});

describe("deciding from LINE", () => {
  test("approve: by the linked admin, audit-logged, the employee hears, the chat gets the result", async () => {
    const e = linkedEmployee();
    const o = await ask(e.id);
    fake.reset();
    expect(await deliver(postback(approvalPostbackData("overtime", o.id, "approve")))).toEqual(["handled"]);
    expect(row(o.id)).toMatchObject({ status: "approved", decidedBy: approver.id });
    expect(auditsOf(o.id).find((a) => a.action === "approve")).toMatchObject({ actorType: "admin", actorId: approver.id });
    const [push] = pushesTo(e.lineUserId);
    expect((messagesOf(push)[0] as Card).altText).toMatch(/^อนุมัติคำขอทำงานล่วงเวลา: /);
    expect(db().select().from(linePushes).where(eq(linePushes.employeeId, e.id)).all().map((r) => r.kind)).toEqual(["overtime_decision"]);
    expect(lastReply()).toMatch(/^อนุมัติคำขอทำงานล่วงเวลาของ นายสมชาย ลงเวลา \(วันที่ .+ 17:30–20:00 น\.\) แล้ว โดย สมหญิง หัวหน้า$/);
  });

  test("ไม่อนุมัติ asks for a reason; a reason's button rejects with its Thai text as the note", async () => {
    const e = linkedEmployee();
    const o = await ask(e.id);
    fake.reset();
    await deliver(postback(approvalPostbackData("overtime", o.id, "reject")));
    expect(row(o.id)).toMatchObject({ status: "pending", decidedBy: null });
    const card = lastReplyMessage();
    expect((card as Card).altText).toMatch(new RegExp(`^${REASON_CARD_TITLE}: คำขอทำงานล่วงเวลาของ นายสมชาย ลงเวลา`));
    expect(buttonsOf(card).map((b) => b.action.data)).toEqual(REJECT_REASONS.overtime.map((r) => `action=overtime&id=${o.id}&decision=reject&reason=${r.code}`));
    await deliver(postback(approvalPostbackData("overtime", o.id, "reject", "not_needed")));
    expect(row(o.id)).toMatchObject({ status: "rejected", decidedBy: approver.id, decisionNote: "งานนี้ไม่จำเป็นต้องทำงานล่วงเวลา" });
    expect(lastReply()).toMatch(/^ไม่อนุมัติคำขอทำงานล่วงเวลาของ .+ แล้ว โดย สมหญิง หัวหน้า เหตุผล: งานนี้ไม่จำเป็นต้องทำงานล่วงเวลา$/);
    expect(JSON.stringify(messagesOf(pushesTo(e.lineUserId)[0]))).toContain("งานนี้ไม่จำเป็นต้องทำงานล่วงเวลา");
  });

  test("a stranger, a decided request, an unknown id: a reply, nothing changes", async () => {
    const e = linkedEmployee();
    const o = await ask(e.id);
    fake.reset();
    await deliver(postback(approvalPostbackData("overtime", o.id, "approve"), stranger));
    await deliver(postback(approvalPostbackData("overtime", o.id, "approve"), e.lineUserId));
    expect(replies().map((r) => r.messages[0].text)).toEqual([APPROVAL_REPLIES.notLinked, APPROVAL_REPLIES.notLinked]);
    expect(row(o.id).status).toBe("pending");
    decideOvertimeAndNotify(o.id, { decision: "reject", note: "งานเลื่อน" }, { type: "admin", id: approver.id });
    await settleNotices();
    fake.reset();
    await deliver(postback(approvalPostbackData("overtime", o.id, "approve")));
    expect(row(o.id).status).toBe("rejected");
    expect(lastReply()).toMatch(/ได้รับการพิจารณาแล้ว: ไม่อนุมัติ โดย สมหญิง หัวหน้า เมื่อ \d+ .+ 25\d\d \d\d:\d\d น\. จึงไม่มีการเปลี่ยนแปลง$/);
    await deliver(postback(approvalPostbackData("overtime", 999_999, "approve")));
    expect(lastReply()).toBe(APPROVAL_REPLIES.overtimeNotFound);
    expect(pushesTo(e.lineUserId)).toHaveLength(0);
  });

  test("a day of a closed payroll month: the approval is refused, the reply says why, nothing changes", async () => {
    const e = linkedEmployee();
    const date = addDays(today(), -2);
    db()
      .insert(attendance)
      .values({ employeeId: e.id, workDate: date, checkinAt: new Date(`${date}T08:25:00+07:00`), checkoutAt: new Date(`${date}T20:10:00+07:00`) })
      .run();
    recomputeDay(db(), e.id, date);
    const o = await ask(e.id, { date });
    db().insert(payrollCloses).values({ month: date.slice(0, 7) }).run();
    try {
      fake.reset();
      await deliver(postback(approvalPostbackData("overtime", o.id, "approve")));
      expect(row(o.id)).toMatchObject({ status: "pending", decidedBy: null });
      expect(lastReply()).toMatch(/^อนุมัติคำขอทำงานล่วงเวลาของ .+ ไม่สำเร็จ: เดือน.+ ปิดงวดเงินเดือนแล้ว/);
      expect(pushesTo(e.lineUserId)).toHaveLength(0);
    } finally {
      db().delete(payrollCloses).run();
    }
  });
});
