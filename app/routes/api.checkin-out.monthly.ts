import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { MonthlyQuery, monthlyCsv, monthlySheet } from "~/models/attendance/monthly.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?month=YYYY-MM&limit=&after=`: a keyset page of the monthly sheet; `format=csv` streams every employee's row. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(MonthlyQuery, request);
      if (query.format === "csv") {
        const { month, stream } = monthlyCsv(query.month);
        return csvResponse(stream, `attendance-${month}.csv`);
      }
      const { month, days, items, total, next_cursor } = monthlySheet(query.month, { limit: query.limit, after: query.after });
      return jsonAnswer({ month, days, items, total, next_cursor });
    },
  },
  { auth: "admin" },
);
