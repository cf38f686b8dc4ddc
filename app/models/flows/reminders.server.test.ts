import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { LeaveStatus } from "~/lib/enums";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { setPushRetryDefaults } from "~/models/line/notifier.server";
import {
  dailySummaryMessage,
  checkinReminderMessage,
  overdueMachinesMessage,
  pendingLeaveMessage,
  REMINDER_TITLES,
} from "./reminder-cards.server";
import { newlyOverdueByEmployee, sendOverdueMachineReminders, stalePetitions } from "./reminders.server";
import { checkinRemindersDue, checkoutRemindersDue } from "./reminders-due.server";
import { assignSchedule, bkk, cabinet, checkIn, checkOut, leave, person, workSchedule } from "./reminders.test-helpers";
import { dayOffReason, HOLIDAY_SKIP, DAY_OFF_SKIP } from "./scheduled-jobs.server";
import { holiday } from "./reminders.test-helpers";
import { setSetting } from "~/models/core/settings.server";

type Card = { type: "flex"; altText: string; contents: { header: { contents: { text: string }[] }; footer?: { contents: { action: { uri: string; label: string } }[] } } };
const card = (m: unknown) => m as Card;

const ids = (people: { id: number }[]) => people.map((p) => p.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

// The reminders read who is expected at work from the day ledger, which counts from attendance_start.
beforeAll(() => setSetting("attendance_start", "2020-01-01"));

describe("who gets the check-in and check-out reminders", () => {
  const day = "2026-10-06"; // a Tuesday
  const checkinDue = (date: string) => checkinRemindersDue(date, bkk(date, "09:00"), 15);

  test("linked, working, not checked in and not on leave that morning; check-out: in but not out", () => {
    const inAndOut = person();
    const inOnly = person();
    const absent = person();
    const unlinked = person({ linked: false });
    const resigned = person({ resignedBefore: day });
    const fullLeave = person();
    const morningLeave = person();
    const afternoonLeave = person();
    const pendingLeave = person();
    const rejectedLeave = person();
    checkIn(inAndOut.id, day, "08:20");
    checkOut(inAndOut.id, day, "17:35");
    checkIn(inOnly.id, day, "08:25");
    leave(fullLeave.id, day);
    leave(morningLeave.id, day, { half: "morning" });
    leave(afternoonLeave.id, day, { half: "afternoon" });
    leave(pendingLeave.id, day, { status: LeaveStatus.request });
    leave(rejectedLeave.id, day, { status: LeaveStatus.reject });
    const checkinIds = ids(checkinDue(day));
    expect(checkinIds).toEqual(expect.arrayContaining(sorted([absent.id, afternoonLeave.id, pendingLeave.id, rejectedLeave.id])));
    for (const excluded of [inAndOut, inOnly, unlinked, resigned, fullLeave, morningLeave]) expect(checkinIds).not.toContain(excluded.id);
    const checkout = checkoutRemindersDue(day, bkk(day, "23:00"), 30);
    expect(ids(checkout)).toEqual([inOnly.id]);
    expect(checkout[0].checkin_at).toEqual(bkk(day, "08:25"));
    // Another day's record does not count.
    expect(ids(checkoutRemindersDue("2026-10-07", bkk("2026-10-07", "23:00"), 30))).toEqual([]);
  });

  test("a resigned employee still working on the day (resigning later) is reminded", () => {
    const leaving = person({ resignedBefore: "2026-10-10" });
    expect(ids(checkinDue("2026-10-08"))).toContain(leaving.id);
    expect(ids(checkinDue("2026-10-09"))).not.toContain(leaving.id);
  });
});

describe("days off", () => {
  test("a public or company holiday, and a day nobody is scheduled (each on their own schedule), have no office-wide reminders", () => {
    person();
    holiday("2026-10-14", "วันหยุดพิเศษ");
    const reason = (date: string) => dayOffReason(date, bkk(date, "10:00"));
    expect(reason("2026-10-14")).toBe(`${HOLIDAY_SKIP} (วันหยุดพิเศษ)`);
    expect(reason("2026-10-15")).toBeNull();
    expect(reason("2026-10-17")).toBe(DAY_OFF_SKIP); // Saturday: nobody's schedule works it
    // Someone on a Saturday schedule: a Saturday is a working day for the office's notices.
    assignSchedule(person().id, workSchedule([{ weekday: 6, start: "08:30", end: "12:30" }]));
    expect(reason("2026-10-31")).toBeNull();
  });
});

describe("pending approvals", () => {
  test("only requests filed more than 24 h ago count, oldest first", () => {
    const e = person();
    const now = bkk("2026-10-20", "09:00");
    const old = leave(e.id, "2026-10-27", { status: LeaveStatus.request, createdAt: bkk("2026-10-17", "10:00") });
    const older = leave(e.id, "2026-10-28", { status: LeaveStatus.request, createdAt: bkk("2026-10-16", "10:00") });
    leave(e.id, "2026-10-29", { status: LeaveStatus.request, createdAt: bkk("2026-10-19", "10:00") }); // 23 h
    leave(e.id, "2026-10-30", { status: LeaveStatus.approve, createdAt: bkk("2026-10-10", "10:00") });
    const stale = stalePetitions(now);
    expect(stale.total).toBe(2);
    expect(stale.oldest.map((p) => p.start_date)).toEqual([older.startDate, old.startDate]);
  });
});

describe("cabinets that become overdue", () => {
  test("due yesterday → its assigned linked working employees; due earlier or today → nobody", () => {
    const today = "2026-11-10";
    const a = person();
    const b = person();
    const unlinked = person({ linked: false });
    const gone = person({ resignedBefore: "2026-11-01" });
    const fresh = cabinet({ everyDays: 7, lastVisit: "2026-11-02", assignees: [a.id, b.id, unlinked.id, gone.id], visitor: a.id }); // due 11-09
    cabinet({ everyDays: 7, lastVisit: "2026-11-01", assignees: [a.id], visitor: a.id }); // due 11-08
    cabinet({ everyDays: 7, lastVisit: "2026-11-03", assignees: [a.id], visitor: a.id }); // due 11-10 (today)
    const result = newlyOverdueByEmployee(today, "2026-11-09", "2026-11-09");
    expect(result.map((r) => r.id).sort()).toEqual(sorted([a.id, b.id]));
    expect(result.every((r) => r.machines.length === 1 && r.machines[0].id === fresh.id && r.machines[0].due_date === "2026-11-09")).toBe(true);
  });
});

describe("cards", () => {
  beforeAll(() => {
    process.env.LIFF_ID = "1234567890-Remind";
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.LIFF_ID;
    resetEnvCache();
  });

  test("each card is a valid Thai flex bubble with its title; employee cards open the LIFF page", () => {
    const counts = { present: 5, late: 1, early_leave: 0, missing_checkout: 2, pending_review: 1, leave: 1, absent: 1, off: 0 };
    const messages = [
      checkinReminderMessage({ full_name: "นายสมชาย ใจดี", date: "2026-11-24", work_start: "08:30" }),
      dailySummaryMessage({ date: "2026-11-24", headcount: 11, counts, problems: { total: 4, items: [1, 2, 3, 4].map((n) => ({ code: `M${n}`, name: `ตู้ ${n}` })) } }),
      pendingLeaveMessage({ total: 1, oldest: [{ employee: { code: "E1", full_name: "นาย ก" }, type: 1, start_date: "2026-11-26", end_date: "2026-11-26", half: "morning", created_at: "2026-11-20T03:00:00.000Z" }] }),
      overdueMachinesMessage({ full_name: "นาย ข", machines: [{ code: "M9", name: "ตู้หน้าโรงงาน", due_date: "2026-11-23" }] }),
    ];
    expect(LineMessagesSchema.safeParse(messages).success).toBe(true);
    const [checkin, summary, pending, overdue] = messages.map(card);
    expect(checkin.contents.header.contents[0].text).toBe(REMINDER_TITLES.checkin);
    expect(checkin.altText).toBe("ยังไม่ได้ลงเวลาเข้างาน วันที่ 24 พ.ย. 2569 (เข้างาน 08:30 น.)");
    expect(checkin.contents.footer?.contents[0].action).toMatchObject({ label: "ลงเวลาเข้างาน", uri: "https://liff.line.me/1234567890-Remind/checkin-out" });
    expect(summary.contents.header.contents[0].text).toBe("สรุปประจำวัน 24 พ.ย. 2569");
    expect(summary.altText).toContain("มา 5 สาย 1 ขาด 1 ลา 1 ไม่ลงเวลาออก 2 รอตรวจสอบ 1 ตู้มีปัญหา 4");
    expect(JSON.stringify(summary)).toContain("M3 ตู้ 3\\nและอีก 1 ตู้");
    expect(JSON.stringify(summary)).not.toContain("M4");
    expect(JSON.stringify(pending)).toContain("26 พ.ย. 2569 (ครึ่งวันเช้า)");
    expect(overdue.contents.footer?.contents[0].action.uri).toBe("https://liff.line.me/1234567890-Remind/vending-machine");
  });

  test("the summary counts those off under their schedule as วันหยุด, and says nothing of it on a day nobody is off", () => {
    const counts = { present: 2, late: 0, early_leave: 0, missing_checkout: 0, pending_review: 0, leave: 0, absent: 1, off: 7 };
    const problems = { total: 0, items: [] };
    const saturday = card(dailySummaryMessage({ date: "2026-11-28", headcount: 10, counts, problems }));
    expect(saturday.altText).toContain("รอตรวจสอบ 0 วันหยุด 7 ตู้มีปัญหา 0");
    expect(JSON.stringify(saturday)).toContain("วันหยุด");
    expect(JSON.stringify(saturday)).toContain("7 คน");
    const weekday = card(dailySummaryMessage({ date: "2026-11-27", headcount: 3, counts: { ...counts, off: 0 }, problems }));
    expect(JSON.stringify(weekday)).not.toContain("วันหยุด");
  });

  test("without a LIFF id (demo mode) the cards have no button", () => {
    delete process.env.LIFF_ID;
    resetEnvCache();
    expect(card(checkinReminderMessage({ full_name: "ก", date: "2026-11-24", work_start: "08:30" })).contents.footer).toBeUndefined();
    process.env.LIFF_ID = "1234567890-Remind";
    resetEnvCache();
  });
});

describe("sending", () => {
  let fake: FakeLine;
  beforeAll(async () => {
    fake = await startFakeLine();
    process.env.LINE_API_BASE = fake.url;
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
    resetEnvCache();
    setPushRetryDefaults({ baseDelayMs: 1 });
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
  });

  test("overdue cabinets after days without a run: those due since the last run, one card per employee, logged as pushes", async () => {
    const a = person();
    const m1 = cabinet({ everyDays: 5, lastVisit: "2026-12-01", assignees: [a.id], visitor: a.id }); // due 12-06
    const m2 = cabinet({ everyDays: 5, lastVisit: "2026-12-02", assignees: [a.id], visitor: a.id }); // due 12-07
    cabinet({ everyDays: 5, lastVisit: "2026-11-30", assignees: [a.id], visitor: a.id }); // due 12-05: announced on 12-06
    const result = await sendOverdueMachineReminders("2026-12-08", "2026-12-06");
    expect(result).toBe("ตู้เลยกำหนดวันนี้ 2 ตู้; ส่งถึงผู้ดูแล 1 ราย");
    const pushes = fake.find("/v2/bot/message/push", "POST");
    expect(pushes).toHaveLength(1);
    const body = pushes[0].body as { to: string; messages: unknown[] };
    expect(body.to).toBe(a.lineUserId);
    expect(JSON.stringify(body.messages)).toContain(m1.code);
    expect(JSON.stringify(body.messages)).toContain(m2.code);
    expect(db().select().from(linePushes).all().map((r) => [r.kind, r.status, r.employeeId])).toEqual([["reminder_overdue_machine", "sent", a.id]]);
  });
});
