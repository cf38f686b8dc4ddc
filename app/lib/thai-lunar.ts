import { dayNumber, fromDayNumber } from "./iso-day";

/**
 * The Thai lunisolar calendar (จันทรคติไทย) and the Buddhist holy days that follow it.
 *
 * A lunar year starts on the first waxing day of month 1 (late November or December of the
 * previous Gregorian year). Its months alternate 29 (odd) and 30 (even) days, 354 days a year,
 * and the year is one of three types:
 * - ปกติมาส ปกติวาร (normal): 354 days;
 * - อธิกวาร (athikawan): month 7 gets a 30th day, 355 days;
 * - อธิกมาส (athikamat): a second month 8 (เดือน 8 หลัง, "8/8") of 30 days follows month 8,
 *   384 days, and the holy days move one month later (Makha Bucha to month 4, Visakha Bucha to
 *   month 7, Asarnha Bucha to month 8/8).
 * The holy days are full moons (ขึ้น 15 ค่ำ): Makha Bucha of month 3, Visakha Bucha of month 6,
 * Asarnha Bucha of month 8; Khao Phansa is the next day (แรม 1 ค่ำ).
 *
 * Which years are อธิกมาส or อธิกวาร is the calendar's published year-type data (the same data
 * python-holidays' Thai lunisolar calendar uses, taken from the B.E. 2300–2700 Thai calendar).
 * The textbook horakhun/tithi rule disagrees with the published calendar in dozens of years of
 * this range (the leap month is placed a year apart), so the year types are data, not a formula;
 * every date is then counted from the start of 1914's lunar year (1913-11-28).
 */

export const THAI_LUNAR_FIRST_YEAR = 1914;
export const THAI_LUNAR_LAST_YEAR = 2157;

const ATHIKAMAT_YEARS = new Set([
  1915, 1918, 1920, 1923, 1926, 1928, 1931, 1934, 1937, 1939, 1942, 1944, 1947, 1950, 1953, 1956,
  1958, 1961, 1964, 1966, 1969, 1972, 1975, 1977, 1980, 1983, 1985, 1988, 1991, 1994, 1996, 1999,
  2002, 2004, 2007, 2010, 2012, 2015, 2018, 2021, 2023, 2026, 2029, 2031, 2034, 2037, 2040, 2042,
  2045, 2048, 2050, 2053, 2056, 2059, 2062, 2064, 2066, 2069, 2072, 2074, 2077, 2080, 2082, 2085,
  2088, 2091, 2094, 2096, 2099, 2101, 2104, 2107, 2112, 2114, 2116, 2119, 2122, 2124, 2127, 2130,
  2132, 2135, 2138, 2141, 2144, 2146, 2149, 2151, 2154, 2157,
]);

const ATHIKAWAN_YEARS = new Set([
  1914, 1917, 1925, 1929, 1933, 1936, 1945, 1949, 1952, 1957, 1963, 1970, 1973, 1979, 1987, 1990,
  1997, 2000, 2006, 2009, 2016, 2020, 2025, 2032, 2035, 2043, 2046, 2052, 2055, 2058, 2067, 2071,
  2076, 2083, 2086, 2092, 2097, 2103, 2109, 2111, 2117, 2121, 2126, 2133, 2136, 2142, 2147, 2153,
]);

const EPOCH = dayNumber("1913-11-28") ?? 0;

export type ThaiLunarYearType = "normal" | "athikawan" | "athikamat";

export type BuddhistHolyDays = {
  /** วันมาฆบูชา */
  makhaBucha: string;
  /** วันวิสาขบูชา */
  visakhaBucha: string;
  /** วันอาสาฬหบูชา */
  asarnhaBucha: string;
  /** วันเข้าพรรษา */
  khaoPhansa: string;
};

function inRange(year: number) {
  return Number.isInteger(year) && year >= THAI_LUNAR_FIRST_YEAR && year <= THAI_LUNAR_LAST_YEAR;
}

/** The type of the lunar year whose months 5–8 fall in Gregorian `year`; null outside 1914–2157. */
export function thaiLunarYearType(year: number): ThaiLunarYearType | null {
  if (!inRange(year)) return null;
  if (ATHIKAMAT_YEARS.has(year)) return "athikamat";
  return ATHIKAWAN_YEARS.has(year) ? "athikawan" : "normal";
}

function yearLength(year: number) {
  const type = thaiLunarYearType(year);
  return type === "athikamat" ? 384 : type === "athikawan" ? 355 : 354;
}

const startCache = new Map<number, number>();

/** Day number of ขึ้น 1 ค่ำ เดือน 1 of the lunar year of Gregorian `year`. */
function lunarYearStart(year: number): number {
  const cached = startCache.get(year);
  if (cached !== undefined) return cached;
  let day = EPOCH;
  for (let y = THAI_LUNAR_FIRST_YEAR; y < year; y++) day += yearLength(y);
  startCache.set(year, day);
  return day;
}

/** The months of a lunar year in order, each with its length; the second month 8 is "8/8". */
function months(type: ThaiLunarYearType): { month: string; days: number }[] {
  const list: { month: string; days: number }[] = [];
  for (let m = 1; m <= 12; m++) {
    const days = m % 2 === 1 ? 29 : 30;
    list.push({ month: String(m), days: m === 7 && type === "athikawan" ? days + 1 : days });
    if (m === 8 && type === "athikamat") list.push({ month: "8/8", days: 30 });
  }
  return list;
}

/** Day number of the full moon (ขึ้น 15 ค่ำ) of `month` in the lunar year of `year`. */
function fullMoon(year: number, type: ThaiLunarYearType, month: string) {
  let day = lunarYearStart(year);
  for (const m of months(type)) {
    if (m.month === month) return day + 14;
    day += m.days;
  }
  throw new RangeError(`no month ${month} in a ${type} year`);
}

/** The four Buddhist holy days of Gregorian `year` (YYYY-MM-DD); null outside 1914–2157. */
export function buddhistHolyDays(year: number): BuddhistHolyDays | null {
  const type = thaiLunarYearType(year);
  if (type === null) return null;
  const leapMonth = type === "athikamat";
  const asarnha = fullMoon(year, type, leapMonth ? "8/8" : "8");
  return {
    makhaBucha: fromDayNumber(fullMoon(year, type, leapMonth ? "4" : "3")),
    visakhaBucha: fromDayNumber(fullMoon(year, type, leapMonth ? "7" : "6")),
    asarnhaBucha: fromDayNumber(asarnha),
    khaoPhansa: fromDayNumber(asarnha + 1),
  };
}
