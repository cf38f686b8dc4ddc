import { DomainError } from "~/lib/errors";
import { countLeaveDays, countPetitionDays, daysAfterStartYear, MAX_LEAVE_SPAN_DAYS, type LeaveRange, type WorkCalendar } from "./days";
import { thaiPublicHolidays } from "./thai-holidays";

const MON_FRI = [1, 2, 3, 4, 5];
const plain: WorkCalendar = { workDays: MON_FRI, holidays: [] };

function refusal(range: LeaveRange, calendar: WorkCalendar = plain) {
  try {
    countLeaveDays(range, calendar);
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("countLeaveDays", () => {
  it("counts the working days of a range, both ends included", () => {
    // Mon 2026-11-23 to Fri 2026-11-27.
    expect(countLeaveDays({ start: "2026-11-23", end: "2026-11-27" }, plain)).toEqual({
      days: 5,
      dates: ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"],
    });
    expect(countLeaveDays({ start: "2026-11-25", end: "2026-11-25" }, plain).days).toBe(1);
  });

  it("leaves out the weekend", () => {
    // Thu 2026-11-26 to Tue 2026-12-01.
    expect(countLeaveDays({ start: "2026-11-26", end: "2026-12-01" }, plain)).toEqual({
      days: 4,
      dates: ["2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01"],
    });
  });

  it("follows the office's week", () => {
    // Mon 2026-11-23 to Sun 2026-11-29 in a six-day week.
    expect(countLeaveDays({ start: "2026-11-23", end: "2026-11-29" }, { workDays: [1, 2, 3, 4, 5, 6], holidays: [] }).days).toBe(6);
  });

  it("leaves out a holiday inside the range, given as a list or a set", () => {
    // Mon 2026-05-04 (วันฉัตรมงคล) to Fri 2026-05-08.
    const range = { start: "2026-05-04", end: "2026-05-08" };
    expect(countLeaveDays(range, { workDays: MON_FRI, holidays: ["2026-05-04"] }).days).toBe(4);
    expect(countLeaveDays(range, { workDays: MON_FRI, holidays: new Set(["2026-05-04", "2026-05-06"]) }).dates).toEqual([
      "2026-05-05",
      "2026-05-07",
      "2026-05-08",
    ]);
  });

  it("leaves out substitution days (Songkran 2024 with the seeded holidays)", () => {
    const holidays = thaiPublicHolidays(2024).map((h) => h.date);
    // Fri 12 to Fri 19 April: 13–15 Songkran, 16–17 its substitution days.
    expect(countLeaveDays({ start: "2024-04-12", end: "2024-04-19" }, { workDays: MON_FRI, holidays })).toEqual({
      days: 3,
      dates: ["2024-04-12", "2024-04-18", "2024-04-19"],
    });
  });

  it("crosses the new year and the leap day", () => {
    const holidays = ["2025-12-31", "2026-01-01"];
    // Mon 2025-12-29 to Fri 2026-01-02.
    expect(countLeaveDays({ start: "2025-12-29", end: "2026-01-02" }, { workDays: MON_FRI, holidays }).dates).toEqual([
      "2025-12-29",
      "2025-12-30",
      "2026-01-02",
    ]);
    // Wed 2024-02-28 to Fri 2024-03-01.
    expect(countLeaveDays({ start: "2024-02-28", end: "2024-03-01" }, plain).dates).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });

  it("counts a half day as 0.5, and 0 on a day off or a holiday", () => {
    expect(countLeaveDays({ start: "2026-11-23", end: "2026-11-23", half: "morning" }, plain)).toEqual({ days: 0.5, dates: ["2026-11-23"] });
    expect(countLeaveDays({ start: "2026-11-23", end: "2026-11-23", half: "afternoon" }, plain).days).toBe(0.5);
    expect(countLeaveDays({ start: "2026-11-28", end: "2026-11-28", half: "morning" }, plain)).toEqual({ days: 0, dates: [] });
    expect(countLeaveDays({ start: "2026-12-10", end: "2026-12-10", half: "afternoon" }, { workDays: MON_FRI, holidays: ["2026-12-10"] }).days).toBe(0);
    expect(countLeaveDays({ start: "2026-11-23", end: "2026-11-23", half: null }, plain).days).toBe(1);
  });

  it("gives 0 days for a range with no working day (the caller refuses it)", () => {
    expect(countLeaveDays({ start: "2026-11-28", end: "2026-11-29" }, plain)).toEqual({ days: 0, dates: [] });
  });

  it("refuses an end before the start", () => {
    expect(refusal({ start: "2026-11-24", end: "2026-11-23" })).toEqual({
      status: 400,
      message: "วันที่สิ้นสุดการลาต้องไม่ก่อนวันที่เริ่มลา",
      fields: { end: "วันที่สิ้นสุดการลาต้องไม่ก่อนวันที่เริ่มลา" },
    });
  });

  it("refuses a half day over several days, and an unknown half", () => {
    expect(refusal({ start: "2026-11-23", end: "2026-11-24", half: "morning" })).toMatchObject({
      status: 400,
      fields: { half: "การลาครึ่งวันต้องเริ่มและสิ้นสุดในวันเดียวกัน" },
    });
    const evening = JSON.parse('{"start":"2026-11-23","end":"2026-11-23","half":"evening"}') as LeaveRange;
    expect(refusal(evening)).toMatchObject({ status: 400, fields: { half: "การลาครึ่งวันต้องเป็นช่วงเช้าหรือช่วงบ่าย" } });
  });

  it("refuses impossible and malformed dates", () => {
    expect(refusal({ start: "2026-02-29", end: "2026-03-02" })).toMatchObject({ status: 400, fields: { start: "วันที่เริ่มลาไม่ถูกต้อง" } });
    expect(refusal({ start: "2026-03-02", end: "2026-3-2" })).toMatchObject({ status: 400, fields: { end: "วันที่สิ้นสุดการลาไม่ถูกต้อง" } });
    expect(refusal({ start: "2026-03-02T00:00:00Z", end: "2026-03-02" })).toMatchObject({ status: 400 });
  });

  it("counts a whole year and refuses a longer range", () => {
    const holidays = new Set(thaiPublicHolidays(2026).map((h) => h.date));
    const calendar = { workDays: MON_FRI, holidays };
    const result = countLeaveDays({ start: "2026-01-01", end: "2026-12-31" }, calendar);
    // 261 weekdays in 2026, less the holidays and substitution days that fall on weekdays.
    const weekdayHolidays = [...holidays].filter((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay())).length;
    expect(result.days).toBe(261 - weekdayHolidays);
    expect(refusal({ start: "2026-01-01", end: "2027-01-02" }, calendar)).toMatchObject({
      status: 400,
      message: `ช่วงวันลาต้องไม่เกิน ${MAX_LEAVE_SPAN_DAYS} วัน`,
    });
    expect(countLeaveDays({ start: "2024-01-01", end: "2024-12-31" }, plain).days).toBe(262);
  });
});

describe("countPetitionDays and daysAfterStartYear", () => {
  const calendar = { workDays: [1, 2, 3, 4, 5], holidays: ["2026-12-31", "2027-01-01"] };

  it("counts calendar days with weekends and holidays for a calendar-day type, working days otherwise", () => {
    const range = { start: "2026-12-26", end: "2027-01-04" };
    expect(countPetitionDays(range, calendar, "calendar_day").days).toBe(10);
    expect(countPetitionDays(range, calendar, "working_day")).toEqual({ days: 4, dates: ["2026-12-28", "2026-12-29", "2026-12-30", "2027-01-04"] });
  });

  it("charges the days after the start's year to the next year, half days included", () => {
    const range = { start: "2026-12-28", end: "2027-01-05" };
    expect(daysAfterStartYear(countPetitionDays(range, calendar, "working_day"), range.start)).toBe(2);
    expect(daysAfterStartYear(countPetitionDays(range, calendar, "calendar_day"), range.start)).toBe(5);
    const half = { start: "2027-01-04", end: "2027-01-04", half: "morning" as const };
    expect(daysAfterStartYear(countPetitionDays(half, calendar, "working_day"), half.start)).toBe(0);
    expect(daysAfterStartYear({ days: 0, dates: [] }, "2026-12-31")).toBe(0);
  });
});
