import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { VisitListQuery, visitList, visitsCsv } from "~/models/machines/visit.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * GET `?date=&machine_id=&page=&page_size=`: visits newest first, paged (a machine's history, or a
 * day's visits, today by default); `?problems=1`: the open problems `{items}`;
 * `?format=csv&from=&to=` (or `&date=`, `&machine_id=`): every visit of the range, streamed.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(VisitListQuery, request);
      if (query.format !== "csv") return jsonAnswer(visitList(query));
      const { from, to, stream } = visitsCsv(query);
      return csvResponse(stream, `machine-visits-${from}-${to}.csv`);
    },
  },
  { auth: "admin" },
);
