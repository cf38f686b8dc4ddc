import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { HolidayCreateSchema, HolidayDateSchema, holidayListQuery } from "~/models/leave/holiday-schema";
import { addHoliday, currentHolidayYear, listHolidays, removeHoliday, requireHolidayYear } from "~/models/leave/holidays.server";
import { apiRoute } from "~/http/api-route.server";

const INVALID = "ข้อมูลวันหยุดไม่ถูกต้อง";

/**
 * GET `?year=` → `{year, items, warnings, seeded_at}`; POST `{date, name, kind?}` → 201 `{holiday, recounted_petitions}`;
 * DELETE with `?date=` or a `{date}` body → `{holiday, recounted_petitions}` (the one removed).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const { year } = parseQuery(holidayListQuery(currentHolidayYear()), request);
      requireHolidayYear(year);
      return jsonAnswer(listHolidays(year));
    },
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(HolidayCreateSchema, await readBody(request), INVALID);
      return jsonAnswer(addHoliday(input, actor), { status: 201 });
    },
    DELETE: async ({ request, actor }) => {
      const query = new URL(request.url).searchParams.get("date");
      const body = query !== null ? { date: query } : request.headers.get("content-type") ? await readBody(request) : {};
      const { date } = parseOrThrow(HolidayDateSchema, body, INVALID);
      return jsonAnswer(removeHoliday(date, actor));
    },
  },
  { auth: "admin" },
);
