import { jsonAnswer } from "~/http/answers.server";
import { workDate } from "~/lib/business-day.server";
import { parseQuery } from "~/lib/validation";
import { CalendarQuery, leaveCalendar } from "~/models/leave/report.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?month=YYYY-MM` (default this month) → `{month, first, last, items, holidays}`. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const { month } = parseQuery(CalendarQuery(workDate().slice(0, 7)), request);
      return jsonAnswer(leaveCalendar(month));
    },
  },
  { auth: "admin" },
);
