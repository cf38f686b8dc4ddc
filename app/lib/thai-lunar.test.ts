import { dayNumber } from "./iso-day";
import { buddhistHolyDays, THAI_LUNAR_FIRST_YEAR, THAI_LUNAR_LAST_YEAR, thaiLunarYearType } from "./thai-lunar";

// [year, Makha Bucha, Visakha Bucha, Asarnha Bucha, Khao Phansa]. 2024–2026 are the officially
// announced dates; the rest are python-holidays' Thai calendar test data.
const KNOWN: [number, string, string, string, string][] = [
  [2020, "2020-02-08", "2020-05-06", "2020-07-05", "2020-07-06"],
  [2021, "2021-02-26", "2021-05-26", "2021-07-24", "2021-07-25"],
  [2022, "2022-02-16", "2022-05-15", "2022-07-13", "2022-07-14"],
  [2023, "2023-03-06", "2023-06-03", "2023-08-01", "2023-08-02"],
  [2024, "2024-02-24", "2024-05-22", "2024-07-20", "2024-07-21"],
  [2025, "2025-02-12", "2025-05-11", "2025-07-10", "2025-07-11"],
  [2026, "2026-03-03", "2026-05-31", "2026-07-29", "2026-07-30"],
  [2027, "2027-02-21", "2027-05-20", "2027-07-18", "2027-07-19"],
  [2028, "2028-02-10", "2028-05-08", "2028-07-06", "2028-07-07"],
  [2029, "2029-02-27", "2029-05-27", "2029-07-25", "2029-07-26"],
  [2030, "2030-02-17", "2030-05-16", "2030-07-14", "2030-07-15"],
  [2040, "2040-02-26", "2040-05-25", "2040-07-23", "2040-07-24"],
  [2050, "2050-03-07", "2050-06-04", "2050-08-02", "2050-08-03"],
];

// A mean full moon (2000-01-21 04:40 UTC) and the mean synodic month, to check every computed
// holy day against the sky. The calendar's fixed 29/30-day months run up to ~1.7 days ahead of
// the mean full moon (e.g. the announced Makha Bucha of 2015, 4 March, is 1.2 days early).
const FULL_MOON_2000 = 10_977 + (4 * 60 + 40) / 1440;
const SYNODIC_MONTH = 29.530588853;

function daysFromMeanFullMoon(date: string) {
  const bangkokNoon = dayNumber(date)! + 5 / 24;
  const lunations = (bangkokNoon - FULL_MOON_2000) / SYNODIC_MONTH;
  return Math.abs(lunations - Math.round(lunations)) * SYNODIC_MONTH;
}

describe("buddhistHolyDays", () => {
  it.each(KNOWN)("gives the dates of %i", (year, makhaBucha, visakhaBucha, asarnhaBucha, khaoPhansa) => {
    expect(buddhistHolyDays(year)).toEqual({ makhaBucha, visakhaBucha, asarnhaBucha, khaoPhansa });
  });

  it("moves the holy days a month later in an athikamat year", () => {
    expect(thaiLunarYearType(2026)).toBe("athikamat");
    expect(thaiLunarYearType(2025)).toBe("athikawan");
    expect(thaiLunarYearType(2024)).toBe("normal");
    // 2026: Makha Bucha on the full moon of month 4, 3 March, not month 3 (1 February).
    expect(buddhistHolyDays(2026)?.makhaBucha).toBe("2026-03-03");
  });

  it("gives four ordered full-moon dates in plausible months for 1990–2100, each near a full moon", () => {
    for (let year = 1990; year <= 2100; year++) {
      const days = buddhistHolyDays(year);
      expect(days, String(year)).not.toBeNull();
      const { makhaBucha, visakhaBucha, asarnhaBucha, khaoPhansa } = days!;
      for (const date of [makhaBucha, visakhaBucha, asarnhaBucha, khaoPhansa]) expect(date.slice(0, 4)).toBe(String(year));
      expect(makhaBucha.slice(5) >= "01-20" && makhaBucha.slice(5) <= "03-20", `${year} Makha ${makhaBucha}`).toBe(true);
      expect(visakhaBucha.slice(5) >= "04-20" && visakhaBucha.slice(5) <= "06-20", `${year} Visakha ${visakhaBucha}`).toBe(true);
      expect(asarnhaBucha.slice(5) >= "06-20" && asarnhaBucha.slice(5) <= "08-20", `${year} Asarnha ${asarnhaBucha}`).toBe(true);
      expect(dayNumber(visakhaBucha)! - dayNumber(makhaBucha)!).toBeGreaterThanOrEqual(88);
      expect(dayNumber(visakhaBucha)! - dayNumber(makhaBucha)!).toBeLessThanOrEqual(89);
      expect([59, 60]).toContain(dayNumber(asarnhaBucha)! - dayNumber(visakhaBucha)!);
      expect(dayNumber(khaoPhansa)! - dayNumber(asarnhaBucha)!).toBe(1);
      for (const date of [makhaBucha, visakhaBucha, asarnhaBucha]) {
        expect(daysFromMeanFullMoon(date), `${year} ${date}`).toBeLessThan(2);
      }
    }
  });

  it("has no dates outside the calendar's data", () => {
    expect(buddhistHolyDays(THAI_LUNAR_FIRST_YEAR - 1)).toBeNull();
    expect(buddhistHolyDays(THAI_LUNAR_LAST_YEAR + 1)).toBeNull();
    expect(buddhistHolyDays(2024.5)).toBeNull();
    expect(buddhistHolyDays(THAI_LUNAR_LAST_YEAR)).not.toBeNull();
  });
});
