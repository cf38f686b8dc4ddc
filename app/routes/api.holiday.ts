import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { HolidayCreateSchema, HolidayDateSchema, holidayListQuery } from "~/models/holiday-schema";
import { addHoliday, currentHolidayYear, listHolidays, removeHoliday, requireHolidayYear } from "~/models/holidays.server";
import { apiRoute } from "~/server/api-route.server";

const INVALID = "ข้อมูลวันหยุดไม่ถูกต้อง";

/**
 * GET `?year=` → `{year, items, warnings, seeded_at}`; POST `{date, name, kind?}` → 201 `{holiday}`;
 * DELETE with `?date=` or a `{date}` body → `{holiday}` (the one removed).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const { year } = parseQuery(holidayListQuery(currentHolidayYear()), request);
      requireHolidayYear(year);
      return json(listHolidays(year));
    },
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(HolidayCreateSchema, await readBody(request), INVALID);
      return json({ holiday: addHoliday(input, actor) }, { status: 201 });
    },
    DELETE: async ({ request, actor }) => {
      const query = new URL(request.url).searchParams.get("date");
      const body = query !== null ? { date: query } : request.headers.get("content-type") ? await readBody(request) : {};
      const { date } = parseOrThrow(HolidayDateSchema, body, INVALID);
      return json({ holiday: removeHoliday(date, actor) });
    },
  },
  { auth: "admin" },
);
