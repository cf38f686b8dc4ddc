import { jsonAnswer } from "~/http/answers.server";
import { z } from "zod";
import { parseQuery } from "~/lib/validation";
import { leaveYear } from "~/models/leave/schema";
import { currentLeaveYear, leaveHistory } from "~/models/leave/leave.server";
import { activeLeaveTypes } from "~/models/leave/leave-types.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * GET `?year=` (default this year) → `{year, items, balances:[{type, quota, used, pending, remaining}], types}`;
 * `types`: the leave types that are on, with their rules (the petition form's choices).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request, employee }) => {
      const { year } = parseQuery(z.object({ year: leaveYear(currentLeaveYear()) }), request);
      return jsonAnswer({ ...leaveHistory(employee.id, year), types: activeLeaveTypes() });
    },
  },
  { auth: "employee" },
);
