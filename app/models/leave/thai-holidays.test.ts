import Holidays from "date-holidays";
import { holidayWarnings, thaiPublicHolidays } from "./thai-holidays";

const BUDDHIST = ["วันมาฆบูชา", "วันวิสาขบูชา", "วันอาสาฬหบูชา", "วันเข้าพรรษา"];

function buddhistDates(year: number) {
  const days = thaiPublicHolidays(year).filter((h) => h.kind === "public");
  // Two holidays on one date share an entry: "วันเฉลิมพระชนมพรรษา… และ วันเข้าพรรษา" (2037-07-28).
  return BUDDHIST.map((name) => days.filter((h) => h.name.split(" และ ").includes(name)).map((h) => h.date));
}

describe("thaiPublicHolidays", () => {
  it.each([
    [2024, "2024-02-24", "2024-05-22", "2024-07-20", "2024-07-21"],
    [2025, "2025-02-12", "2025-05-11", "2025-07-10", "2025-07-11"],
    [2026, "2026-03-03", "2026-05-31", "2026-07-29", "2026-07-30"],
    [2027, "2027-02-21", "2027-05-20", "2027-07-18", "2027-07-19"],
    [2030, "2030-02-17", "2030-05-16", "2030-07-14", "2030-07-15"],
  ])("has the Buddhist holy days of %i from the lunar calendar, once each", (year, ...dates) => {
    expect(buddhistDates(year)).toEqual(dates.map((d) => [d]));
  });

  it("replaces the library's Buddhist days where they differ from the announced dates", () => {
    const library = new Holidays("TH", { languages: ["th"], types: ["public"] });
    const libraryDates = library.getHolidays(2025, "th").map((h) => h.date.slice(0, 10));
    expect(libraryDates).toContain("2025-02-13");
    const ours = thaiPublicHolidays(2025).map((h) => h.date);
    expect(ours).not.toContain("2025-02-13");
    expect(ours).toContain("2025-02-12");
  });

  it("adds National Labour Day and keeps the library's other holidays in Thai", () => {
    const days = thaiPublicHolidays(2026);
    expect(days).toContainEqual({ date: "2026-05-01", name: "วันแรงงานแห่งชาติ", kind: "public" });
    expect(days).toContainEqual({ date: "2026-01-01", name: "วันขึ้นปีใหม่", kind: "public" });
    expect(days).toContainEqual({ date: "2026-04-06", name: "วันจักรี", kind: "public" });
  });

  it("names 12 Aug, 13 Oct and 5 Dec as the Royal Gazette does, their substitution days too", () => {
    const days = thaiPublicHolidays(2026);
    expect(days).toContainEqual({ date: "2026-08-12", name: "วันแม่แห่งชาติ", kind: "public" });
    expect(days).toContainEqual({ date: "2026-10-13", name: "วันนวมินทรมหาราช", kind: "public" });
    expect(days).toContainEqual({ date: "2026-12-05", name: "วันชาติ และวันพ่อแห่งชาติ", kind: "public" });
    expect(days).toContainEqual({ date: "2026-12-07", name: "ชดเชยวันชาติ และวันพ่อแห่งชาติ", kind: "substitution" });
  });

  it("computes the substitution days of s.29", () => {
    const days = thaiPublicHolidays(2024);
    const substitutions = days.filter((h) => h.kind === "substitution");
    // python-holidays lists 26 Feb and 22 Jul 2024 as substitution days.
    expect(substitutions).toContainEqual({ date: "2024-02-26", name: "ชดเชยวันมาฆบูชา", kind: "substitution" });
    expect(substitutions).toContainEqual({ date: "2024-07-22", name: "ชดเชยวันอาสาฬหบูชา", kind: "substitution" });
    // Songkran Sat 13, Sun 14, Mon 15.
    expect(substitutions.filter((h) => h.name === "ชดเชยวันสงกรานต์").map((h) => h.date)).toEqual(["2024-04-16", "2024-04-17"]);
    // 2027-05-01 is a Saturday.
    expect(thaiPublicHolidays(2027)).toContainEqual({ date: "2027-05-03", name: "ชดเชยวันแรงงานแห่งชาติ", kind: "substitution" });
  });

  it("gives coinciding holidays one entry with both names", () => {
    expect(thaiPublicHolidays(2037)).toContainEqual({
      date: "2037-07-28",
      name: "วันเฉลิมพระชนมพรรษาพระบาทสมเด็จพระวชิรเกล้าเจ้าอยู่หัว และ วันเข้าพรรษา",
      kind: "public",
    });
  });

  it("takes the office's work days", () => {
    const sixDays = thaiPublicHolidays(2024, [1, 2, 3, 4, 5, 6]).filter((h) => h.kind === "substitution").map((h) => h.date);
    expect(sixDays).not.toContain("2024-02-26");
    expect(sixDays).toContain("2024-04-16");
    expect(sixDays).not.toContain("2024-04-17");
  });

  it("carries a substitution across the new year into the year it falls in", () => {
    // 2022-12-31 Sat and 2023-01-01 Sun.
    expect(thaiPublicHolidays(2023).slice(0, 3)).toEqual([
      { date: "2023-01-01", name: "วันขึ้นปีใหม่", kind: "public" },
      { date: "2023-01-02", name: "ชดเชยวันสิ้นปี", kind: "substitution" },
      { date: "2023-01-03", name: "ชดเชยวันขึ้นปีใหม่", kind: "substitution" },
    ]);
    expect(thaiPublicHolidays(2022).every((h) => h.date.startsWith("2022-"))).toBe(true);
  });

  it("gives each date once, in order, and meets the legal minimum every year", () => {
    for (let year = 2024; year <= 2040; year++) {
      const days = thaiPublicHolidays(year);
      const dates = days.map((h) => h.date);
      expect(new Set(dates).size, String(year)).toBe(dates.length);
      expect([...dates].sort(), String(year)).toEqual(dates);
      expect(dates.every((d) => d.startsWith(`${year}-`))).toBe(true);
      expect(holidayWarnings(year, days), String(year)).toEqual([]);
      expect(buddhistDates(year).every((found) => found.length === 1), String(year)).toBe(true);
    }
  });
});
