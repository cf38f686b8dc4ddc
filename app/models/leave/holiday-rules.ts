import { dayNumber, fromDayNumber, weekdayOfDayNumber } from "~/lib/iso-day";

// The rules on a year's holidays that do not need the holiday data: substitution days and the
// legal-minimum warnings. Light enough for a client component (thai-holidays.ts carries the
// date-holidays data, ~800 kB).

export type HolidayKind = "public" | "substitution";

export type Holiday = { date: string; name: string; kind: HolidayKind };

/** A day in the office's calendar; kinds other than "substitution" count as holidays of the year. */
export type HolidayLike = { date: string; name?: string; kind?: string };

export const MIN_HOLIDAYS_PER_YEAR = 13;
export const LABOUR_DAY = { monthDay: "05-01", name: "วันแรงงานแห่งชาติ" } as const;
export const SUBSTITUTION_PREFIX = "ชดเชย";

/** A bound on the search for a working day (work days 1–7 always give one within a week). */
const MAX_SEARCH_DAYS = 366;

/**
 * Labour Protection Act s.29: a holiday that falls on a weekly day off moves to the next working
 * day that is not already a holiday (nor an earlier substitution). `workDays` are ISO weekdays,
 * 1 Monday … 7 Sunday, as in the attendance settings. Returns only the new substitution days,
 * one per holiday date, in date order; existing "substitution" rows are never substituted again.
 */
export function substitutionDays(holidays: readonly HolidayLike[], workDays: readonly number[]): Holiday[] {
  const working = new Set(workDays);
  if (working.size === 0) return [];
  const taken = new Set<number>();
  const names = new Map<number, string>();
  for (const h of holidays) {
    const day = dayNumber(h.date);
    if (day === null) continue;
    taken.add(day);
    if (h.kind === "substitution") continue;
    const name = h.name ?? "";
    const previous = names.get(day);
    names.set(day, previous === undefined || previous === name ? name : joinNames([previous, name]));
  }
  const result: Holiday[] = [];
  for (const day of [...names.keys()].sort((a, b) => a - b)) {
    if (working.has(weekdayOfDayNumber(day))) continue;
    for (let next = day + 1; next <= day + MAX_SEARCH_DAYS; next++) {
      if (!working.has(weekdayOfDayNumber(next)) || taken.has(next)) continue;
      taken.add(next);
      result.push({ date: fromDayNumber(next), name: `${SUBSTITUTION_PREFIX}${names.get(day)}`, kind: "substitution" });
      break;
    }
  }
  return result;
}

/** Names of holidays sharing one date, once each. */
export function joinNames(names: readonly string[]) {
  return [...new Set(names)].join(" และ ");
}

/**
 * Thai warnings when a year's holidays fall short of the law (Labour Protection Act s.29: at
 * least 13 traditional holidays including National Labour Day). Substitution days do not count.
 */
export function holidayWarnings(year: number, holidays: readonly HolidayLike[]): string[] {
  const prefix = `${year}-`;
  const dates = new Set(holidays.filter((h) => h.kind !== "substitution" && h.date.startsWith(prefix)).map((h) => h.date));
  const be = year + 543;
  const warnings: string[] = [];
  if (dates.size < MIN_HOLIDAYS_PER_YEAR) {
    warnings.push(`ปี ${be} มีวันหยุดตามประเพณี ${dates.size} วัน น้อยกว่าที่กฎหมายกำหนด (อย่างน้อย ${MIN_HOLIDAYS_PER_YEAR} วัน)`);
  }
  if (!dates.has(`${prefix}${LABOUR_DAY.monthDay}`)) {
    warnings.push(`ปี ${be} ไม่มี${LABOUR_DAY.name} (1 พฤษภาคม) ซึ่งกฎหมายกำหนดให้เป็นวันหยุด`);
  }
  return warnings;
}
