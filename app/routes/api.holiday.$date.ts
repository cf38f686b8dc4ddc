import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { HolidayDateSchema, HolidayRenameSchema } from "~/models/leave/holiday-schema";
import { removeHoliday, renameHoliday } from "~/models/leave/holidays.server";
import { apiRoute } from "~/http/api-route.server";

const INVALID = "ข้อมูลวันหยุดไม่ถูกต้อง";

/** The `:date` of the path, `YYYY-MM-DD`; anything else is a 400 on `date`. */
const dateParam = (value: string | undefined) => parseOrThrow(HolidayDateSchema, { date: value }, INVALID).date;

/** PATCH `{name, kind?}` → `{holiday}`; DELETE → `{holiday, recounted_petitions}` (the one removed); no such day → 404. */
export const { loader, action } = apiRoute(
  {
    PATCH: async ({ request, params, actor }) => {
      const date = dateParam(params.date);
      const input = parseOrThrow(HolidayRenameSchema, await readBody(request), INVALID);
      return jsonAnswer({ holiday: renameHoliday(date, input, actor) });
    },
    DELETE: ({ params, actor }) => jsonAnswer(removeHoliday(dateParam(params.date), actor)),
  },
  { auth: "admin" },
);
