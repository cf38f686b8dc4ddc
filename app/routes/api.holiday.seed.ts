import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { holidaySeedSchema } from "~/models/leave/holiday-schema";
import { currentHolidayYear, reseedHolidayYear } from "~/models/leave/holidays.server";
import { apiRoute } from "~/http/api-route.server";

/** POST `{year}` → the year's list after putting its public holidays back (the admins' days kept), with `recounted_petitions`. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const { year } = parseOrThrow(holidaySeedSchema(currentHolidayYear()), await readBody(request), "ข้อมูลการดึงวันหยุดไม่ถูกต้อง");
      return jsonAnswer(reseedHolidayYear(year, actor));
    },
  },
  { auth: "admin" },
);
