import { Anchor, Avatar, Badge, Breadcrumbs, Button, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown, IconPrinter } from "@tabler/icons-react";
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts } from "~/components/action-toasts";
import { AuditTable } from "~/components/audit/AuditTable";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import {
  confirmEmployeeAction,
  EMPLOYEE_ACTIONS_ROUTE,
  EmployeeActionItems,
  type EmployeeRowAction,
} from "~/components/employees/employee-actions";
import { EmployeeFormModal } from "~/components/employees/EmployeeFormModal";
import { FaceModal } from "~/components/employees/FaceModal";
import { PhotoModal } from "~/components/employees/PhotoModal";
import { DetailsSection, LeaveSection, LineFaceSection, MachinesSection, MonthSection, Section } from "~/components/employees/ProfileSections";
import { ResignModal } from "~/components/employees/ResignModal";
import { VerifyCodeModal, type IssuedCode } from "~/components/employees/VerifyCodeModal";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { useLineConfigured } from "~/components/line/NeedsLine";
import { PushDialog } from "~/components/line/PushDialog";
import { EmployeeScheduleSection } from "~/components/schedules/EmployeeScheduleSection";
import { ScheduleAssignDialog } from "~/components/schedules/ScheduleAssignDialog";
import { KioskPinSection } from "~/components/kiosk/KioskPinSection";
import { employeeProfilePageData } from "~/http/intents/employees.server";
import { adminLoader } from "~/http/page-loaders.server";
import { intParam } from "~/http/request.server";
import { initials } from "~/lib/initials";
import { formatThaiDate } from "~/lib/thai-date";
import { thumbUrl } from "~/lib/uploads-shared";
import { pinState } from "~/models/kiosk/pins.server";
import type { action as listAction } from "./admin.employee";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.employee.full_name ?? "พนักงาน"} · TN Management` },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ params }) => {
    const id = intParam(params.id);
    return json({ ...employeeProfilePageData(id), kiosk_pin: pinState(id) });
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/admin/employee" homeLabel="กลับไปที่รายชื่อพนักงาน" />;
}

type Profile = SerializeFrom<typeof loader>;
type Employee = Profile["employee"];

/** The list's row actions (EmployeeActionItems) behind a "จัดการ" button. */
function ActionsMenu({ employee, onAction }: { employee: Employee; onAction: (kind: EmployeeRowAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          จัดการ
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <EmployeeActionItems resigned={!employee.working} lineLinked={employee.line_linked} onAction={onAction} />
      </Menu.Dropdown>
    </Menu>
  );
}

function Header({ employee, onAction }: { employee: Employee; onAction: (kind: EmployeeRowAction) => void }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group wrap="nowrap" gap="md">
          <Avatar src={thumbUrl(employee.photo_url)} alt={`รูปของ ${employee.full_name}`} size={84} radius="xl">
            {initials(employee.first_name)}
          </Avatar>
          <div>
            <Title order={2} fz="h3">
              {employee.full_name}
              {employee.nickname ? (
                <Text span c="dimmed" fz="md">
                  {" "}
                  ({employee.nickname})
                </Text>
              ) : null}
            </Title>
            <Text c="dimmed" fz="sm">
              {employee.code}
              {employee.position ? ` · ${employee.position}` : ""}
              {employee.department ? ` · ${employee.department}` : ""}
            </Text>
            <Group gap={6} mt={6}>
              {employee.working ? (
                employee.resign_date ? (
                  <Badge color="orange" variant="light">
                    จะลาออก {formatThaiDate(employee.resign_date)}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    ทำงานอยู่
                  </Badge>
                )
              ) : (
                <Badge color="gray">ลาออกแล้ว{employee.resign_date ? ` ${formatThaiDate(employee.resign_date)}` : ""}</Badge>
              )}
              <Badge variant="light" color={employee.line_linked ? "green" : "gray"}>
                LINE {employee.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม"}
              </Badge>
            </Group>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={`/admin/employee/${employee.id}/timesheet`} variant="default" leftSection={<IconPrinter size={16} />}>
            ใบลงเวลา
          </Button>
          <ActionsMenu employee={employee} onAction={onAction} />
        </Group>
      </Group>
    </Paper>
  );
}

type Dialog = EmployeeRowAction | "schedule" | null;

/** /admin/employee/:id: one employee's whole picture; its actions post to the list's page action. */
export default function EmployeeProfilePage() {
  const data = useLoaderData<typeof loader>();
  const { employee } = data;
  const lineConfigured = useLineConfigured();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const form = useDialogFetcher<SerializeFrom<typeof listAction>>("profile-dialog", () => setDialog(null));
  const actions = useFetcher<typeof listAction>({ key: "profile-actions" });
  const target = employee;

  useActionToasts(actions, {
    onSuccess: (done) => {
      if (done.intent === "issue-code" && done.data) setIssued({ name: employee.full_name, ...done.data });
    },
  });

  const run = (kind: EmployeeRowAction) => {
    setDialog(null);
    actions.submit({ intent: kind, id: String(employee.id) }, { method: "post", action: EMPLOYEE_ACTIONS_ROUTE });
  };

  const onAction = (kind: EmployeeRowAction) => {
    if (confirmEmployeeAction(kind, employee, () => run(kind))) return;
    if (kind === "reset-face") return run(kind);
    form.renew();
    setDialog(kind);
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/employee" fz="sm">
          พนักงาน
        </Anchor>
        <Text fz="sm">{employee.full_name}</Text>
      </Breadcrumbs>
      <Header employee={employee} onAction={onAction} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsSection employee={employee} />
        <LineFaceSection employee={employee} face={data.face} />
      </SimpleGrid>
      <KioskPinSection employeeId={employee.id} working={employee.working} pin={data.kiosk_pin} />
      <EmployeeScheduleSection
        schedule={data.schedule}
        schedules={data.schedules}
        today={data.today}
        onChange={() => {
          form.renew();
          setDialog("schedule");
        }}
      />
      <MonthSection month={data.month} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <LeaveSection leave={data.leave} />
        <MachinesSection machines={data.machines} />
      </SimpleGrid>
      <Section
        title="ประวัติการแก้ไข"
        extra={
          <Anchor component={Link} to={`/admin/audit?entity=employee&entity_id=${employee.id}`} fz="sm">
            ดูทั้งหมดในประวัติการแก้ไข
          </Anchor>
        }
      >
        {data.audit.items.length === 0 ? (
          <Text fz="sm" c="dimmed">
            ยังไม่มีประวัติ
          </Text>
        ) : (
          <AuditTable items={data.audit.items} showSubject={false} label={`ประวัติของ ${employee.full_name}`} />
        )}
        {data.audit.total > data.audit.items.length ? (
          <Text fz="xs" c="dimmed" mt="xs">
            แสดง {data.audit.items.length} จาก {data.audit.total} รายการล่าสุด
          </Text>
        ) : null}
      </Section>

      <EmployeeFormModal opened={dialog === "edit"} employee={dialog === "edit" ? target : null} onClose={() => setDialog(null)} fetcher={form.fetcher} action={EMPLOYEE_ACTIONS_ROUTE} choices={data.choices} offices={data.offices} />
      <ResignModal employee={dialog === "resign" ? target : null} onClose={() => setDialog(null)} fetcher={form.fetcher} action={EMPLOYEE_ACTIONS_ROUTE} />
      <PhotoModal employee={dialog === "photo" ? target : null} onClose={() => setDialog(null)} fetcher={form.fetcher} action={EMPLOYEE_ACTIONS_ROUTE} />
      <VerifyCodeModal issued={issued} onClose={() => setIssued(null)} />
      <PushDialog employee={dialog === "push" ? target : null} onClose={() => setDialog(null)} lineConfigured={lineConfigured} />
      <FaceModal employee={dialog === "face" ? target : null} onClose={() => setDialog(null)} onReset={() => run("reset-face")} />
      <ScheduleAssignDialog
        opened={dialog === "schedule"}
        title="เปลี่ยนตารางเวลาทำงาน"
        subject={employee.full_name}
        count={1}
        schedules={data.schedules}
        scheduleId={data.schedule.current.schedule_id}
        today={data.today}
        fetcher={form.fetcher}
        hidden={{ intent: "schedule-assign", id: String(employee.id) }}
        action={EMPLOYEE_ACTIONS_ROUTE}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
