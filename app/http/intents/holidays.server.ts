import { intent, type Fields } from "~/http/page-action.server";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import {
  HOLIDAY_INTENTS,
  HolidayCreateSchema,
  HolidayDateSchema,
  HolidayRenameSchema,
  holidayListQuery,
  holidaySeedSchema,
  holidayYearRange,
} from "~/models/leave/holiday-schema";
import { recountedText } from "~/models/leave/labels";
import { addHoliday, currentHolidayYear, listHolidays, removeHoliday, renameHoliday, reseedHolidayYear } from "~/models/leave/holidays.server";

// The holiday tab of /admin/leave-work: its loader data and its form intents (the same model
// calls as /api/holiday).

/** The tab's data for `?year=` (a hand-edited bad year shows this year). */
export function holidaysTabData(request: Request) {
  const thisYear = currentHolidayYear();
  const parsed = holidayListQuery(thisYear).safeParse({ year: new URL(request.url).searchParams.get("year") ?? undefined });
  const year = parsed.success ? parsed.data.year : thisYear;
  const { min, max } = holidayYearRange(thisYear);
  return { ...listHolidays(year), this_year: thisYear, min_year: min, max_year: max };
}
export type HolidaysTabData = ReturnType<typeof holidaysTabData>;

const INVALID = "ข้อมูลวันหยุดไม่ถูกต้อง";
/** The form's fields for a schema, without `intent` (the schemas are strict). */
const pick = (fields: Fields, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((n) => (fields[n] === undefined ? [] : [[n, fields[n]]])));

export const holidayIntents = (actor: Actor) => ({
  [HOLIDAY_INTENTS.add]: intent({
    schema: (fields) => parseOrThrow(HolidayCreateSchema, pick(fields, ["date", "name", "kind"]), INVALID),
    run: (input) => addHoliday(input, actor),
    done: (r) => `เพิ่มวันหยุด "${r.holiday.name}" แล้ว${recountedText(r.recounted_petitions)}`,
  }),
  [HOLIDAY_INTENTS.rename]: intent({
    schema: (fields) => ({
      date: parseOrThrow(HolidayDateSchema, pick(fields, ["date"]), INVALID).date,
      input: parseOrThrow(HolidayRenameSchema, pick(fields, ["name", "kind"]), INVALID),
    }),
    run: ({ date, input }) => renameHoliday(date, input, actor),
    done: (h) => `แก้ไขวันหยุด "${h.name}" แล้ว`,
  }),
  [HOLIDAY_INTENTS.remove]: intent({
    schema: (fields) => parseOrThrow(HolidayDateSchema, pick(fields, ["date"]), INVALID),
    run: ({ date }) => removeHoliday(date, actor),
    done: (r) => `ลบวันหยุด "${r.holiday.name}" แล้ว${recountedText(r.recounted_petitions)}`,
  }),
  [HOLIDAY_INTENTS.reseed]: intent({
    schema: (fields) => parseOrThrow(holidaySeedSchema(currentHolidayYear()), pick(fields, ["year"]), "ข้อมูลการดึงวันหยุดไม่ถูกต้อง"),
    run: ({ year }) => reseedHolidayYear(year, actor).recounted_petitions,
    done: (recounted, { year }) => `ดึงวันหยุดราชการปี ${year + 543} ใหม่แล้ว${recountedText(recounted)}`,
  }),
});
