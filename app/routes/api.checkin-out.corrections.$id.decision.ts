import { json } from "@remix-run/node";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { CorrectionDecisionSchema, decideCorrection } from "~/models/attendance-correction.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(CorrectionDecisionSchema, await readBody(request), "ข้อมูลการพิจารณาไม่ถูกต้อง");
      return json(decideCorrection(id, input, actor));
    },
  },
  { auth: "admin" },
);
