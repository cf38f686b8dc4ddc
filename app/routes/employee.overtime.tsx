import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { employeeLoader } from "~/http/page-loaders.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";
import { OvertimePage } from "~/components/liff/overtime/OvertimePage";
import { workDate } from "~/lib/business-day.server";
import { addDays } from "~/lib/iso-day";
import { requireEmployee } from "~/models/employees/employee.server";
import { listOwnOvertime } from "~/models/overtime/overtime.server";
import { DAYS_AHEAD, EMPLOYEE_DAYS_BACK } from "~/models/overtime/window";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ขอทำงานล่วงเวลา · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  employeeLoader(args, ({ employee }) => {
    const today = workDate();
    const from = addDays(today, -EMPLOYEE_DAYS_BACK);
    const { start_date: startDate } = requireEmployee(employee.id);
    return json({
      items: listOwnOvertime(employee.id),
      min_date: startDate && startDate > from ? startDate : from,
      max_date: addDays(today, DAYS_AHEAD),
    });
  });

export default function EmployeeOvertimePage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!data) return null;
  return <OvertimePage items={data.items} minDate={data.min_date} maxDate={data.max_date} initialTab={params.get("tab") === "list" ? "list" : "form"} />;
}
