import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { leaveStatistics, leaveStatisticsCsv, StatisticQuery } from "~/models/leave/report.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * GET `?year=` → `{year, types, items:[{employee, days:{<type id>: …}, total}]}` (approved days; a key
 * for each of `types`: the types that are on and any with days); `&format=csv` downloads it.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const { year, format } = parseQuery(StatisticQuery(), request);
      if (format === "csv") return csvResponse(leaveStatisticsCsv(year), `leave-statistics-${year}.csv`);
      return jsonAnswer(leaveStatistics(year));
    },
  },
  { auth: "admin" },
);
