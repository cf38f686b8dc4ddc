import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { holidaySeedSchema } from "~/models/holiday-schema";
import { currentHolidayYear, reseedHolidayYear } from "~/models/holidays.server";
import { apiRoute } from "~/server/api-route.server";

/** POST `{year}` → the year's list after putting its public holidays back (the admins' days kept). */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const { year } = parseOrThrow(holidaySeedSchema(currentHolidayYear()), await readBody(request), "ข้อมูลการดึงวันหยุดไม่ถูกต้อง");
      return json(reseedHolidayYear(year, actor));
    },
  },
  { auth: "admin" },
);
