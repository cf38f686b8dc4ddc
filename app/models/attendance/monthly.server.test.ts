import { attendance, employees } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { DAY_CODES } from "./codes";
import { DailyQuery, dailyAttendance } from "./daily.server";
import { MonthlyQuery, monthDates, monthlyCsv, monthlySheet } from "./monthly.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };
const MONTH = "2026-11"; // 1 Nov 2026 is a Sunday; 30 days
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("2026-11-25", "20:00"); // a Wednesday evening: the 26th onwards is still ahead

let serial = 0;
function make(first = "สมชาย", overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `M${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "รายเดือน", ...overrides }),
    admin,
  );
}

function record(employeeId: number, date: string, values: Partial<typeof attendance.$inferInsert> = {}) {
  db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: at(date, "08:20"), checkoutAt: at(date, "17:40"), ...values })
    .run();
}

const sheet = (options: Parameters<typeof monthlySheet>[1] = {}) => monthlySheet(MONTH, { now: NOW, ...options });
const codesOf = (days: Record<string, string>) => Object.values(days);
const countOf = (days: Record<string, string>, code: string) => codesOf(days).filter((c) => c === code).length;

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(employees).run();
  setSetting("work_days", [1, 2, 3, 4, 5]);
});

describe("monthlySheet", () => {
  it("lists the month's days with their weekday and kind", () => {
    const view = sheet({ holidays: new Map([["2026-11-17", { name: "วันหยุดพิเศษ" }]]) });
    expect(view.month).toBe(MONTH);
    expect(view.days).toHaveLength(30);
    expect(view.days[0]).toEqual({ date: "2026-11-01", weekday: 7, kind: "day_off" });
    expect(view.days[1]).toEqual({ date: "2026-11-02", weekday: 1, kind: "work" });
    expect(view.days[16]).toEqual({ date: "2026-11-17", weekday: 2, kind: "holiday" });
    expect(monthDates("2028-02")).toHaveLength(29);
    expect(monthDates("2026-12").at(-1)).toEqual({ date: "2026-12-31", weekday: 4 });
  });

  it("codes each day with the daily view's status and totals them", () => {
    const e = make();
    record(e.id, "2026-11-02"); // present
    record(e.id, "2026-11-03", { checkinAt: at("2026-11-03", "08:42"), lateMinutes: 12 }); // late
    record(e.id, "2026-11-04", { checkoutAt: at("2026-11-04", "17:00"), earlyMinutes: 30 }); // early leave
    record(e.id, "2026-11-05", { checkoutAt: null, lateMinutes: 5 }); // missing check-out, and late
    record(e.id, "2026-11-06", { reviewStatus: "rejected" }); // a rejected check-in is an absence
    record(e.id, "2026-11-07", { checkinAt: at("2026-11-07", "09:00"), checkoutAt: at("2026-11-07", "12:00") }); // Saturday work
    record(e.id, "2026-11-25", { checkoutAt: null }); // today, before missing_checkout_hour: still present
    const leaves = new Map([[e.id, new Map([
      ["2026-11-09", { part: "full" as const }],
      ["2026-11-10", { part: "morning" as const }],
    ])]]);

    const [item] = sheet({ leaves }).items;
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
    expect(days["2026-11-10"]).toBe("ล");
    expect(days["2026-11-11"]).toBe("ข");
    expect(days["2026-11-25"]).toBe("ม");
    expect(days["2026-11-26"]).toBe("");
    expect(days["2026-11-30"]).toBe("");

    expect(totals).toEqual({
      present: 6,
      late: 2,
      late_minutes: 17,
      early_leave: 1,
      absent: countOf(days, "ข"),
      missing_checkout: 1,
      leave_days: 1.5,
    });
    // Every coded day is one of: worked, absent, on leave, or a day off/holiday.
    const coded = codesOf(days).filter(Boolean).length;
    expect(totals.present + totals.absent + countOf(days, "ล") + countOf(days, "ห")).toBe(coded);
    expect(coded).toBe(25);
  });

  it("agrees with the daily view on every past day", () => {
    const a = make("ก");
    const b = make("ข");
    record(a.id, "2026-11-12", { lateMinutes: 3 });
    record(b.id, "2026-11-12", { checkoutAt: null });
    record(b.id, "2026-11-13", { reviewStatus: "pending", flags: ["outside"] });
    const view = sheet();
    for (const date of ["2026-11-12", "2026-11-13", "2026-11-14"]) {
      const daily = dailyAttendance(DailyQuery.parse({ date }), { now: NOW });
      for (const d of daily.items) {
        const row = view.items.find((i) => i.employee.id === d.employee.id);
        expect(row?.days[date], `${d.employee.full_name} ${date}`).toBe(DAY_CODES[d.status]);
      }
    }
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

  it("a public holiday reads ห and a check-in on it counts as work", () => {
    const rested = make("หยุด");
    const worked = make("มาวันหยุด");
    record(worked.id, "2026-11-17");
    const view = sheet({ holidays: new Map([["2026-11-17", { name: "วันหยุดพิเศษ" }]]) });
    expect(view.items[0].days["2026-11-17"]).toBe("ห");
    expect(view.items[1].days["2026-11-17"]).toBe("ม");
    expect(view.items.find((i) => i.employee.id === rested.id)?.totals.absent).toBe(17);
  });

  it("takes the month from APP_TIMEZONE and files records by their work date", () => {
    const e = make();
    // 23:30 on 30 Nov in Bangkok: still November's work date, though it is 1 Dec nowhere.
    record(e.id, "2026-11-30", { checkinAt: at("2026-11-30", "08:30"), checkoutAt: at("2026-11-30", "23:30") });
    // 17:30 UTC on 30 Nov is 00:30 on 1 Dec in Bangkok.
    const december = monthlySheet(undefined, { now: new Date("2026-11-30T17:30:00Z") });
    expect(december.month).toBe("2026-12");
    expect(codesOf(december.items[0].days).every((c) => c === "")).toBe(true);
    const november = monthlySheet("2026-11", { now: new Date("2026-11-30T17:30:00Z") });
    expect(november.items[0].days["2026-11-30"]).toBe("ม");
  });

  it("leaves today blank for someone not in yet until work_end, then counts the absence", () => {
    const e = make();
    const morning = monthlySheet(MONTH, { now: at("2026-11-25", "10:00") });
    expect(morning.items[0].days["2026-11-25"]).toBe("");
    expect(morning.items[0].days["2026-11-24"]).toBe("ข");
    record(e.id, "2026-11-25", { checkoutAt: null });
    expect(monthlySheet(MONTH, { now: at("2026-11-25", "10:00") }).items[0].days["2026-11-25"]).toBe("ม");
    db().delete(attendance).run();
    const evening = monthlySheet(MONTH, { now: at("2026-11-25", "18:00") });
    expect(evening.items[0].days["2026-11-25"]).toBe("ข");
    expect(evening.items[0].totals.absent).toBe(morning.items[0].totals.absent + 1);
  });

  it("pages the employees without changing their rows", () => {
    const ids = [make().id, make().id, make().id];
    record(ids[2], "2026-11-02");
    const all = sheet();
    const second = sheet({ page: { limit: 2, offset: 2 } });
    expect(second.total).toBe(3);
    expect(second.items).toEqual([all.items[2]]);
  });

  it("refuses a malformed month", () => {
    for (const month of ["2026-13", "2026-1", "26-11", "2026-11-01", "abc"]) {
      expect(MonthlyQuery.safeParse({ month }).success, month).toBe(false);
    }
    expect(MonthlyQuery.parse({ month: "" }).month).toBeUndefined();
    expect(MonthlyQuery.safeParse({ format: "xml" }).success).toBe(false);
  });
});

describe("monthlySheet for one employee (the profile)", () => {
  it("is that employee's row of the whole sheet, nobody else's", () => {
    const a = make("ก");
    const b = make("ข");
    record(a.id, "2026-11-03", { lateMinutes: 7 });
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
    record(e.id, "2026-11-02", { lateMinutes: 4 });
    const text = await readCsv(monthlyCsv(sheet()));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, row, ...rest] = text.slice(1).trimEnd().split("\r\n");
    expect(rest).toEqual([]);
    const labels = header.split(",");
    expect(labels.slice(0, 3)).toEqual(["รหัสพนักงาน", "ชื่อ-นามสกุล", "1 พ.ย. 2569 (อา.)"]);
    expect(labels).toContain("30 พ.ย. 2569 (จ.)");
    expect(labels.slice(-7)).toEqual([
      "มาทำงาน (วัน)",
      "สาย (ครั้ง)",
      "สาย (นาที)",
      "ออกก่อน (ครั้ง)",
      "ขาด (วัน)",
      "ไม่ลงเวลาออก (ครั้ง)",
      "ลา (วัน)",
    ]);
    const cells = row.split(",");
    expect(cells[0]).toBe('"=""007"""'); // leading zero kept as text
    expect(cells[1]).toBe("นาย=HYPERLINK(1) รายเดือน");
    expect(cells[labels.indexOf("2 พ.ย. 2569 (จ.)")]).toBe("ส");
    expect(cells[labels.indexOf("26 พ.ย. 2569 (พฤ.)")]).toBe("");
    expect(cells[labels.indexOf("สาย (นาที)")]).toBe("4");
  });
});
