import { eq } from "drizzle-orm";
import { attendance, employees, uploads } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { ATTENDANCE_STATUSES } from "./status";
import { DailyQuery, dailyAttendance, dailyPage } from "./daily.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };
const DATE = "2026-11-23"; // a Monday
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("2026-11-24", "09:00");

let serial = 0;
function make(first = "สมชาย", overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `E${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "ใจดี", ...overrides }),
    admin,
  );
}

function checkIn(employeeId: number, values: Partial<typeof attendance.$inferInsert> = {}) {
  return db()
    .insert(attendance)
    .values({
      employeeId,
      workDate: DATE,
      checkinAt: at(DATE, "08:20"),
      checkoutAt: at(DATE, "17:40"),
      ...values,
    })
    .returning()
    .get();
}

const daily = (q: Partial<DailyQuery> = {}, now = NOW) => dailyAttendance(DailyQuery.parse({ date: DATE, ...q }), { now });

const sumOfStatuses = (summary: Record<string, number>) => ATTENDANCE_STATUSES.reduce((n, s) => n + summary[s], 0);

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(employees).run();
});

describe("dailyAttendance", () => {
  it("gives every working employee one status; the counts add up to the headcount", () => {
    const onTime = make("ตรงเวลา");
    const late = make("มาสาย");
    const early = make("กลับก่อน");
    const missing = make("ลืมออก");
    const pending = make("รอตรวจ");
    make("ขาด");
    checkIn(onTime.id);
    checkIn(late.id, { checkinAt: at(DATE, "08:42"), lateMinutes: 12 });
    checkIn(early.id, { checkoutAt: at(DATE, "17:00"), earlyMinutes: 30 });
    checkIn(missing.id, { checkoutAt: null });
    checkIn(pending.id, { reviewStatus: "pending", flags: ["outside"] });

    const view = daily();
    expect(view.date).toBe(DATE);
    expect(view.headcount).toBe(6);
    expect(view.items).toHaveLength(6);
    expect(sumOfStatuses(view.summary)).toBe(view.headcount);
    expect(view.summary).toMatchObject({ present: 2, late: 1, early_leave: 1, missing_checkout: 1, absent: 1, pending_review: 1 });
    const byName = Object.fromEntries(view.items.map((i) => [i.employee.full_name, i]));
    expect(byName["นายมาสาย ใจดี"]).toMatchObject({ status: "late", reason: "สาย 12 นาที" });
    expect(byName["นายลืมออก ใจดี"]).toMatchObject({ status: "missing_checkout", reason: "ไม่ได้ลงเวลาออก" });
    expect(byName["นายขาด ใจดี"]).toMatchObject({ status: "absent", record: null });
    expect(byName["นายรอตรวจ ใจดี"].record).toMatchObject({ review_status: "pending", flags: ["outside"] });
  });

  it("sorts by code", () => {
    make("ข", { code: "B002" });
    make("ก", { code: "A001" });
    make("ค", { code: "c003" });
    expect(daily().items.map((i) => i.employee.code)).toEqual(["A001", "B002", "c003"]);
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
    checkIn(e.id, { reviewStatus: "rejected", flags: ["face_not_matched"] });
    const view = daily();
    expect(view.items[0]).toMatchObject({ status: "absent", reason: "ขาดงาน (การลงเวลาไม่ผ่านการตรวจสอบ)" });
    expect(view.items[0].record?.review_status).toBe("rejected");
    expect(view.summary.absent).toBe(1);
    expect(view.summary.present).toBe(0);
  });

  it("a day outside work_days is a day off for those who did not work", () => {
    setSetting("work_days", [1, 2, 3, 4, 5]);
    const worked = make("มาวันเสาร์");
    make("หยุด");
    const saturday = "2026-11-28";
    checkIn(worked.id, { workDate: saturday, checkinAt: at(saturday, "09:00"), checkoutAt: at(saturday, "12:00") });
    const view = dailyAttendance(DailyQuery.parse({ date: saturday }), { now: at("2026-11-30", "09:00") });
    expect(view.summary).toMatchObject({ day_off: 1, present: 1 });
    expect(sumOfStatuses(view.summary)).toBe(2);
  });

  it("takes a holiday and leave from the caller's calendar", () => {
    const onLeave = make("ลา");
    make("ขาด");
    const view = dailyAttendance(DailyQuery.parse({ date: DATE }), {
      now: NOW,
      leaves: new Map([[onLeave.id, { part: "full" as const, type: "ลาป่วย" }]]),
    });
    expect(view.summary).toMatchObject({ leave: 1, absent: 1 });
    const holiday = dailyAttendance(DailyQuery.parse({ date: DATE }), { now: NOW, holiday: { name: "วันหยุดพิเศษ" } });
    expect(holiday.summary.holiday).toBe(2);
  });

  it("filters the items by status and search, never the summary", () => {
    const a = make("อนันต์", { code: "X100" });
    make("บุญมี", { code: "X200" });
    checkIn(a.id, { lateMinutes: 5 });
    const late = daily({ status: "late" });
    expect(late.items.map((i) => i.employee.id)).toEqual([a.id]);
    expect(sumOfStatuses(late.summary)).toBe(2);
    expect(daily({ q: "บุญ" }).items.map((i) => i.employee.code)).toEqual(["X200"]);
    expect(daily({ q: "x1" }).items.map((i) => i.employee.code)).toEqual(["X100"]);
  });

  it("defaults to today's work date in APP_TIMEZONE", () => {
    make();
    // 23:30 UTC on the 22nd is 06:30 on the 23rd in Bangkok.
    expect(dailyAttendance(DailyQuery.parse({}), { now: new Date("2026-11-22T23:30:00Z") }).date).toBe(DATE);
  });

  it("refuses a malformed date", () => {
    expect(DailyQuery.safeParse({ date: "2026-02-30" }).success).toBe(false);
    expect(DailyQuery.safeParse({ date: "23/11/2026" }).success).toBe(false);
    expect(DailyQuery.safeParse({ status: "sleeping" }).success).toBe(false);
  });
});

describe("dailyPage", () => {
  it("the day's statuses are worked out again after a write and at the next minute", () => {
    const slow = make("ยังไม่มา");
    const params = new URLSearchParams(`date=${DATE}`);
    const statusOf = (now: Date) => dailyPage(params, now).items.find((i) => i.employee.id === slow.id);
    const seconds = (hhmmss: string) => new Date(`${DATE}T${hhmmss}+07:00`);
    expect(statusOf(seconds("17:29:05"))).toMatchObject({ status: "absent", reason: "ยังไม่ได้ลงเวลาเข้า" });
    expect(statusOf(seconds("17:29:59"))).toMatchObject({ status: "absent", reason: "ยังไม่ได้ลงเวลาเข้า" });
    // work_end (17:30) has come: the same data, the next minute.
    expect(statusOf(seconds("17:30:00"))).toMatchObject({ status: "absent", reason: "ขาดงาน" });
    // A write within that minute reaches the page.
    checkIn(slow.id, { checkinAt: at(DATE, "17:20"), checkoutAt: null, lateMinutes: 530 });
    const after = dailyPage(params, seconds("17:30:20"));
    expect(after.items.find((i) => i.employee.id === slow.id)?.status).toBe("late");
    expect(after.summary.late).toBe(1);
  });


  it("keeps the whole day's summary and returns one page of the filtered items; a bad page shows the first", () => {
    for (let i = 0; i < 53; i++) make(`คน${i}`);
    const params = (q: string) => new URLSearchParams(`date=${DATE}&${q}`);
    const first = dailyPage(params(""), NOW);
    expect(first).toMatchObject({ total: 53, page: 1, page_size: 50, headcount: 53 });
    expect(first.items).toHaveLength(50);
    expect(sumOfStatuses(first.summary)).toBe(53);
    const second = dailyPage(params("page=2"), NOW);
    expect(second.items).toHaveLength(3);
    expect(second.items[0].employee.id).not.toBe(first.items[0].employee.id);
    expect(dailyPage(params("page=9"), NOW).page).toBe(2);
    expect(dailyPage(params("page=abc"), NOW).page).toBe(1);
  });

  it("its items, whole records included, are the full view's items of that page, also when filtered", () => {
    for (let i = 0; i < 60; i++) {
      const e = make(`คน${i}`);
      if (i % 3 === 0) checkIn(e.id, { checkinAt: at(DATE, "08:45"), lateMinutes: 15, checkinAddress: `ที่อยู่ ${i}`, flags: ["stale_position"] });
      else if (i % 3 === 1) checkIn(e.id, { checkoutAt: null, reviewStatus: "pending" });
    }
    const params = (q: string) => new URLSearchParams(`date=${DATE}&${q}`);
    const full = daily();
    const first = dailyPage(params(""), NOW);
    const second = dailyPage(params("page=2"), NOW);
    expect(first.items).toEqual(full.items.slice(0, 50));
    expect(second.items).toEqual(full.items.slice(50));
    expect(first.summary).toEqual(full.summary);
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

  it("each employee comes with their photo and first name (an avatar's picture or initial), in the full view and a page", () => {
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
