import { eq } from "drizzle-orm";
import { attendanceDays, holidays, overtimeRequests } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { DAY_CODES, HALF_LEAVE_HALF_ABSENT } from "./codes";
import { DailyQuery, dailyAttendance } from "./daily.server";
import { approvedLeave, at, resetLedger, writeRecord } from "./ledger.test-helpers";
import { MONTHLY_PAGE_SIZE, MonthlyQuery, monthDates, monthlyCsv, monthlyPage, monthlySheet } from "./monthly.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };
const MONTH = "2026-11"; // 1 Nov 2026 is a Sunday; 30 days
const NOW = at("2026-11-25", "20:00"); // a Wednesday evening: the 26th onwards is still ahead

let serial = 0;
function make(first = "สมชาย", overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `M${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "รายเดือน", ...overrides }),
    admin,
  );
}

const record = (employeeId: number, date: string, values: Parameters<typeof writeRecord>[2] = {}, now = NOW) => writeRecord(employeeId, date, values, now);
const holiday = (date: string, name = "วันหยุดพิเศษ") => db().insert(holidays).values({ date, name, kind: "company", source: "admin" }).run();

const sheet = (options: Parameters<typeof monthlySheet>[1] = {}) => monthlySheet(MONTH, { now: NOW, ...options });
const codesOf = (days: Record<string, string>) => Object.values(days);
const countOf = (days: Record<string, string>, code: string) => codesOf(days).filter((c) => c === code).length;

beforeEach(() => {
  resetLedger();
  setSetting("work_days", [1, 2, 3, 4, 5]);
});

describe("monthlySheet", () => {
  it("lists the month's days with their weekday and kind", () => {
    holiday("2026-11-17");
    const view = sheet();
    expect(view.month).toBe(MONTH);
    expect(view.days).toHaveLength(30);
    expect(view.days[0]).toEqual({ date: "2026-11-01", weekday: 7, kind: "day_off" });
    expect(view.days[1]).toEqual({ date: "2026-11-02", weekday: 1, kind: "work" });
    expect(view.days[16]).toEqual({ date: "2026-11-17", weekday: 2, kind: "holiday" });
    expect(monthDates("2028-02")).toHaveLength(29);
    expect(monthDates("2026-12").at(-1)).toEqual({ date: "2026-12-31", weekday: 4 });
  });

  it("codes each day with the ledger's status and totals its rows", () => {
    const e = make();
    record(e.id, "2026-11-02"); // present
    record(e.id, "2026-11-03", { checkinAt: at("2026-11-03", "08:42") }); // late 12
    record(e.id, "2026-11-04", { checkoutAt: at("2026-11-04", "17:00") }); // early leave
    record(e.id, "2026-11-05", { checkinAt: at("2026-11-05", "08:35"), checkoutAt: null }); // missing check-out, and late 5
    record(e.id, "2026-11-06", { reviewStatus: "rejected", checkinReview: "rejected", checkoutReview: "rejected" }); // an absence
    record(e.id, "2026-11-07", { checkinAt: at("2026-11-07", "09:00"), checkoutAt: at("2026-11-07", "12:00") }); // Saturday work
    record(e.id, "2026-11-25", { checkoutAt: null }); // today, before missing_checkout_hour: still present
    approvedLeave(e.id, "2026-11-09", "2026-11-09");
    approvedLeave(e.id, "2026-11-10", "2026-11-10", { half: "morning", days: 0.5 }); // and no show in the afternoon
    approvedLeave(e.id, "2026-11-12", "2026-11-12", { half: "afternoon", days: 0.5 });
    record(e.id, "2026-11-12", { checkoutAt: at("2026-11-12", "12:00") }); // worked the morning

    const [item] = sheet().items;
    const { days, totals } = item;
    expect(item.employee).toEqual({ id: e.id, code: e.code, full_name: "นายสมชาย รายเดือน" });
    expect(days["2026-11-01"]).toBe("ห");
    expect(days["2026-11-02"]).toBe("ม");
    expect(days["2026-11-03"]).toBe("ส");
    expect(days["2026-11-04"]).toBe("อ");
    expect(days["2026-11-05"]).toBe("ลืม");
    expect(days["2026-11-06"]).toBe("ข");
    expect(days["2026-11-07"]).toBe("ม");
    expect(days["2026-11-09"]).toBe("ล");
    expect(days["2026-11-10"]).toBe(HALF_LEAVE_HALF_ABSENT);
    expect(days["2026-11-11"]).toBe("ข");
    expect(days["2026-11-12"]).toBe("ม");
    expect(days["2026-11-25"]).toBe("ม");
    expect(days["2026-11-26"]).toBe("");
    expect(days["2026-11-30"]).toBe("");

    expect(totals).toEqual({
      present: 7,
      late: 2,
      late_minutes: 17,
      early_leave: 1,
      absent: countOf(days, "ข") + 0.5,
      missing_checkout: 1,
      leave_days: 2,
      overtime_hours: 0,
      holiday_work_hours: 3, // the Saturday's 09:00–12:00, within the office's hours
      holiday_overtime_hours: 0,
    });
    expect(countOf(days, "ข")).toBe(10); // 6, 11, 13, 16–20, 23, 24
    const coded = codesOf(days).filter(Boolean).length;
    expect(coded).toBe(25);
  });

  it("warns of a week whose approved overtime and holiday work passed 36 hours, for that employee only", () => {
    const busy = make("ขยัน");
    const calm = make("พอดี");
    for (const date of ["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"]) {
      db().insert(overtimeRequests).values({ employeeId: busy.id, workDate: date, startTime: "17:30", endTime: "01:00", reason: "ปิดงบ", source: "admin", status: "approved" }).run();
    }
    db().insert(overtimeRequests).values({ employeeId: calm.id, workDate: "2026-11-10", startTime: "17:30", endTime: "20:00", reason: "ปิดงบ", source: "admin", status: "approved" }).run();
    const items = new Map(sheet().items.map((i) => [i.employee.id, i]));
    expect(items.get(busy.id)?.weeks_over_limit).toEqual([{ week_start: "2026-11-09", hours: 37.5 }]);
    expect(items.get(calm.id)?.weeks_over_limit).toEqual([]);
  });

  it("agrees with the daily view on every past day", () => {
    const a = make("ก");
    const b = make("ข");
    record(a.id, "2026-11-12", { checkinAt: at("2026-11-12", "08:33") });
    record(b.id, "2026-11-12", { checkoutAt: null });
    record(b.id, "2026-11-13", { reviewStatus: "pending", checkinReview: "pending", flags: ["outside"] });
    const view = sheet();
    for (const date of ["2026-11-12", "2026-11-13", "2026-11-14"]) {
      const daily = dailyAttendance(DailyQuery.parse({ date }), { now: NOW });
      for (const d of daily.items) {
        const row = view.items.find((i) => i.employee.id === d.employee.id);
        expect(row?.days[date], `${d.employee.full_name} ${date}`).toBe(DAY_CODES[d.status]);
      }
    }
  });

  it("is the ledger's rows: a row changed in the ledger shows as it is, its minutes in the totals", () => {
    const e = make();
    record(e.id, "2026-11-02");
    sheet();
    db().update(attendanceDays).set({ status: "late", lateMinutes: 40 }).where(eq(attendanceDays.workDate, "2026-11-02")).run();
    const [item] = sheet().items;
    expect(item.days["2026-11-02"]).toBe("ส");
    expect(item.totals).toMatchObject({ late: 1, late_minutes: 40 });
  });

  it("holds employees on the staff for part of the month, blank on the other days", () => {
    const gone = make("ลาออกก่อน");
    const leaving = make("ลาออกกลางเดือน");
    const joining = make("เริ่มกลางเดือน", { start_date: "2026-11-16" });
    make("เริ่มเดือนหน้า", { start_date: "2026-12-01" });
    resignEmployee(gone.id, "2026-11-01", admin);
    resignEmployee(leaving.id, "2026-11-11", admin);
    const view = sheet();
    expect(view.items.map((i) => i.employee.id)).toEqual([leaving.id, joining.id]);
    expect(view.total).toBe(2);
    const [left, joined] = view.items;
    expect(left.days["2026-11-10"]).toBe("ข");
    expect(left.days["2026-11-11"]).toBe("");
    expect(joined.days["2026-11-13"]).toBe("");
    expect(joined.days["2026-11-16"]).toBe("ข");
    expect(joined.totals.absent).toBe(8); // 16–25 Nov, weekdays
  });

  it("days before attendance_start are blank and count nothing", () => {
    const e = make();
    setSetting("attendance_start", "2026-11-23");
    const [item] = sheet().items;
    expect(item.days["2026-11-20"]).toBe("");
    expect(item.days["2026-11-22"]).toBe("");
    expect(item.days["2026-11-23"]).toBe("ข");
    expect(item.totals.absent).toBe(3);
    expect(item.employee.id).toBe(e.id);
  });

  it("a public holiday reads ห and a check-in on it counts as work", () => {
    const rested = make("หยุด");
    const worked = make("มาวันหยุด");
    holiday("2026-11-17");
    record(worked.id, "2026-11-17");
    const view = sheet();
    expect(view.items[0].days["2026-11-17"]).toBe("ห");
    expect(view.items[1].days["2026-11-17"]).toBe("ม");
    expect(view.items.find((i) => i.employee.id === rested.id)?.totals.absent).toBe(17);
  });

  it("takes the month from APP_TIMEZONE and files records by their work date", () => {
    const e = make();
    const now = new Date("2026-11-30T17:30:00Z"); // 00:30 on 1 Dec in Bangkok
    // 23:30 on 30 Nov in Bangkok: still November's work date, though it is 1 Dec nowhere.
    record(e.id, "2026-11-30", { checkinAt: at("2026-11-30", "08:30"), checkoutAt: at("2026-11-30", "23:30") }, now);
    const december = monthlySheet(undefined, { now });
    expect(december.month).toBe("2026-12");
    expect(codesOf(december.items[0].days).every((c) => c === "")).toBe(true);
    const november = monthlySheet("2026-11", { now });
    expect(november.items[0].days["2026-11-30"]).toBe("ม");
  });

  it("leaves today blank for someone not in yet until work_end, then counts the absence", () => {
    make();
    const morning = monthlySheet(MONTH, { now: at("2026-11-25", "10:00") });
    expect(morning.items[0].days["2026-11-25"]).toBe("");
    expect(morning.items[0].days["2026-11-24"]).toBe("ข");
    const evening = monthlySheet(MONTH, { now: at("2026-11-25", "18:00") });
    expect(evening.items[0].days["2026-11-25"]).toBe("ข");
    expect(evening.items[0].totals.absent).toBe(morning.items[0].totals.absent + 1);
  });

  it("pages the employees by keyset without changing their rows, at most 200 a page", () => {
    const ids = [make().id, make().id, make().id];
    record(ids[2], "2026-11-02");
    const all = sheet();
    expect(all.next_cursor).toBeNull();
    const first = sheet({ limit: 2 });
    expect(first.items).toEqual(all.items.slice(0, 2));
    const second = sheet({ limit: 2, after: decode(first.next_cursor) });
    expect(second.total).toBe(3);
    expect(second.items).toEqual([all.items[2]]);
    expect(second.next_cursor).toBeNull();
    expect(sheet({ limit: 1000 }).items).toHaveLength(3);
    expect(MonthlyQuery.parse({ limit: "1000" }).limit).toBe(200);
  });

  it("the tab pages 50 employees with next and previous cursors", () => {
    for (let i = 0; i < 52; i++) make(`คน${i}`);
    const first = monthlyPage(new URLSearchParams(`month=${MONTH}`), NOW);
    expect(first).toMatchObject({ total: 52, page_size: MONTHLY_PAGE_SIZE, prev_cursor: null });
    expect(first.items).toHaveLength(50);
    const second = monthlyPage(new URLSearchParams(`month=${MONTH}&after=${first.next_cursor}`), NOW);
    expect(second.items).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const back = monthlyPage(new URLSearchParams(`month=${MONTH}&before=${second.prev_cursor}`), NOW);
    expect(back.items).toEqual(first.items);
  });

  it("refuses a malformed month, limit or cursor", () => {
    for (const month of ["2026-13", "2026-1", "26-11", "2026-11-01", "abc"]) {
      expect(MonthlyQuery.safeParse({ month }).success, month).toBe(false);
    }
    expect(MonthlyQuery.parse({ month: "" }).month).toBeUndefined();
    expect(MonthlyQuery.safeParse({ format: "xml" }).success).toBe(false);
    expect(MonthlyQuery.safeParse({ limit: "-1" }).success).toBe(false);
    expect(MonthlyQuery.safeParse({ after: "%%%" }).success).toBe(false);
  });
});

/** The cursor as the route passes it on (the query schema decodes it). */
const decode = (cursor: string | null) => MonthlyQuery.parse({ after: cursor ?? "" }).after;

describe("monthlySheet for one employee (the profile)", () => {
  it("is that employee's row of the whole sheet, nobody else's", () => {
    const a = make("ก");
    const b = make("ข");
    record(a.id, "2026-11-03", { checkinAt: at("2026-11-03", "08:37") });
    record(b.id, "2026-11-04");
    const whole = sheet().items.find((i) => i.employee.id === a.id);
    const one = sheet({ employeeId: a.id });
    expect(one.items).toEqual([whole]);
    expect(one.total).toBe(1);
    expect(one.items[0].totals.late_minutes).toBe(7);
  });

  it("is empty for an employee not on the staff that month", () => {
    const gone = make("ค", { start_date: "2020-01-01" });
    resignEmployee(gone.id, "2026-10-01", admin);
    expect(sheet({ employeeId: gone.id }).items).toEqual([]);
  });
});

describe("monthlyCsv", () => {
  it("writes a BOM, Thai headers with BE dates, a row per employee and the totals", async () => {
    const e = make("=HYPERLINK(1)", { code: "007" });
    record(e.id, "2026-11-02", { checkinAt: at("2026-11-02", "08:34") });
    const { month, stream } = monthlyCsv(MONTH, NOW);
    expect(month).toBe(MONTH);
    const text = await readCsv(stream);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, row, ...rest] = text.slice(1).trimEnd().split("\r\n");
    expect(rest).toEqual([]);
    const labels = header.split(",");
    expect(labels.slice(0, 3)).toEqual(["รหัสพนักงาน", "ชื่อ-นามสกุล", "1 พ.ย. 2569 (อา.)"]);
    expect(labels).toContain("30 พ.ย. 2569 (จ.)");
    expect(labels.slice(-10)).toEqual([
      "มาทำงาน (วัน)",
      "สาย (ครั้ง)",
      "สาย (นาที)",
      "ออกก่อน (ครั้ง)",
      "ขาด (วัน)",
      "ไม่ลงเวลาออก (ครั้ง)",
      "ลา (วัน)",
      "โอที 1.5 เท่า (ชม.)",
      "ทำงานวันหยุด (ชม.)",
      "โอที 3 เท่า (ชม.)",
    ]);
    const cells = row.split(",");
    expect(cells[0]).toBe('"=""007"""'); // leading zero kept as text
    expect(cells[1]).toBe("นาย=HYPERLINK(1) รายเดือน");
    expect(cells[labels.indexOf("2 พ.ย. 2569 (จ.)")]).toBe("ส");
    expect(cells[labels.indexOf("26 พ.ย. 2569 (พฤ.)")]).toBe("");
    expect(cells[labels.indexOf("สาย (นาที)")]).toBe("4");
  });

  it("streams every employee (no paging), each row the sheet's", async () => {
    for (let i = 0; i < 205; i++) make(`คน${i}`);
    const { stream } = monthlyCsv(MONTH, NOW);
    const lines = (await readCsv(stream)).slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(206);
    const first = sheet().items[0];
    const cells = lines[1].split(",");
    expect(cells[0]).toBe(first.employee.code);
    expect(cells.slice(2, 32)).toEqual(Object.values(first.days));
    expect(cells.slice(32).map(Number)).toEqual(Object.values(first.totals));
  });
});
