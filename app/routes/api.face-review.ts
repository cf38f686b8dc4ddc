import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { FaceReviewQuery, listFaceReviews } from "~/models/employees/face-review.server";
import { apiRoute } from "~/http/api-route.server";

/** GET ?page=&page_size=: registered faces waiting for an admin's confirmation. */
export const { loader, action } = apiRoute(
  { GET: ({ request }) => jsonAnswer(listFaceReviews(parseQuery(FaceReviewQuery, request))) },
  { auth: "admin" },
);
