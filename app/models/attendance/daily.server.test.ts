import { eq } from "drizzle-orm";
import { attendanceDays, employees, holidays, uploads } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { ATTENDANCE_STATUSES } from "./status";
import { DAILY_PAGE_SIZE, DailyQuery, dailyAttendance, dailyPage } from "./daily.server";
import { approvedLeave, at, resetLedger, writeRecord } from "./ledger.test-helpers";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };
const DATE = "2026-11-23"; // a Monday
const NOW = at("2026-11-24", "09:00");

let serial = 0;
function make(first = "สมชาย", overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `E${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "ใจดี", ...overrides }),
    admin,
  );
}

const checkIn = (employeeId: number, values: Parameters<typeof writeRecord>[2] = {}, now = NOW) => writeRecord(employeeId, DATE, values, now);

const daily = (q: Record<string, string> = {}, now = NOW) => dailyAttendance(DailyQuery.parse({ date: DATE, ...q }), { now });

/** Every item of the date, following next_cursor page by page. */
function allPages(q: Record<string, string> = {}, limit = "2") {
  const pages = [daily({ ...q, limit })];
  while (pages[pages.length - 1].next_cursor) pages.push(daily({ ...q, limit, after: pages[pages.length - 1].next_cursor! }));
  return pages;
}

const sumOfStatuses = (summary: Record<string, number>) => ATTENDANCE_STATUSES.reduce((n, s) => n + summary[s], 0);

beforeEach(() => resetLedger());

describe("dailyAttendance", () => {
  it("gives every working employee the ledger's status and reason; the counts add up to the headcount", () => {
    const onTime = make("ตรงเวลา");
    const late = make("มาสาย");
    const early = make("กลับก่อน");
    const missing = make("ลืมออก");
    const pending = make("รอตรวจ");
    make("ขาด");
    checkIn(onTime.id);
    checkIn(late.id, { checkinAt: at(DATE, "08:42") });
    checkIn(early.id, { checkoutAt: at(DATE, "17:00") });
    checkIn(missing.id, { checkoutAt: null });
    checkIn(pending.id, { reviewStatus: "pending", checkinReview: "pending", checkoutReview: "pending", flags: ["outside"] });

    const view = daily();
    expect(view.date).toBe(DATE);
    expect(view.headcount).toBe(6);
    expect(view.items).toHaveLength(6);
    expect(view.next_cursor).toBeNull();
    expect(sumOfStatuses(view.summary)).toBe(view.headcount);
    expect(view.summary).toMatchObject({ present: 2, late: 1, early_leave: 1, missing_checkout: 1, absent: 1, pending_review: 1 });
    const byName = Object.fromEntries(view.items.map((i) => [i.employee.full_name, i]));
    expect(byName["นายมาสาย ใจดี"]).toMatchObject({ status: "late", reason: "สาย 12 นาที" });
    expect(byName["นายลืมออก ใจดี"]).toMatchObject({ status: "missing_checkout", reason: "ไม่ได้ลงเวลาออก" });
    expect(byName["นายขาด ใจดี"]).toMatchObject({ status: "absent", reason: "ขาดงาน", record: null });
    expect(byName["นายรอตรวจ ใจดี"].record).toMatchObject({ review_status: "pending", flags: ["outside"] });
  });

  it("items and summary are the ledger's rows, not worked out again: a row changed in the ledger shows as it is", () => {
    const e = make();
    checkIn(e.id);
    expect(daily().items[0].status).toBe("present");
    db().update(attendanceDays).set({ status: "late", reason: "จากสมุดวัน" }).where(eq(attendanceDays.employeeId, e.id)).run();
    expect(daily().items[0]).toMatchObject({ status: "late", reason: "จากสมุดวัน" });
    expect(daily().summary).toMatchObject({ late: 1, present: 0 });
  });

  it("a morning's leave with a check-in after the break: present, the record's late minutes the ledger's 0", () => {
    const e = make();
    approvedLeave(e.id, DATE, DATE, { half: "morning", days: 0.5 });
    checkIn(e.id, { checkinAt: at(DATE, "12:55"), checkoutAt: at(DATE, "17:35"), lateMinutes: 265 });
    const [item] = daily().items;
    expect(item).toMatchObject({ status: "present", reason: "ลาครึ่งวันเช้า (ลากิจ)" });
    expect(item.record?.late_minutes).toBe(0);
  });

  it("a morning's leave and no show in the afternoon: half a day's leave and half a day's absence", () => {
    const e = make();
    approvedLeave(e.id, DATE, DATE, { half: "morning", days: 0.5 });
    expect(daily().items[0]).toMatchObject({ status: "absent", reason: "ลาครึ่งวันเช้า (ลากิจ), ขาดงานครึ่งวันบ่าย" });
  });

  it("a holiday and approved leave come from their tables", () => {
    const onLeave = make("ลา");
    make("ขาด");
    approvedLeave(onLeave.id, DATE, DATE, { type: 2 });
    expect(daily().summary).toMatchObject({ leave: 1, absent: 1 });
    expect(daily().items[0]).toMatchObject({ status: "leave", reason: "ลาทั้งวัน (ลาป่วย)" });

    resetLedger();
    make("หยุด");
    db().insert(holidays).values({ date: DATE, name: "วันหยุดพิเศษ", kind: "company", source: "admin" }).run();
    expect(daily().items[0]).toMatchObject({ status: "holiday", reason: "วันหยุด: วันหยุดพิเศษ" });
  });

  it("sorts by code, whatever its case, then pages with limit and after until next_cursor is null", () => {
    make("ข", { code: "B002" });
    make("ก", { code: "a001" });
    make("ค", { code: "C003" });
    make("ง", { code: "d004" });
    make("จ", { code: "E005" });
    expect(daily().items.map((i) => i.employee.code)).toEqual(["a001", "B002", "C003", "d004", "E005"]);
    const pages = allPages();
    expect(pages.map((p) => p.items.map((i) => i.employee.code))).toEqual([["a001", "B002"], ["C003", "d004"], ["E005"]]);
    expect(pages.map((p) => p.next_cursor === null)).toEqual([false, false, true]);
    for (const page of pages) {
      expect(page.headcount).toBe(5);
      expect(sumOfStatuses(page.summary)).toBe(5);
    }
  });

  it("pages at most 200 items, 200 by default", () => {
    for (let i = 0; i < 203; i++) make(`คน${i}`);
    const first = daily();
    expect(first.items).toHaveLength(200);
    expect(first.headcount).toBe(203);
    expect(daily({ limit: "500" }).items).toHaveLength(200);
    const rest = daily({ after: first.next_cursor! });
    expect(rest.items).toHaveLength(3);
    expect(rest.next_cursor).toBeNull();
  });

  it("leaves out an employee who resigned on or before the date, keeps one resigning later", () => {
    const gone = make("ลาออกแล้ว");
    const onTheDay = make("ออกวันนี้");
    const later = make("จะลาออก");
    resignEmployee(gone.id, "2026-11-01", admin);
    resignEmployee(onTheDay.id, DATE, admin);
    resignEmployee(later.id, "2026-11-24", admin);
    const view = daily();
    expect(view.items.map((i) => i.employee.id)).toEqual([later.id]);
    expect(view.headcount).toBe(1);
    expect(sumOfStatuses(view.summary)).toBe(1);
  });

  it("counts a rejected check-in as absent", () => {
    const e = make();
    checkIn(e.id, { reviewStatus: "rejected", checkinReview: "rejected", checkoutReview: "rejected", flags: ["face_not_matched"] });
    const view = daily();
    expect(view.items[0]).toMatchObject({ status: "absent", reason: "ขาดงาน (การลงเวลาเข้าไม่ผ่านการตรวจสอบ)" });
    expect(view.items[0].record?.review_status).toBe("rejected");
    expect(view.summary.absent).toBe(1);
    expect(view.summary.present).toBe(0);
  });

  it("a day outside work_days is a day off for those who did not work", () => {
    setSetting("work_days", [1, 2, 3, 4, 5]);
    const worked = make("มาวันเสาร์");
    make("หยุด");
    const saturday = "2026-11-28";
    const now = at("2026-11-30", "09:00");
    writeRecord(worked.id, saturday, { checkinAt: at(saturday, "09:00"), checkoutAt: at(saturday, "12:00") }, now);
    const view = dailyAttendance(DailyQuery.parse({ date: saturday }), { now });
    expect(view.summary).toMatchObject({ day_off: 1, present: 1 });
    expect(sumOfStatuses(view.summary)).toBe(2);
  });

  it("filters the items by status and search, never the summary; a filtered list pages too", () => {
    const a = make("อนันต์", { code: "X100" });
    make("บุญมี", { code: "X200" });
    const c = make("อนุชา", { code: "X300" });
    checkIn(a.id, { checkinAt: at(DATE, "08:40") });
    checkIn(c.id, { checkinAt: at(DATE, "08:50") });
    const late = daily({ status: "late" });
    expect(late.items.map((i) => i.employee.id)).toEqual([a.id, c.id]);
    expect(sumOfStatuses(late.summary)).toBe(3);
    expect(allPages({ status: "late" }, "1").map((p) => p.items.map((i) => i.employee.code))).toEqual([["X100"], ["X300"]]);
    expect(daily({ q: "บุญ" }).items.map((i) => i.employee.code)).toEqual(["X200"]);
    expect(daily({ q: "x1" }).items.map((i) => i.employee.code)).toEqual(["X100"]);
    expect(daily({ q: "อนุ", status: "late" }).items.map((i) => i.employee.code)).toEqual(["X300"]);
  });

  it("a rare status (read on its index) and a common one (walked in code order) page alike", () => {
    const codes = Array.from({ length: 30 }, (_, i) => `R${String(i).padStart(2, "0")}`);
    const people = codes.map((code) => make("คน", { code: code.toLowerCase() === "r05" ? "r05" : code }));
    for (const i of [3, 5, 17]) checkIn(people[i].id, { checkinAt: at(DATE, "08:45") });
    const late = allPages({ status: "late" }, "2");
    expect(late.map((p) => p.items.map((i) => i.employee.code))).toEqual([["R03", "r05"], ["R17"]]);
    const absent = allPages({ status: "absent" }, "20").flatMap((p) => p.items.map((i) => i.employee.code));
    expect(absent).toEqual(codes.filter((_, i) => ![3, 5, 17].includes(i)).map((c) => (c === "R05" ? "r05" : c)));
  });

  it("is empty before attendance_start: nothing counts there", () => {
    make();
    setSetting("attendance_start", "2026-11-24");
    const view = daily();
    expect(view).toMatchObject({ headcount: 0, items: [], next_cursor: null });
    expect(sumOfStatuses(view.summary)).toBe(0);
    expect(dailyPage(new URLSearchParams(`date=${DATE}`), NOW)).toMatchObject({ headcount: 0, attendance_start: "2026-11-24", today: "2026-11-24" });
  });

  it("defaults to today's work date in APP_TIMEZONE", () => {
    make();
    // 23:30 UTC on the 22nd is 06:30 on the 23rd in Bangkok.
    expect(dailyAttendance(DailyQuery.parse({}), { now: new Date("2026-11-22T23:30:00Z") }).date).toBe(DATE);
  });

  it("refuses a malformed date, status, limit or cursor", () => {
    expect(DailyQuery.safeParse({ date: "2026-02-30" }).success).toBe(false);
    expect(DailyQuery.safeParse({ date: "23/11/2026" }).success).toBe(false);
    expect(DailyQuery.safeParse({ status: "sleeping" }).success).toBe(false);
    expect(DailyQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(DailyQuery.safeParse({ limit: "abc" }).success).toBe(false);
    expect(DailyQuery.safeParse({ after: "not-a-cursor" }).success).toBe(false);
    expect(DailyQuery.safeParse({ after: Buffer.from('["A", -1]').toString("base64url") }).success).toBe(false);
    expect(DailyQuery.parse({}).limit).toBe(200);
  });
});

describe("dailyPage", () => {
  it("a write reaches the page, and so does the clock passing work_end", () => {
    const slow = make("ยังไม่มา");
    const params = new URLSearchParams(`date=${DATE}`);
    const statusOf = (now: Date) => dailyPage(params, now).items.find((i) => i.employee.id === slow.id);
    const seconds = (hhmmss: string) => new Date(`${DATE}T${hhmmss}+07:00`);
    expect(statusOf(seconds("17:29:05"))).toMatchObject({ status: "absent", reason: "ยังไม่ได้ลงเวลาเข้า" });
    expect(statusOf(seconds("17:29:59"))).toMatchObject({ status: "absent", reason: "ยังไม่ได้ลงเวลาเข้า" });
    // work_end (17:30) has come: the same data, a later clock.
    expect(statusOf(seconds("17:30:00"))).toMatchObject({ status: "absent", reason: "ขาดงาน" });
    checkIn(slow.id, { checkinAt: at(DATE, "17:20"), checkoutAt: null }, seconds("17:30:10"));
    const after = dailyPage(params, seconds("17:30:20"));
    expect(after.items.find((i) => i.employee.id === slow.id)?.status).toBe("late");
    expect(after.summary.late).toBe(1);
  });

  it("keeps the whole day's summary and moves through pages of 50 with next and previous cursors", () => {
    for (let i = 0; i < 53; i++) make(`คน${i}`);
    const params = (q: string) => new URLSearchParams(`date=${DATE}&${q}`);
    const first = dailyPage(params(""), NOW);
    expect(first).toMatchObject({ total: 53, page_size: DAILY_PAGE_SIZE, headcount: 53, prev_cursor: null });
    expect(first.items).toHaveLength(50);
    expect(sumOfStatuses(first.summary)).toBe(53);
    const second = dailyPage(params(`after=${first.next_cursor}`), NOW);
    expect(second.items).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    expect(second.items[0].employee.id).not.toBe(first.items[0].employee.id);
    const back = dailyPage(params(`before=${second.prev_cursor}`), NOW);
    expect(back.items).toEqual(first.items);
    expect(back.prev_cursor).toBeNull();
    expect(back.next_cursor).toBe(first.next_cursor);
    // A hand-edited cursor shows the first page.
    expect(dailyPage(params("after=abc"), NOW).items).toEqual(first.items);
  });

  it("its items, whole records included, are the API's items of that page, also when filtered", () => {
    for (let i = 0; i < 60; i++) {
      const e = make(`คน${i}`);
      if (i % 3 === 0) checkIn(e.id, { checkinAt: at(DATE, "08:45"), checkinAddress: `ที่อยู่ ${i}`, flags: ["stale_position"] });
      else if (i % 3 === 1) checkIn(e.id, { checkoutAt: null, reviewStatus: "pending", checkinReview: "pending" });
    }
    const params = (q: string) => new URLSearchParams(`date=${DATE}&${q}`);
    const full = daily();
    const first = dailyPage(params(""), NOW);
    const second = dailyPage(params(`after=${first.next_cursor}`), NOW);
    expect(first.items).toEqual(full.items.slice(0, 50));
    expect(second.items).toEqual(full.items.slice(50));
    expect(first.summary).toEqual(full.summary);
    expect(first.summary.pending_review).toBe(20);
    expect(first.items.filter((i) => i.record).length).toBeGreaterThan(20);

    const late = dailyPage(params("status=late"), NOW);
    expect(late.items).toEqual(daily({ status: "late" }).items);
    expect(late.items.map((i) => i.record?.checkin_address)).toContain("ที่อยู่ 0");
    expect(late.total).toBe(20);

    const searched = dailyPage(params("q=คน1"), NOW);
    expect(searched.items).toEqual(daily({ q: "คน1" }).items.slice(0, 50));
    expect(searched.total).toBe(11);
    expect(searched.summary).toEqual(full.summary);
  });

  it("each employee comes with their photo and first name (an avatar's picture or initial), in the API and the page", () => {
    const uploadId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    db()
      .insert(uploads)
      .values({ id: uploadId, folder: "employees", mime: "image/jpeg", bytes: Buffer.from([0xff]), size: 1, width: 1, height: 1, sha256: "x" })
      .onConflictDoNothing()
      .run();
    const withPhoto = make("มาลี", { title: 3 });
    db().update(employees).set({ photoUploadId: uploadId }).where(eq(employees.id, withPhoto.id)).run();
    const without = make("สมชาย");
    const expected = [
      { id: withPhoto.id, full_name: "นางสาวมาลี ใจดี", first_name: "มาลี", photo_url: `/uploads/employees/${uploadId}.jpg` },
      { id: without.id, full_name: "นายสมชาย ใจดี", first_name: "สมชาย", photo_url: null },
    ];
    expect(daily().items.map((i) => i.employee)).toEqual(expected.map((e) => expect.objectContaining(e)));
    expect(dailyPage(new URLSearchParams(`date=${DATE}`), NOW).items.map((i) => i.employee)).toEqual(expected.map((e) => expect.objectContaining(e)));
  });
});
