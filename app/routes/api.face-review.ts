import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { FaceReviewQuery, listFaceReviews } from "~/models/face-review.server";
import { apiRoute } from "~/server/api-route.server";

/** GET ?page=&page_size=: registered faces waiting for an admin's confirmation. */
export const { loader, action } = apiRoute(
  { GET: ({ request }) => json(listFaceReviews(parseQuery(FaceReviewQuery, request))) },
  { auth: "admin" },
);
