import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { CorrectionRequestSchema, listOwnCorrections } from "~/models/attendance/correction.server";
import { fileCorrection } from "~/models/attendance/correction-notices.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * GET: the employee's own correction requests, newest first.
 * POST `{work_date, checkin_at?, checkout_at?, reason}` → 201 `{correction}` (pending until an admin decides).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ employee }) => jsonAnswer(listOwnCorrections(employee.id)),
    POST: async ({ request, employee }) => {
      const input = parseOrThrow(CorrectionRequestSchema, await readBody(request), "ข้อมูลคำขอแก้ไขเวลาไม่ถูกต้อง");
      return jsonAnswer({ correction: fileCorrection(employee.id, input) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
