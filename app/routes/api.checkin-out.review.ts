import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { listReviews, ReviewListQuery } from "~/models/attendance/review.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => jsonAnswer(listReviews(parseQuery(ReviewListQuery, request))) },
  { auth: "admin" },
);
