import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { QuotaQuery, QuotaSchema } from "~/models/leave/quota-schema";
import { quotaBalances, setLeaveQuota } from "~/models/leave/quota.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * GET `?employee_id=&year=` → `{employee_id, year, balances}`;
 * PUT `{employee_id, year, type, quota}` sets one type's quota of the year → the same shape.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(QuotaQuery, request);
      return jsonAnswer(quotaBalances(query.employee_id, query.year));
    },
    PUT: async ({ request, actor }) => {
      const input = parseOrThrow(QuotaSchema, await readBody(request), "ข้อมูลสิทธิ์การลาไม่ถูกต้อง");
      return jsonAnswer(setLeaveQuota(input, actor));
    },
  },
  { auth: "admin" },
);
