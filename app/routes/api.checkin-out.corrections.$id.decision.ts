import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { CorrectionDecisionSchema } from "~/models/attendance/correction.server";
import { decideCorrectionAndNotify } from "~/models/attendance/correction-notices.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(CorrectionDecisionSchema, await readBody(request), "ข้อมูลการพิจารณาไม่ถูกต้อง");
      return jsonAnswer(decideCorrectionAndNotify(id, input, actor));
    },
  },
  { auth: "admin" },
);
