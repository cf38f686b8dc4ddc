import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { csvResponse } from "~/lib/csv.server";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, methodNotAllowed, readBody } from "~/lib/http.server";
import { workDate } from "~/lib/business-day.server";
import { parseOrThrow } from "~/lib/validation";
import { employeesCsv } from "~/models/employee-csv.server";
import { EmployeeCreateSchema, EmployeeListQuery } from "~/models/employee-schema";
import { createEmployee, listEmployees } from "~/models/employee.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const query = EmployeeListQuery.parse(Object.fromEntries(params));
  if (params.get("format") === "csv") {
    return csvResponse(employeesCsv("active", query), `employees-${workDate()}.csv`);
  }
  return json(listEmployees("active", query));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const input = parseOrThrow(EmployeeCreateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
    const employee = createEmployee(input, { type: "admin", id: admin.id });
    return json({ employee }, { status: 201 });
  });
}
