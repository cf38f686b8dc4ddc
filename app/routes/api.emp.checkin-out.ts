import { jsonAnswer, apiError } from "~/http/answers.server";
import { z } from "zod";
import { readMultipartOptionalImage } from "~/lib/multipart.server";
import { isoDate, parseOrThrow, parseQuery } from "~/lib/validation";
import { CheckInOutSchema } from "~/models/attendance/rules";
import { checkInOut, listOwn } from "~/models/attendance/attendance.server";
import { apiRoute } from "~/http/api-route.server";

const HistoryQuery = z.object({ from: isoDate("วันที่เริ่ม (from) ").optional(), to: isoDate("วันที่สิ้นสุด (to) ").optional() });

/**
 * GET `?from=&to=`: the employee's own records (at most 62 days, default the last 30).
 * POST multipart `type=in|out, lat, lng, accuracy, position_at, client_time, photo` → 201 `{record}`.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request, employee }) => jsonAnswer(listOwn(employee.id, parseQuery(HistoryQuery, request))),
    POST: async ({ request, employee }) => {
      if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
        return apiError(400, "ต้องส่งข้อมูลลงเวลาแบบ multipart/form-data");
      }
      const { file, form } = await readMultipartOptionalImage(request, "photo");
      const input = parseOrThrow(CheckInOutSchema, Object.fromEntries(form), "ข้อมูลการลงเวลาไม่ถูกต้อง");
      return jsonAnswer({ record: await checkInOut(employee.id, input, file) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
