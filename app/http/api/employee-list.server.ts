import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { workDate } from "~/lib/business-day.server";
import { parseQuery } from "~/lib/validation";
import { employeesCsv } from "~/models/employees/csv.server";
import { EmployeeListQuery } from "~/models/employees/schema";
import { listEmployees } from "~/models/employees/employee.server";

const CSV_NAMES = { active: "employees", resigned: "resigned-employees" } as const;

/** GET /api/employee and /api/employee/resigned: one page as JSON, or `format=csv` for all of them. */
export function employeeListResponse(status: "active" | "resigned", request: Request) {
  const query = parseQuery(EmployeeListQuery, request);
  if (query.format === "csv") {
    return csvResponse(employeesCsv(status, query), `${CSV_NAMES[status]}-${workDate()}.csv`);
  }
  return jsonAnswer(listEmployees(status, query));
}
