import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, employees, holidayYears, leavePetitions, linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { LeaveStatus } from "~/lib/enums";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { setPushRetryDefaults, settleNotices } from "~/models/line/notifier.server";
import { HolidayCreateSchema } from "./holiday-schema";
import { addHoliday, holidaysForCounting, removeHoliday, reseedHolidayYear, seedHolidayYear } from "./holidays.server";
import { createPetition, decidePetition, leaveBalances } from "./leave.server";
import { RECOUNT_TITLE, recountNoticeMessage } from "./notices.server";
import { PetitionSchema } from "./schema";

// A holiday added, removed or re-seeded recounts the petitions on its dates, and the employee
// whose approved leave changed hears it in LINE (the fake LINE server here).

const admin = { type: "admin" as const, id: null };

type Text = { type: "text"; text: string };
type Box = { type: "box"; contents: (Box | Text)[] };
type Card = { type: "flex"; altText: string; contents: { header: Box; body: Box } };
const headerOf = (m: unknown) => ((m as Card).contents.header.contents[0] as Text).text;
const rowsOf = (m: unknown) =>
  new Map((m as Card).contents.body.contents.map((row) => ((row as Box).contents as Text[]).map((t) => t.text) as [string, string]));

let fake: FakeLine;
let serial = 0;
const pushes = () => fake.find("/v2/bot/message/push", "POST").map((r) => r.body as { to: string; messages: unknown[] });
const pushRows = () => db().select().from(linePushes).all();

function linked() {
  const e = newEmployee();
  const lineUserId = `Urecount${String(++serial).padStart(25, "0")}`;
  db().update(employees).set({ lineUserId }).where(eq(employees.id, e.id)).run();
  return { ...e, lineUserId };
}

async function approved(employeeId: number, start: string, end: string, half?: string) {
  const p = await createPetition(employeeId, PetitionSchema.parse({ type: 3, start_date: start, end_date: end, half, reason: "พักผ่อน" }), null, {
    type: "employee",
    id: employeeId,
  });
  return decidePetition({ id: p.id, action: "accept", note: "" }, admin).petition;
}

const daysOf = (id: number) => db().select().from(leavePetitions).where(eq(leavePetitions.id, id)).get()?.days;
const vacation = (employeeId: number) => leaveBalances(employeeId, 2026).find((b) => b.type === 3)!;
const recountAudits = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "leave_petition"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "recount")))
    .all();
const company = (date: string) => addHoliday(HolidayCreateSchema.parse({ date, name: "วันหยุดบริษัท" }), admin);

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
beforeEach(async () => {
  await settleNotices();
  fake.reset();
  db().delete(linePushes).run();
});
afterEach(async () => {
  await settleNotices();
});

