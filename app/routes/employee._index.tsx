import { Alert } from "~mantine-core/components/Alert/Alert";
import { Avatar } from "~mantine-core/components/Avatar/Avatar";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { SimpleGrid } from "~mantine-core/components/SimpleGrid/SimpleGrid";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { ThemeIcon } from "~mantine-core/components/ThemeIcon/ThemeIcon";
import { Title } from "~mantine-core/components/Title/Title";
import IconBuildingStore from "@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs";
import IconCalendarEvent from "@tabler/icons-react/dist/esm/icons/IconCalendarEvent.mjs";
import IconClockHour4 from "@tabler/icons-react/dist/esm/icons/IconClockHour4.mjs";
import IconClockPlus from "@tabler/icons-react/dist/esm/icons/IconClockPlus.mjs";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { employeeLoader } from "~/http/page-loaders.server";
import { LeaveBalanceSummary } from "~/components/liff/leave/LeaveBalances";
import { FACE_REGISTERED_MESSAGE } from "~/components/liff/messages";
import { TodayOverview } from "~/components/liff/TodayOverview";
import { ForgottenCheckouts } from "~/components/liff/ForgottenCheckouts";
import { forgottenCheckouts } from "~/models/flows/forgotten-checkouts.server";
import { employeeToday } from "~/models/attendance/employee-today.server";
import { requireEmployee } from "~/models/employees/employee.server";
import { faceWasReset } from "~/models/employees/face.server";
import { currentLeaveYear, leaveBalances } from "~/models/leave/leave.server";
import { thumbUrl } from "~/lib/uploads-shared";
import { initials } from "~/lib/initials";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "หน้าหลักพนักงาน · TN Management" }];

export const loader = (args: LoaderFunctionArgs) => employeeLoader(args, ({ employee }) => {
  const e = requireEmployee(employee.id);
  const year = currentLeaveYear();
  return json({
    employee: {
      first_name: e.first_name,
      full_name: e.full_name,
      code: e.code,
      photo_url: e.face_url ?? e.photo_url,
      position: e.position,
      face_registered: e.face_registered,
      face_was_reset: faceWasReset(e.id),
    },
    today: employeeToday(e.id),
    forgotten_checkouts: forgottenCheckouts(e.id),
    leave: { year, balances: leaveBalances(e.id, year) },
  });
});

const MENU = [
  { to: "/employee/checkin-out", label: "ลงเวลาเข้า-ออกงาน", icon: IconClockHour4, color: "blue" },
  { to: "/employee/petition", label: "ขอลางาน", icon: IconCalendarEvent, color: "teal" },
  { to: "/employee/overtime", label: "ขอทำงานล่วงเวลา (โอที)", icon: IconClockPlus, color: "grape" },
  { to: "/employee/vending-machine", label: "ตู้ที่รับผิดชอบ", icon: IconBuildingStore, color: "orange" },
];

export default function EmployeeHome() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!data) return null;
  const { employee, today, leave, forgotten_checkouts } = data;
  return (
    <Stack>
      <Group wrap="nowrap">
        <Avatar src={thumbUrl(employee.photo_url)} size={64} radius={64} alt="">
          {initials(employee.first_name)}
        </Avatar>
        <div>
          <Title order={2} fz="h3">
            สวัสดี คุณ{employee.first_name}
          </Title>
          <Text c="dimmed" fz="sm">
            {employee.full_name} · {employee.code}
            {employee.position ? ` · ${employee.position}` : ""}
          </Text>
        </div>
      </Group>
      {employee.face_registered && params.get("face") === "registered" ? (
        <Alert color="green" role="status">
          {FACE_REGISTERED_MESSAGE}
        </Alert>
      ) : null}
      {!employee.face_registered ? (
        <Alert color="orange" title="ยังไม่ได้ลงทะเบียนใบหน้า">
          <Stack gap="xs">
            <Text fz="sm">ต้องลงทะเบียนใบหน้าก่อนจึงจะลงเวลาเข้า-ออกงานได้</Text>
            <Button component={Link} to="/employee/face" color="orange">
              {employee.face_was_reset ? "ลงทะเบียนใบหน้าใหม่" : "ลงทะเบียนใบหน้า"}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <TodayOverview today={today} />
      <ForgottenCheckouts days={forgotten_checkouts} />
      <LeaveBalanceSummary balances={leave.balances} year={leave.year} />
      <SimpleGrid cols={1} spacing="sm">
        {MENU.map(({ to, label, icon: Icon, color }) => (
          <Button key={to} component={Link} to={to} size="xl" variant="light" color={color} justify="flex-start"
            leftSection={<ThemeIcon variant="transparent" color={color}><Icon size={26} /></ThemeIcon>}>
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
