import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { FaceReviewDecisionSchema, reviewFace } from "~/models/employees/face-review.server";
import { apiRoute } from "~/http/api-route.server";

/** POST {decision: "confirm"|"reject", note?, face_url?}: an admin confirms or rejects a registered face. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(FaceReviewDecisionSchema, await readBody(request), "ข้อมูลการตรวจใบหน้าไม่ถูกต้อง");
      return jsonAnswer(reviewFace(id, input, actor));
    },
  },
  { auth: "admin" },
);