describe("an admin's holiday inside approved leave", () => {
  it("a company day added: 5 days become 4, the balance gives one back, audit-logged, the employee told in LINE; removing it brings 5 back", async () => {
    const e = linked();
    // Mon 16 – Fri 20 November 2026: five working days, no public holiday.
    const p = await approved(e.id, "2026-11-16", "2026-11-20");
    expect(p.days).toBe(5);
    const before = vacation(e.id);
    await settleNotices();
    fake.reset();
    db().delete(linePushes).run();

    const added = company("2026-11-18");
    expect(added.recounted_petitions).toBe(1);
    expect(daysOf(p.id)).toBe(4);
    expect(vacation(e.id)).toMatchObject({ used: before.used - 1, remaining: before.remaining! + 1 });
    expect(recountAudits(p.id).map((a) => [a.actorType, a.changes])).toEqual([["admin", { days: { from: 5, to: 4 }, holiday_dates: ["2026-11-18"] }]]);

    // The push row is written before the answer; the sending follows.
    expect(pushRows().map((r) => [r.employeeId, r.kind])).toEqual([[e.id, "leave_recount"]]);
    await settleNotices();
    expect(pushes().map((x) => x.to)).toEqual([e.lineUserId]);
    const [card] = pushes()[0].messages;
    expect(LineMessagesSchema.safeParse([card]).success).toBe(true);
    expect(headerOf(card)).toBe(RECOUNT_TITLE);
    const rows = rowsOf(card);
    expect(rows.get("จำนวนเดิม")).toBe("5 วัน");
    expect(rows.get("จำนวนใหม่")).toBe("4 วัน");
    expect(rows.get("สาเหตุ")).toContain("18 พ.ย. 2569");
    expect(rows.get("คงเหลือ (ลาพักร้อน)")).toBe(`${before.remaining! + 1} วัน`);

    fake.reset();
    const removed = removeHoliday("2026-11-18", admin);
    expect(removed).toMatchObject({ holiday: { date: "2026-11-18" }, recounted_petitions: 1 });
    expect(daysOf(p.id)).toBe(5);
    expect(vacation(e.id)).toEqual(before);
    await settleNotices();
    expect(pushes()).toHaveLength(1);
    expect(rowsOf(pushes()[0].messages[0]).get("จำนวนใหม่")).toBe("5 วัน");
  });

  it("a half day on a date that becomes a holiday counts 0 and stays approved; the employee hears it", async () => {
    const e = linked();
    const p = await approved(e.id, "2026-11-24", "2026-11-24", "afternoon");
    await settleNotices();
    fake.reset();
    expect(company("2026-11-24").recounted_petitions).toBe(1);
    expect(db().select().from(leavePetitions).where(eq(leavePetitions.id, p.id)).get()).toMatchObject({ days: 0, status: LeaveStatus.approve });
    await settleNotices();
    expect(rowsOf(pushes()[0].messages[0]).get("จำนวนใหม่")).toBe("0 วัน");
  });

  it("a pending petition is recounted without a push; an approved one of an employee without LINE is recounted quietly", async () => {
    const e = linked();
    const pending = await createPetition(e.id, PetitionSchema.parse({ type: 1, start_date: "2026-12-01", end_date: "2026-12-02", reason: "ธุระ" }), null, {
      type: "employee",
      id: e.id,
    });
    const unlinked = newEmployee();
    const quiet = await approved(unlinked.id, "2026-12-01", "2026-12-02");
    await settleNotices();
    fake.reset();
    db().delete(linePushes).run();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(company("2026-12-02").recounted_petitions).toBe(2);
      expect([daysOf(pending.id), daysOf(quiet.id)]).toEqual([1, 1]);
      await settleNotices();
      expect(pushes()).toEqual([]);
      expect(pushRows()).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("calendar days and the new year", () => {
  it("maternity leave counts calendar days: a holiday added inside it changes nothing and tells nobody", async () => {
    const e = linked();
    const p = await createPetition(e.id, PetitionSchema.parse({ type: 4, start_date: "2026-11-02", end_date: "2026-11-29", reason: "คลอดบุตร" }), null, {
      type: "employee",
      id: e.id,
    });
    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    expect(daysOf(p.id)).toBe(28);
    expect(company("2026-11-11").recounted_petitions).toBe(0);
    expect(daysOf(p.id)).toBe(28);
    expect(recountAudits(p.id)).toEqual([]);
  });

  it("a holiday added in the new-year part of a petition takes the day from that year's share", async () => {
    const e = linked();
    const p = await createPetition(e.id, PetitionSchema.parse({ type: 1, start_date: "2026-12-28", end_date: "2027-01-06", reason: "ธุระ" }), null, {
      type: "employee",
      id: e.id,
    });
    const row = () => db().select().from(leavePetitions).where(eq(leavePetitions.id, p.id)).get()!;
    expect([row().days, row().nextYearDays]).toEqual([6, 3]);
    company("2027-01-05");
    expect([row().days, row().nextYearDays]).toEqual([5, 2]);
  });
});

describe("seeding and re-seeding", () => {
  it("a removed public holiday put back by a re-seed recounts the leave over it, both ways, and tells the employee each time", async () => {
    const e = linked();
    // Mon 12 – Fri 16 April 2027: Songkran 13–15 leaves two working days.
    const p = await approved(e.id, "2027-04-12", "2027-04-16");
    expect(p.days).toBe(2);
    await settleNotices();
    fake.reset();

    expect(removeHoliday("2027-04-14", admin).recounted_petitions).toBe(1);
    expect(daysOf(p.id)).toBe(3);
    const list = reseedHolidayYear(2027, admin);
    expect(list.recounted_petitions).toBe(1);
    expect(list.items.some((h) => h.date === "2027-04-14")).toBe(true);
    expect(daysOf(p.id)).toBe(2);
    await settleNotices();
    expect(pushes().map((x) => rowsOf(x.messages[0]).get("จำนวนใหม่"))).toEqual(["3 วัน", "2 วัน"]);
  });

  it("a year seeded after leave was counted in it (as before on-demand seeding) recounts it and tells the employee", async () => {
    const e = linked();
    // What a petition filed before this change holds: Mon 12 – Fri 16 April 2038 counted as 5.
    const p = db()
      .insert(leavePetitions)
      .values({ employeeId: e.id, type: 1, startDate: "2038-04-12", endDate: "2038-04-16", days: 5, year: 2038, reason: "ธุระ", status: LeaveStatus.approve })
      .returning()
      .get();
    const result = seedHolidayYear(2038);
    expect(result).toMatchObject({ year: 2038, seeded: true, recounted_petitions: 1 });
    expect(daysOf(p.id)).toBe(2);
    await settleNotices();
    expect(pushes().map((x) => x.to)).toEqual([e.lineUserId]);
  });

  it("the petition form's holidays: every year of the span is seeded first", () => {
    const seeded = (year: number) => db().select().from(holidayYears).where(eq(holidayYears.year, year)).get() != null;
    expect(seeded(2039) || seeded(2040)).toBe(false);
    const days = holidaysForCounting("2039-12-01", "2040-01-31").map((h) => h.date);
    expect(days).toContain("2039-12-10");
    expect(days).toContain("2040-01-01");
    expect(seeded(2039) && seeded(2040)).toBe(true);
  });
});

describe("recountNoticeMessage", () => {
  it("a LINE-valid card with the days before and now, the changed dates and the balance", () => {
    const card = recountNoticeMessage({
      employee: { code: "E9", full_name: "นางสาวมาลี ดีใจ" },
      petition: { type: 1, start_date: "2026-11-16", end_date: "2026-11-20", half: "full", days: 4, reason: "ธุระ", decision_note: null, cancelled_by: null },
      remaining: -1,
      before: 5,
      dates: ["2026-11-18"],
    });
    expect(LineMessagesSchema.safeParse([card]).success).toBe(true);
    expect((card as Card).altText).toBe(`${RECOUNT_TITLE}: นางสาวมาลี ดีใจ (E9) ลากิจ 16 พ.ย. 2569 – 20 พ.ย. 2569 5 วัน → 4 วัน`);
    expect(rowsOf(card).get("คงเหลือ (ลากิจ)")).toBe("-1 วัน");
  });
});
