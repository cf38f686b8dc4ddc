import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { PushOneSchema, pushToEmployee } from "~/models/line/notifier.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST {employee_id, text} (JSON or form) → 200 {push} once LINE accepted it; 400 / 401 / 404 /
 * 409 as usual; 502 {error, push} when LINE still refused after the retries; 503 when LINE is
 * not configured.
 */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(PushOneSchema, await readBody(request), "ข้อมูลไม่ถูกต้อง");
      const push = await pushToEmployee({ employeeId: input.employee_id, text: input.text, kind: "manual", actor });
      return jsonAnswer({ push });
    },
  },
  { auth: "admin" },
);
