import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { CheckedSchema, setAttendanceChecked } from "~/models/attendance/review.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(CheckedSchema, await readBody(request), "ข้อมูลการตรวจแล้วไม่ถูกต้อง");
      return jsonAnswer({ record: setAttendanceChecked(id, input.checked, actor) });
    },
  },
  { auth: "admin" },
);
