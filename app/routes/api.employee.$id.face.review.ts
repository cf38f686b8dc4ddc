import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { FaceReviewDecisionSchema, reviewFace } from "~/models/face-review.server";
import { apiRoute } from "~/server/api-route.server";

/** POST {decision: "confirm"|"reject", note?, face_url?}: an admin confirms or rejects a registered face. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(FaceReviewDecisionSchema, await readBody(request), "ข้อมูลการตรวจใบหน้าไม่ถูกต้อง");
      return json(reviewFace(id, input, actor));
    },
  },
  { auth: "admin" },
);
