import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { CheckedSchema, setAttendanceChecked } from "~/models/attendance-review.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(CheckedSchema, await readBody(request), "ข้อมูลการตรวจแล้วไม่ถูกต้อง");
      return json({ record: setAttendanceChecked(id, input.checked, actor) });
    },
  },
  { auth: "admin" },
);
