import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { employeeLoader } from "~/http/page-loaders.server";
import { LeavePage } from "~/components/liff/leave/LeavePage";
import { workDate } from "~/lib/business-day.server";
import { addDays } from "~/lib/iso-day";
import { requireEmployee } from "~/models/employees/employee.server";
import { holidaysForCounting } from "~/models/leave/holidays.server";
import { currentLeaveYear, leaveHistory } from "~/models/leave/leave.server";
import { activeLeaveTypes } from "~/models/leave/leave-types.server";
import { getSetting } from "~/models/core/settings.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ขอลางาน · TN Management" }];

/** How far back a petition may start in the form (sick leave is often filed afterwards). */
const DAYS_BACK = 60;

export const loader = (args: LoaderFunctionArgs) =>
  employeeLoader(args, ({ employee }) => {
    const year = currentLeaveYear();
    const from = addDays(workDate(), -DAYS_BACK);
    const to = `${year + 1}-12-31`;
    const { start_date: startDate, full_name: employeeName } = requireEmployee(employee.id);
    return json({
      calendar: {
        work_days: getSetting("work_days"),
        holidays: holidaysForCounting(from, to).map((h) => ({ date: h.date, name: h.name })),
        min_date: startDate && startDate > from ? startDate : from,
        max_date: to,
      },
      // As GET /api/emp/leave/history answers: the form offers the types that are on.
      history: { ...leaveHistory(employee.id, year), types: activeLeaveTypes() },
      employee_name: employeeName,
    });
  });

export default function PetitionPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!data) return null;
  return <LeavePage employeeName={data.employee_name} calendar={data.calendar} history={data.history} initialTab={params.get("tab") === "history" ? "history" : "form"} />;
}
