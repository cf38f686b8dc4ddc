import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { MonthStepper } from "~/components/MonthStepper";
import { TimesheetSheet } from "~/components/payroll/TimesheetSheet";
import { adminLoader } from "~/http/page-loaders.server";
import { intParam } from "~/http/request.server";
import { formatThaiMonth } from "~/lib/thai-date";
import { monthField } from "~/models/attendance/monthly.server";
import { employeeTimesheet } from "~/models/payroll/timesheet.server";
import timesheetStyles from "~/styles/timesheet.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: timesheetStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `ใบลงเวลา ${data.employee.full_name} ${formatThaiMonth(data.month)} · TN Management` : "ใบลงเวลา · TN Management" },
];

/** `?month=YYYY-MM` (a hand-edited bad month shows the month before today's). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ params, request }) => {
    const asked = monthField.safeParse(new URL(request.url).searchParams.get("month"));
    return json(employeeTimesheet(intParam(params.id), asked.success ? asked.data : undefined));
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/admin/employee" homeLabel="กลับไปที่รายชื่อพนักงาน" />;
}

/** /admin/employee/:id/timesheet: the employee's month on one printable sheet, with signature lines. */
export default function TimesheetPage() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  return (
    <Stack gap="md">
      <Stack gap="sm" data-print-hide>
        <Breadcrumbs>
          <Anchor component={Link} to="/admin/employee" fz="sm">
            พนักงาน
          </Anchor>
          <Anchor component={Link} to={`/admin/employee/${data.employee.id}`} fz="sm">
            {data.employee.full_name}
          </Anchor>
          <Text fz="sm">ใบลงเวลา</Text>
        </Breadcrumbs>
        <Group gap="xs" wrap="wrap">
          <MonthStepper month={data.month} onMonth={(month) => setParams({ month })} />
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} ml="auto">
            พิมพ์
          </Button>
        </Group>
      </Stack>
      <TimesheetSheet data={data} />
    </Stack>
  );
}
