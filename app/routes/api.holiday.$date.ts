import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { HolidayDateSchema, HolidayRenameSchema } from "~/models/holiday-schema";
import { removeHoliday, renameHoliday } from "~/models/holidays.server";
import { apiRoute } from "~/server/api-route.server";

const INVALID = "ข้อมูลวันหยุดไม่ถูกต้อง";

/** The `:date` of the path, `YYYY-MM-DD`; anything else is a 400 on `date`. */
const dateParam = (value: string | undefined) => parseOrThrow(HolidayDateSchema, { date: value }, INVALID).date;

/** PATCH `{name, kind?}` → `{holiday}`; DELETE → `{holiday}` (the one removed); no such day → 404. */
export const { loader, action } = apiRoute(
  {
    PATCH: async ({ request, params, actor }) => {
      const date = dateParam(params.date);
      const input = parseOrThrow(HolidayRenameSchema, await readBody(request), INVALID);
      return json({ holiday: renameHoliday(date, input, actor) });
    },
    DELETE: ({ params, actor }) => json({ holiday: removeHoliday(dateParam(params.date), actor) }),
  },
  { auth: "admin" },
);
