import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { ReviewDecisionSchema, reviewAttendance } from "~/models/attendance/review.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ReviewDecisionSchema, await readBody(request), "ข้อมูลการตรวจสอบไม่ถูกต้อง");
      return jsonAnswer({ record: reviewAttendance(id, input, actor) });
    },
  },
  { auth: "admin" },
);
