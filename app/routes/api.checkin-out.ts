import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { AttendanceListQuery, attendanceCsv, listAttendance } from "~/models/attendance/report.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?from=&to=&employee_id=&page=&page_size=`: records of a range, paged; `format=csv` streams all of them. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(AttendanceListQuery, request);
      if (query.format !== "csv") return jsonAnswer(listAttendance(query));
      const { from, to, stream } = attendanceCsv(query);
      return csvResponse(stream, `attendance-${from}-${to}.csv`);
    },
  },
  { auth: "admin" },
);
