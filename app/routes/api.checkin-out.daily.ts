import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { DailyQuery, dailyAttendance } from "~/models/attendance-daily.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => json(dailyAttendance(parseQuery(DailyQuery, request))) },
  { auth: "admin" },
);
