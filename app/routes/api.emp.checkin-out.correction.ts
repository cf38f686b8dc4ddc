import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { CorrectionRequestSchema, listOwnCorrections } from "~/models/attendance-correction.server";
import { fileCorrection } from "~/models/correction-notices.server";
import { apiRoute } from "~/server/api-route.server";

/**
 * GET: the employee's own correction requests, newest first.
 * POST `{work_date, checkin_at?, checkout_at?, reason}` → 201 `{correction}` (pending until an admin decides).
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ employee }) => json(listOwnCorrections(employee.id)),
    POST: async ({ request, employee }) => {
      const input = parseOrThrow(CorrectionRequestSchema, await readBody(request), "ข้อมูลคำขอแก้ไขเวลาไม่ถูกต้อง");
      return json({ correction: fileCorrection(employee.id, input) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
