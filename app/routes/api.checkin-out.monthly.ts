import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { MonthlyQuery, monthlyCsv, monthlySheet } from "~/models/attendance/monthly.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?month=YYYY-MM`: the monthly sheet of every employee; `format=csv` downloads it. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(MonthlyQuery, request);
      const sheet = monthlySheet(query.month);
      if (query.format !== "csv") return jsonAnswer(sheet);
      return csvResponse(monthlyCsv(sheet), `attendance-${sheet.month}.csv`);
    },
  },
  { auth: "admin" },
);
