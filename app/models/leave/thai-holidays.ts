import Holidays from "date-holidays";
import { buddhistHolyDays } from "~/lib/thai-lunar";
import { ATTENDANCE_SETTING_DEFAULTS } from "~/models/attendance/settings";
import { type Holiday, joinNames, LABOUR_DAY, substitutionDays } from "./holiday-rules";

export { holidayWarnings, substitutionDays, type Holiday, type HolidayKind } from "./holiday-rules";

// Thailand's public holidays for a year, as the office's holiday table is seeded: date-holidays'
// TH public holidays, with the Buddhist holy days always from the lunisolar calendar (the
// library has them only to 2026, and some of its dates are off by a day: 2023–2025), plus
// National Labour Day, plus the substitution days. Pure, but it carries the library's data
// (~800 kB): client components import holiday-rules.ts instead.

const BUDDHIST_NAMES = {
  makhaBucha: "วันมาฆบูชา",
  visakhaBucha: "วันวิสาขบูชา",
  asarnhaBucha: "วันอาสาฬหบูชา",
  khaoPhansa: "วันเข้าพรรษา",
} as const;
const LIBRARY_BUDDHIST_NAMES = new Set<string>(Object.values(BUDDHIST_NAMES));

/** The library's long names replaced by the names the Royal Gazette's holiday notices use. */
export const GAZETTE_NAMES: Record<string, string> = {
  "วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง": "วันแม่แห่งชาติ",
  "วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร": "วันนวมินทรมหาราช",
  "วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร": "วันชาติ และวันพ่อแห่งชาติ",
};

let library: Holidays | null = null;
function thaiLibrary() {
  library ??= new Holidays("TH", { languages: ["th"], types: ["public"] });
  return library;
}

/** The year's public holidays before substitution, one entry per date, in date order. */
function publicHolidays(year: number): Holiday[] {
  const byDate = new Map<string, string[]>();
  const add = (date: string, name: string) => byDate.set(date, [...(byDate.get(date) ?? []), name]);

  for (const h of thaiLibrary().getHolidays(year, "th")) {
    // The library's own substitutes and Buddhist days are replaced by ours.
    if (h.type !== "public" || h.substitute || LIBRARY_BUDDHIST_NAMES.has(h.name)) continue;
    add(h.date.slice(0, 10), GAZETTE_NAMES[h.name] ?? h.name);
  }
  const holy = buddhistHolyDays(year);
  if (holy) for (const key of Object.keys(BUDDHIST_NAMES) as (keyof typeof BUDDHIST_NAMES)[]) add(holy[key], BUDDHIST_NAMES[key]);
  add(`${year}-${LABOUR_DAY.monthDay}`, LABOUR_DAY.name);

  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, names]) => ({ date, name: joinNames(names), kind: "public" as const }));
}

/**
 * Thailand's public holidays of `year` with their substitution days (kind "substitution",
 * named "ชดเชย…"), one entry per date, in date order. `workDays` are ISO weekdays (1 Monday …
 * 7 Sunday) as in the attendance settings. A holiday of late December can move into January,
 * so the neighbouring years take part and only the days of `year` are returned.
 */
export function thaiPublicHolidays(year: number, workDays: readonly number[] = ATTENDANCE_SETTING_DEFAULTS.work_days): Holiday[] {
  const own = publicHolidays(year);
  const around = [...publicHolidays(year - 1), ...own, ...publicHolidays(year + 1)];
  const prefix = `${year}-`;
  const substitutions = substitutionDays(around, workDays).filter((h) => h.date.startsWith(prefix));
  return [...own, ...substitutions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
