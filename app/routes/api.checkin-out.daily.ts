import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { DailyQuery, dailyAttendance } from "~/models/attendance/daily.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => jsonAnswer(dailyAttendance(parseQuery(DailyQuery, request))) },
  { auth: "admin" },
);
