import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { employees, leavePetitions, lineGroups, linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { LeaveStatus } from "~/lib/enums";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { LineMessagesSchema } from "~/models/line/message-schema";
import {
  cancelLeave,
  cancelOwnLeave,
  decideLeave,
  fileLeave,
  leaveNoticeMessage,
  type LeaveNoticeData,
} from "./notices.server";
import { PetitionSchema } from "./schema";
import { MAX_ALT_TEXT, MAX_CARD_TEXT, NEGATIVE_COLOR } from "~/models/line/card.server";
import { setPushRetryDefaults, settleNotices } from "~/models/line/notifier.server";

type Text = { type: "text"; text: string; color?: string };
type Box = { type: "box"; contents: (Box | Text)[] };
type Card = { type: "flex"; altText: string; contents: { type: "bubble"; header: Box; body: Box } };

/** The body's rows as label → value text component. */
function rowsOf(message: unknown) {
  const card = message as Card;
  return new Map(
    card.contents.body.contents.map((row) => {
      const [label, value] = (row as Box).contents as Text[];
      return [label.text, value] as const;
    }),
  );
}
const headerOf = (message: unknown) => ((message as Card).contents.header.contents[0] as Text).text;

const data = (over: Partial<LeaveNoticeData["petition"]> = {}, remaining = 4): LeaveNoticeData => ({
  employee: { code: "E001", full_name: "นายสมชาย ใจดี" },
  petition: {
    type: 1,
    start_date: "2026-03-02",
    end_date: "2026-03-03",
    half: "full",
    days: 2,
    reason: "ธุระที่บ้าน",
    decision_note: null,
    cancelled_by: null,
    ...over,
  },
  remaining,
});

describe("leaveNoticeMessage", () => {
  test("a new petition: a Thai flex bubble with the employee, type, BE dates, days, reason and balance", () => {
    const message = leaveNoticeMessage("request", data());
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    expect(message).toMatchObject({ type: "flex", contents: { type: "bubble" } });
    expect(headerOf(message)).toBe("คำขอลาใหม่");
    const rows = rowsOf(message);
    expect(rows.get("พนักงาน")?.text).toBe("นายสมชาย ใจดี (E001)");
    expect(rows.get("ประเภท")?.text).toBe("ลากิจ");
    expect(rows.get("วันที่")?.text).toBe("2 มี.ค. 2569 – 3 มี.ค. 2569");
    expect(rows.get("จำนวน")?.text).toBe("2 วัน");
    expect(rows.get("เหตุผล")?.text).toBe("ธุระที่บ้าน");
    expect(rows.get("คงเหลือหากอนุมัติ (ลากิจ)")).toMatchObject({ text: "4 วัน" });
    expect(rows.get("คงเหลือหากอนุมัติ (ลากิจ)")?.color).not.toBe(NEGATIVE_COLOR);
    expect(rows.has("หมายเหตุ")).toBe(false);
    expect((message as Card).altText).toBe("คำขอลาใหม่: นายสมชาย ใจดี (E001) ลากิจ 2 มี.ค. 2569 – 3 มี.ค. 2569 2 วัน");
  });

  test("a half day shows its half and half a day", () => {
    const rows = rowsOf(leaveNoticeMessage("request", data({ start_date: "2026-03-10", end_date: "2026-03-10", half: "afternoon", days: 0.5 })));
    expect(rows.get("วันที่")?.text).toBe("10 มี.ค. 2569 (ครึ่งวันบ่าย)");
    expect(rows.get("จำนวน")?.text).toBe("0.5 วัน");
  });

  test("a negative balance is red; decisions carry their title and note", () => {
    const over = leaveNoticeMessage("approve", data({ type: 3, decision_note: "อนุมัติพิเศษ" }, -1.5));
    expect(headerOf(over)).toBe("อนุมัติคำขอลา");
    const rows = rowsOf(over);
    expect(rows.get("คงเหลือ (ลาพักร้อน)")).toMatchObject({ text: "-1.5 วัน", color: NEGATIVE_COLOR });
    expect(rows.get("หมายเหตุ")?.text).toBe("อนุมัติพิเศษ");
    expect(headerOf(leaveNoticeMessage("reject", data()))).toBe("ไม่อนุมัติคำขอลา");
    const cancelled = leaveNoticeMessage("cancel", data({ cancelled_by: "admin" }));
    expect(headerOf(cancelled)).toBe("ยกเลิกคำขอลา");
    expect(rowsOf(cancelled).get("ยกเลิกโดย")?.text).toBe("ผู้ดูแล");
  });

  test("a decision card opens the employee's leave page in LINE; a cancellation (also sent to groups) and demo mode have no such button", () => {
    const footerOf = (m: ReturnType<typeof leaveNoticeMessage>) => (m.contents as { footer?: { contents: { action: Record<string, string> }[] } }).footer;
    process.env.LIFF_ID = "1234567890-Leave";
    resetEnvCache();
    try {
      for (const kind of ["approve", "reject"] as const) {
        const message = leaveNoticeMessage(kind, data());
        expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
        expect(footerOf(message)?.contents.map((b) => b.action)).toEqual([
          { type: "uri", label: "ดูการลาของฉัน", uri: "https://liff.line.me/1234567890-Leave/petition" },
        ]);
      }
      expect(footerOf(leaveNoticeMessage("cancel", data({ cancelled_by: "admin" })))).toBeUndefined();
    } finally {
      delete process.env.LIFF_ID;
      resetEnvCache();
    }
    expect(footerOf(leaveNoticeMessage("approve", data()))).toBeUndefined();
  });

  test("long texts are cut to LINE's limits; the altText stays on one line within 400 characters", () => {
    const long = "ก".repeat(600);
    const message = leaveNoticeMessage("reject", {
      ...data({ reason: `บรรทัดแรก\n${long}`, decision_note: long }),
      employee: { code: "E002", full_name: `นาย${"ยาว".repeat(200)}` },
    });
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    const rows = rowsOf(message);
    expect([...rows.get("เหตุผล")!.text]).toHaveLength(MAX_CARD_TEXT);
    expect(rows.get("เหตุผล")!.text.endsWith("…")).toBe(true);
    expect([...rows.get("หมายเหตุ")!.text]).toHaveLength(MAX_CARD_TEXT);
    const alt = (message as Card).altText;
    expect([...alt].length).toBeLessThanOrEqual(MAX_ALT_TEXT);
    expect(alt).not.toMatch(/\n/);
  });
});

describe("sending after the commit", () => {
  let fake: FakeLine;
  const admin = { type: "admin" as const, id: null };
  let serial = 0;
  const pushes = () => fake.find("/v2/bot/message/push", "POST");
  const to = () => pushes().map((r) => (r.body as { to: string }).to).sort();
  const rowsFor = () => db().select().from(linePushes).all();

  function group(values: { notifyLeave: boolean; active?: boolean }) {
    serial += 1;
    return db().insert(lineGroups).values({ groupId: `Cleave${serial}`, name: `กลุ่ม ${serial}`, ...values }).returning().get();
  }
  function linked() {
    const e = newEmployee();
    const lineUserId = `Uleave${String(++serial).padStart(27, "0")}`;
    db().update(employees).set({ lineUserId }).where(eq(employees.id, e.id)).run();
    return { ...e, lineUserId };
  }
  let day = Date.UTC(2026, 8, 1);
  /** A one-day petition on a fresh weekday of September 2026 (no public holidays), so petitions never clash. */
  const file = (employeeId: number, over: Record<string, unknown> = {}) => {
    do day += 86_400_000;
    while ([0, 6].includes(new Date(day).getUTCDay()));
    const iso = new Date(day).toISOString().slice(0, 10);
    const input = PetitionSchema.parse({ type: 1, start_date: iso, end_date: iso, reason: "ไปธุระ", ...over });
    return fileLeave(employeeId, input, null, { type: "employee", id: employeeId });
  };

  let flagged: ReturnType<typeof group>[];
  beforeAll(async () => {
    fake = await startFakeLine();
    process.env.LINE_API_BASE = fake.url;
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
    resetEnvCache();
    setPushRetryDefaults({ baseDelayMs: 1 });
    flagged = [group({ notifyLeave: true }), group({ notifyLeave: true })];
    group({ notifyLeave: false });
    group({ notifyLeave: true, active: false });
  });
  afterAll(async () => {
    await fake.close();
    delete process.env.LINE_API_BASE;
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
  });
  beforeEach(() => {
    fake.reset();
    db().delete(linePushes).run();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(async () => {
    await settleNotices();
    vi.mocked(console.warn).mockRestore();
    if (vi.isMockFunction(globalThis.fetch)) vi.mocked(globalThis.fetch).mockRestore();
  });

  test("a new petition: one card to each active group flagged notify_leave, none elsewhere", async () => {
    const e = linked();
    const petition = await file(e.id);
    await settleNotices();
    expect(to()).toEqual(flagged.map((g) => g.groupId).sort());
    const [first] = pushes();
    const [message] = (first.body as { messages: unknown[] }).messages;
    expect(headerOf(message)).toBe("คำขอลาใหม่");
    expect(rowsOf(message).get("พนักงาน")?.text).toContain(e.code);
    expect(rowsFor()).toHaveLength(2);
    expect(rowsFor().every((r) => r.kind === "leave_request" && r.status === "sent")).toBe(true);
    expect(petition.status).toBe(LeaveStatus.request);
  });

  test("without a LINE bot (demo mode) no notice is started and no push row is written", async () => {
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
    try {
      const e = linked();
      const petition = await file(e.id);
      decideLeave({ id: petition.id, action: "accept", note: "" }, admin);
      await settleNotices();
      expect(rowsFor()).toEqual([]);
      expect(pushes()).toEqual([]);
    } finally {
      process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
      resetEnvCache();
    }
  });

  test("the answer does not wait for LINE: the rows are written, the sending runs on", async () => {
    const e = linked();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      await gate;
      return realFetch(url, init);
    });
    const petition = await file(e.id);
    expect(db().select().from(leavePetitions).where(eq(leavePetitions.id, petition.id)).get()).toBeTruthy();
    expect(rowsFor().map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(pushes()).toHaveLength(0);
    release();
    await settleNotices();
    expect(pushes()).toHaveLength(2);
    expect(rowsFor().map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  test("LINE failing keeps the petition; the rows are failed with their retry keys for a later retry", async () => {
    const e = linked();
    fake.pushPlan = [500, 500, 500, 500, 500, 500];
    const petition = await file(e.id);
    await settleNotices();
    expect(db().select().from(leavePetitions).where(eq(leavePetitions.id, petition.id)).get()?.status).toBe(LeaveStatus.request);
    const failed = rowsFor();
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.status === "failed" && r.attempts === 3 && r.retryKey.length > 0)).toBe(true);
  });

  test("a decision goes to the employee only; an employee without LINE is skipped quietly", async () => {
    const e = linked();
    const p = await file(e.id);
    await settleNotices();
    fake.reset();
    const { petition } = decideLeave({ id: p.id, action: "accept", note: "เรียบร้อย" }, admin);
    expect(petition.status).toBe(LeaveStatus.approve);
    await settleNotices();
    expect(to()).toEqual([e.lineUserId]);
    const [message] = (pushes()[0].body as { messages: unknown[] }).messages;
    expect(headerOf(message)).toBe("อนุมัติคำขอลา");
    expect(rowsOf(message).get("หมายเหตุ")?.text).toBe("เรียบร้อย");
    expect(rowsFor().find((r) => r.employeeId === e.id)?.kind).toBe("leave_decision");

    const unlinked = newEmployee();
    const q = await file(unlinked.id);
    await settleNotices();
    fake.reset();
    vi.mocked(console.warn).mockClear();
    decideLeave({ id: q.id, action: "reject", note: "คนไม่พอ" }, admin);
    await settleNotices();
    expect(pushes()).toHaveLength(0);
    expect(console.warn).not.toHaveBeenCalled();
  });

  test("a cancellation: the employee's own goes to the groups; an admin's also to the employee", async () => {
    const e = linked();
    const own = await file(e.id);
    await settleNotices();
    fake.reset();
    cancelOwnLeave(e.id, own.id);
    await settleNotices();
    expect(to()).toEqual(flagged.map((g) => g.groupId).sort());
    expect(headerOf((pushes()[0].body as { messages: unknown[] }).messages[0])).toBe("ยกเลิกคำขอลา");

    const p = await file(e.id);
    decideLeave({ id: p.id, action: "accept", note: "" }, admin);
    await settleNotices();
    fake.reset();
    cancelLeave(p.id, admin, "เปลี่ยนแผน");
    await settleNotices();
    expect(to()).toEqual([...flagged.map((g) => g.groupId), e.lineUserId].sort());
    const [message] = (pushes().find((r) => (r.body as { to: string }).to === e.lineUserId)!.body as { messages: unknown[] }).messages;
    expect(rowsOf(message).get("ยกเลิกโดย")?.text).toBe("ผู้ดูแล");
    expect(rowsOf(message).get("หมายเหตุ")?.text).toBe("เปลี่ยนแผน");
  });
});
