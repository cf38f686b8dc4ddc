import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { PAYROLL_MESSAGES, reopenMonth, ReopenSchema } from "~/models/payroll/close.server";

/** POST `{ month, reason }` → 200 `{ month, reopened_at, reopened_by, reason }`; 409 when the month is not closed. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(ReopenSchema, await readBody(request), PAYROLL_MESSAGES.invalid);
      return jsonAnswer(reopenMonth(input, actor));
    },
  },
  { auth: "admin" },
);
