import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { CloseSchema, closeMonth, PAYROLL_MESSAGES } from "~/models/payroll/close.server";

/** POST `{ month }` → 200 `{ month, closed_at, closed_by, closed_by_name }`; 400 before the month is over, 409 when closed already. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const { month } = parseOrThrow(CloseSchema, await readBody(request), PAYROLL_MESSAGES.invalid);
      return jsonAnswer(closeMonth(month, actor));
    },
  },
  { auth: "admin" },
);
