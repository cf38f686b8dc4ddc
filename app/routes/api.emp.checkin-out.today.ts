import { jsonAnswer } from "~/http/answers.server";
import { todayFor } from "~/models/attendance/attendance.server";
import { apiRoute } from "~/http/api-route.server";

/** `{work_date, record | null, next: "in" | "out" | "done", offices, settings}` for the check-in page. */
export const { loader, action } = apiRoute({ GET: ({ employee }) => jsonAnswer(todayFor(employee.id)) }, { auth: "employee" });
