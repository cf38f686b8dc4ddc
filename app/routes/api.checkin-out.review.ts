import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { listReviews, ReviewListQuery } from "~/models/attendance-review.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => json(listReviews(parseQuery(ReviewListQuery, request))) },
  { auth: "admin" },
);
