import { Button, Group, LoadingOverlay, Paper, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCalendarTime, IconDownload, IconPlus, IconSearch, IconUpload } from "@tabler/icons-react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useFetcher, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { confirmEmployeeAction } from "~/components/employees/employee-actions";
import { EmployeeFilters } from "~/components/employees/EmployeeFilters";
import { EmployeeFormModal } from "~/components/employees/EmployeeFormModal";
import { FaceModal } from "~/components/employees/FaceModal";
import { ImportDialog } from "~/components/employees/ImportDialog";
import { EmployeeTable, type EmployeeRowAction } from "~/components/employees/EmployeeTable";
import { PhotoModal } from "~/components/employees/PhotoModal";
import { ResignModal } from "~/components/employees/ResignModal";
import { VerifyCodeModal, type IssuedCode } from "~/components/employees/VerifyCodeModal";
import { useLineConfigured } from "~/components/line/NeedsLine";
import { PushDialog } from "~/components/line/PushDialog";
import { ScheduleAssignDialog } from "~/components/schedules/ScheduleAssignDialog";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { useActionToasts } from "~/components/action-toasts";
import { pageAction } from "~/http/page-action.server";
import { employeeIntents, employeesPageData } from "~/http/intents/employees.server";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { ListFooter } from "~/components/ListFooter";
import { useSearchParamsUpdate } from "~/components/tab-params";

