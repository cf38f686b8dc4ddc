import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { csvResponse } from "~/lib/csv.server";
import { requireAdminApi } from "~/auth/guard.server";
import { workDate } from "~/lib/business-day.server";
import { employeesCsv } from "~/models/employee-csv.server";
import { EmployeeListQuery } from "~/models/employee-schema";
import { listEmployees } from "~/models/employee.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const query = EmployeeListQuery.parse(Object.fromEntries(params));
  if (params.get("format") === "csv") {
    return csvResponse(employeesCsv("resigned", query), `resigned-employees-${workDate()}.csv`);
  }
  return json(listEmployees("resigned", query));
}
