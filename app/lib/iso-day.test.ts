import { isoDaysBetween, addDays, dayNumber, fromDayNumber, weekdayOfDayNumber, shiftMonth } from "./iso-day";

describe("iso-day", () => {
  it("round-trips dates through day numbers", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    for (const date of ["1969-12-31", "2024-02-29", "2026-11-23", "2100-12-31"]) {
      expect(fromDayNumber(dayNumber(date)!)).toBe(date);
    }
  });

  it("refuses impossible and malformed dates", () => {
    expect(dayNumber("2025-02-29")).toBeNull();
    expect(dayNumber("2024-13-01")).toBeNull();
    expect(dayNumber("2024-1-01")).toBeNull();
    expect(dayNumber("2024-01-01T00:00")).toBeNull();
  });

  it("gives ISO weekdays, Monday 1 to Sunday 7", () => {
    expect(weekdayOfDayNumber(dayNumber("2026-11-23")!)).toBe(1);
    expect(weekdayOfDayNumber(dayNumber("2026-11-29")!)).toBe(7);
    expect(weekdayOfDayNumber(dayNumber("1969-12-28")!)).toBe(7);
  });

  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
  });
});

describe("shiftMonth", () => {
  it("crosses years both ways", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-05", 0)).toBe("2026-05");
  });
});

describe("isoDaysBetween", () => {
  it("lists every date of the range, both ends included, across month, year and leap day", () => {
    expect(isoDaysBetween("2028-02-27", "2028-03-01")).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(isoDaysBetween("2026-12-31", "2027-01-01")).toEqual(["2026-12-31", "2027-01-01"]);
    expect(isoDaysBetween("2026-11-03", "2026-11-03")).toEqual(["2026-11-03"]);
    expect(isoDaysBetween("2026-11-03", "2026-11-02")).toEqual([]);
    expect(isoDaysBetween("2026-01-01", "2026-12-31")).toHaveLength(365);
  });

  it("refuses a text that is not a date", () => {
    expect(() => isoDaysBetween("2026-02-30", "2026-03-01")).toThrow("not a calendar date: 2026-02-30");
  });
});
