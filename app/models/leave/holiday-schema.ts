import { z } from "zod";
import { FIRST_STATISTICS_YEAR } from "~/lib/enums";
import { cleanText, idField, isoDate, queryInt } from "~/lib/validation";

// The holiday inputs and labels (client-safe: the holiday tab checks with the same rules).

export const HOLIDAY_KIND_VALUES = ["public", "substitution", "company"] as const;
export type HolidayKindValue = (typeof HOLIDAY_KIND_VALUES)[number];
/** The kinds an admin adds by hand (substitution days come with the seed). */
export const ADDED_HOLIDAY_KINDS = ["company", "public"] as const;
export const HOLIDAY_SOURCES = ["seed", "admin"] as const;
export type HolidaySource = (typeof HOLIDAY_SOURCES)[number];


/** The holiday tab's form intents (the page's action spreads holidayIntents()). */
export const HOLIDAY_INTENTS = {
  add: "holiday-add",
  rename: "holiday-rename",
  remove: "holiday-remove",
  reseed: "holiday-reseed",
} as const;

export const MAX_HOLIDAY_NAME = 100;
/** The first year of the holiday table (the spec's first year), and how far ahead it goes. */
export const FIRST_HOLIDAY_YEAR = FIRST_STATISTICS_YEAR;
export const HOLIDAY_YEARS_AHEAD = 5;

export const holidayYearRange = (thisYear: number) => ({ min: FIRST_HOLIDAY_YEAR, max: thisYear + HOLIDAY_YEARS_AHEAD });

export const holidayYearMessage = (thisYear: number) => {
  const { min, max } = holidayYearRange(thisYear);
  return `ปี (year) ต้องเป็นปี ค.ศ. ${min} ถึง ${max}`;
};

const inRange = (thisYear: number) => (y: number) => {
  const { min, max } = holidayYearRange(thisYear);
  return y >= min && y <= max;
};

/** `?year=` of the holiday list: this year when absent. */
export const holidayListQuery = (thisYear: number) =>
  z.object({
    year: queryInt(holidayYearMessage(thisYear), { fallback: thisYear }).refine(inRange(thisYear), holidayYearMessage(thisYear)),
  });

/** `{year}` of a re-seed: required. */
export const holidaySeedSchema = (thisYear: number) =>
  z.strictObject(
    { year: idField("ปี", holidayYearMessage(thisYear)).refine(inRange(thisYear), holidayYearMessage(thisYear)) },
    { error: "ข้อมูลการดึงวันหยุดไม่ถูกต้อง" },
  );

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const holidayName = cleanText({ label: "ชื่อวันหยุด", min: 1, max: MAX_HOLIDAY_NAME });
export const holidayDate = isoDate("วันที่");

export const HolidayCreateSchema = z.strictObject(
  {
    date: holidayDate,
    name: holidayName,
    kind: z.preprocess(
      blank,
      z.enum(ADDED_HOLIDAY_KINDS, { error: "ประเภทวันหยุดต้องเป็น company (วันหยุดบริษัท) หรือ public (วันหยุดราชการ)" }).default("company"),
    ),
  },
  { error: "ข้อมูลวันหยุดไม่ถูกต้อง" },
);
export type HolidayCreateInput = z.infer<typeof HolidayCreateSchema>;

export const HolidayRenameSchema = z.strictObject(
  {
    name: holidayName,
    kind: z.preprocess(
      blank,
      z.enum(HOLIDAY_KIND_VALUES, { error: "ประเภทวันหยุดต้องเป็น public, substitution หรือ company" }).optional(),
    ),
  },
  { error: "ข้อมูลวันหยุดไม่ถูกต้อง" },
);
export type HolidayRenameInput = z.infer<typeof HolidayRenameSchema>;

export const HolidayDateSchema = z.strictObject({ date: holidayDate }, { error: "ข้อมูลวันหยุดไม่ถูกต้อง" });
