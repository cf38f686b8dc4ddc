import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { CorrectionDecisionSchema } from "~/models/attendance-correction.server";
import { decideCorrectionAndNotify } from "~/models/correction-notices.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(CorrectionDecisionSchema, await readBody(request), "ข้อมูลการพิจารณาไม่ถูกต้อง");
      return json(decideCorrectionAndNotify(id, input, actor));
    },
  },
  { auth: "admin" },
);
