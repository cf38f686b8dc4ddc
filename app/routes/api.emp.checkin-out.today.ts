import { json } from "~/lib/answer-bytes.server";
import { todayFor } from "~/models/attendance.server";
import { apiRoute } from "~/server/api-route.server";

/** `{work_date, record | null, next: "in" | "out" | "done", offices, settings}` for the check-in page. */
export const { loader, action } = apiRoute({ GET: ({ employee }) => json(todayFor(employee.id)) }, { auth: "employee" });