export const meta: MetaFunction = () => [{ title: "พนักงาน · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ request }) => json(employeesPageData(new URL(request.url).searchParams)));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, employeeIntents({ type: "admin", id: admin.id }, new URL(request.url).origin));
}

type Dialog = { kind: "create" } | { kind: "import" } | { kind: "schedule" } | { kind: EmployeeRowAction; employee: EmployeeDto } | null;

export default function EmployeesPage() {
  const data = useLoaderData<typeof loader>();
  const lineConfigured = useLineConfigured();
  const [, setParams] = useSearchParams();
  const [, setPage] = useSearchParamsUpdate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const form = useDialogFetcher<SerializeFrom<typeof action>>("employee-dialog", () => {
    if (dialog?.kind === "schedule") setSelected(new Set());
    setDialog(null);
  });
  const actions = useFetcher<typeof action>({ key: "employee-actions" });
  const [target, setTarget] = useState<EmployeeDto | null>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const resigned = data.tab === "resigned";

  useActionToasts(actions, {
    onSuccess: (done) => {
      if (done.intent === "issue-code" && done.data && target) setIssued({ name: target.full_name, ...done.data });
    },
  });

  const closeDialog = useCallback(() => setDialog(null), []);
  const selection = {
    selected,
    onToggle: (ids: readonly number[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
  };

  const open = (next: Dialog) => {
    form.renew();
    setDialog(next);
  };

  /** A row action with no form of its own (after its confirmation, where it has one). */
  const run = (kind: EmployeeRowAction, employee: EmployeeDto) => {
    setDialog(null);
    setTarget(employee);
    actions.submit({ intent: kind, id: String(employee.id) }, { method: "post" });
  };

  const search = useDebouncedCallback((searchForm: HTMLFormElement) => submit(searchForm, { replace: true }), 350);

  function onAction(kind: EmployeeRowAction, employee: EmployeeDto) {
    if (!confirmEmployeeAction(kind, employee, () => run(kind, employee))) open({ kind, employee });
  }

  const filters = { q: data.q, department: data.department, status: data.status };
  const filtered = Object.values(filters).some(Boolean);
  const exportQuery = new URLSearchParams({ format: "csv" });
  for (const [name, value] of Object.entries(filters)) if (value) exportQuery.set(name, value);
  const exportHref = `/api/employee${resigned ? "/resigned" : ""}?${exportQuery}`;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/employee";

  return (
    <PageFrame title="พนักงาน" description="ข้อมูลพนักงานและรายชื่อผู้ลาออก">
      <Tabs
        value={data.tab}
        onChange={(tab) => setParams(tab === "resigned" ? { tab } : {}, { preventScrollReset: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="active">พนักงานปัจจุบัน</Tabs.Tab>
          <Tabs.Tab value="resigned">ลาออกแล้ว</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={data.tab} pt="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Form method="get" role="search" onChange={(e) => search(e.currentTarget)} style={{ flex: "1 1 260px" }}>
                {resigned ? <input type="hidden" name="tab" value="resigned" /> : null}
                {data.department ? <input type="hidden" name="department" value={data.department} /> : null}
                {data.status ? <input type="hidden" name="status" value={data.status} /> : null}
                <TextInput
                  name="q"
                  defaultValue={data.q}
                  key={data.tab}
                  placeholder="ค้นหา รหัส ชื่อ ชื่อเล่น หรือเบอร์โทร"
                  aria-label="ค้นหาพนักงาน"
                  leftSection={<IconSearch size={16} />}
                  maw={420}
                />
              </Form>
              <Group gap="xs">
                <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: "import" })}>
                  นำเข้า CSV
                </Button>
                <Button component="a" href={exportHref} download variant="default" leftSection={<IconDownload size={16} />}>
                  ส่งออก CSV
                </Button>
                {!resigned ? (
                  <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: "create" })}>
                    เพิ่มพนักงาน
                  </Button>
                ) : null}
              </Group>
            </Group>
            <EmployeeFilters department={data.department} status={data.status} departments={data.choices.departments} />
            {!resigned && selected.size > 0 ? (
              <Group gap="xs" wrap="wrap" role="region" aria-label="พนักงานที่เลือก">
                <Text fz="sm" fw={500}>
                  เลือกแล้ว {selected.size.toLocaleString("th-TH")} คน
                </Text>
                <Button size="xs" leftSection={<IconCalendarTime size={14} />} onClick={() => open({ kind: "schedule" })}>
                  กำหนดตารางเวลาทำงาน
                </Button>
                <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                  ล้างการเลือก
                </Button>
              </Group>
            ) : null}
            <Paper withBorder radius="md" pos="relative">
              <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
              {data.items.length === 0 ? (
                <EmptyState
                  title={filtered ? "ไม่พบพนักงานที่ค้นหา" : resigned ? "ยังไม่มีพนักงานที่ลาออก" : "ยังไม่มีพนักงาน"}
                  hint={filtered ? "ลองค้นหาด้วยคำอื่น หรือล้างตัวกรอง" : resigned ? undefined : "กด “เพิ่มพนักงาน” หรือ “นำเข้า CSV” เพื่อเริ่มต้น"}
                />
              ) : (
                <EmployeeTable items={data.items} resigned={resigned} onAction={onAction} selection={resigned ? undefined : selection} />
              )}
            </Paper>
            <ListFooter
              total={data.total}
              unit="คน"
              page={data.page}
              pages={pages}
              onPage={(page) => setPage({ page: String(page) })}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <EmployeeFormModal
        opened={dialog?.kind === "create" || dialog?.kind === "edit"}
        employee={dialog && dialog.kind === "edit" ? dialog.employee : null}
        onClose={() => setDialog(null)}
        fetcher={form.fetcher}
        choices={data.choices}
        offices={data.offices}
      />
      <ScheduleAssignDialog
        opened={dialog?.kind === "schedule"}
        title="กำหนดตารางเวลาทำงาน"
        subject={`พนักงาน ${selected.size.toLocaleString("th-TH")} คน`}
        count={selected.size}
        schedules={data.schedules}
        today={data.today}
        fetcher={form.fetcher}
        hidden={{ intent: "schedule-bulk", employee_ids: [...selected].join(",") }}
        onClose={() => setDialog(null)}
      />
      <ImportDialog opened={dialog?.kind === "import"} onClose={closeDialog} />
      <ResignModal employee={dialog?.kind === "resign" ? dialog.employee : null} onClose={() => setDialog(null)} fetcher={form.fetcher} />
      <PhotoModal employee={dialog?.kind === "photo" ? dialog.employee : null} onClose={() => setDialog(null)} fetcher={form.fetcher} />
      <VerifyCodeModal issued={issued} onClose={() => setIssued(null)} />
      <PushDialog
        employee={dialog?.kind === "push" ? dialog.employee : null}
        onClose={() => setDialog(null)}
        lineConfigured={lineConfigured}
      />
      <FaceModal
        employee={dialog?.kind === "face" ? dialog.employee : null}
        onClose={() => setDialog(null)}
        onReset={(employee) => run("reset-face", employee)}
      />
    </PageFrame>
  );
}
