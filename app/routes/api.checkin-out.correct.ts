import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { AdminCorrectionSchema, correctAttendance } from "~/models/attendance/correction.server";
import { apiRoute } from "~/http/api-route.server";

/** POST `{employee_id, work_date, checkin_at?, checkout_at?, note}` → 200 `{record}` (created when the day had none). */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(AdminCorrectionSchema, await readBody(request), "ข้อมูลการแก้ไขเวลาไม่ถูกต้อง");
      return jsonAnswer({ record: correctAttendance(input, actor) });
    },
  },
  { auth: "admin" },
);
