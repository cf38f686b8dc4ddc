import { Card, Group, Menu, Select, Stack, Text } from "@mantine/core";
import { IconAdjustments, IconFileSearch, IconX } from "@tabler/icons-react";
import { DataTable, type Columns } from "~/components/DataList";
import { EmptyState } from "~/components/EmptyState";
import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { ListFooter } from "~/components/ListFooter";
import { PlainBadge, PlainGroup, PlainText } from "~/components/PlainMantine";
import { ResponsiveList } from "~/components/PhoneCards";
import { useTabParams } from "~/components/tab-params";
import { EmployeePicker } from "./EmployeePicker";
import { daysText, statusLabel, STATUS_COLORS, typeLabel, type PetitionAction, type PetitionView } from "./leave-labels";
import { spanText } from "~/models/leave/labels";
import { RowActions } from "~/components/RowActions";

export type AllTabData = {
  query: { year: number; status: number | null; type: number | null; employee_id: number | null };
  years: number[];
  employee: { id: number; code: string; full_name: string } | null;
  items: PetitionView[];
  total: number;
  page: number;
  page_size: number;
};

const cancellable = (p: PetitionView) => p.status === LeaveStatus.request || p.status === LeaveStatus.approve;

function StatusBadge({ p }: { p: PetitionView }) {
  return (
    <PlainBadge variant="light" color={STATUS_COLORS[p.status] ?? "gray"}>
      {statusLabel(p.status)}
      {p.status === LeaveStatus.cancel && p.cancelled_by ? (p.cancelled_by === "admin" ? " (ผู้ดูแล)" : " (พนักงาน)") : ""}
    </PlainBadge>
  );
}

function RowMenu({ p, onAction }: { p: PetitionView; onAction: (a: PetitionAction) => void }) {
  return (
    <RowActions label={`จัดการคำขอลาของ ${p.employee.full_name}`}>
      <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={() => onAction({ kind: "quota", employee: p.employee, year: p.year })}>
        แก้ไขสิทธิ์การลา
      </Menu.Item>
      {cancellable(p) ? (
        <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => onAction({ kind: "cancel", petition: p })}>
          ยกเลิกคำขอลา
        </Menu.Item>
      ) : null}
    </RowActions>
  );
}

function Note({ p }: { p: PetitionView }) {
  return p.decision_note ? (
    <PlainText fz="xs" c="dimmed">
      หมายเหตุ: {p.decision_note}
    </PlainText>
  ) : null;
}

function PetitionTable({ items, onAction }: { items: PetitionView[]; onAction: (a: PetitionAction) => void }) {
  const columns: Columns<PetitionView> = [
    {
      header: "พนักงาน",
      cell: (p) => (
        <>
          <PlainText fz="sm" fw={500}>
            {p.employee.full_name}
          </PlainText>
          <PlainText fz="xs" c="dimmed" ff="monospace">
            {p.employee.code}
          </PlainText>
        </>
      ),
    },
    { header: "ประเภท", cell: (p) => <PlainText fz="sm">{typeLabel(p.type)}</PlainText> },
    { header: "วันที่ลา", cell: (p) => <PlainText fz="sm">{spanText(p)}</PlainText> },
    { header: "จำนวน", cell: (p) => <PlainText fz="sm">{daysText(p.days)}</PlainText> },
    {
      header: "เหตุผล",
      maxWidth: 280,
      cell: (p) => (
        <>
          <PlainText fz="sm" lineClamp={2} title={p.reason}>
            {p.reason}
          </PlainText>
          <Note p={p} />
        </>
      ),
    },
    { header: "สถานะ", cell: (p) => <StatusBadge p={p} /> },
    { header: "จัดการ", hideHeader: true, width: 48, cell: (p) => <RowMenu p={p} onAction={onAction} /> },
  ];
  return <DataTable rows={items} rowKey={(p) => p.id} columns={columns} minWidth={860} rowTestId="petition-row" label="คำขอลาทั้งหมด" />;
}

/** Every petition of a year, filtered by status, type and employee; a wide table, or cards on a phone. */
export function AllTab({ data, onAction }: { data: AllTabData; onAction: (a: PetitionAction) => void }) {
  // A new filter starts again at page 1; the pager sets its own page.
  const [, set] = useTabParams("all", { resetPage: true });
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const { query } = data;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="ปี"
          data={data.years.map((y) => ({ value: String(y), label: `พ.ศ. ${y + 543}` }))}
          value={String(query.year)}
          onChange={(v) => set({ year: v })}
          allowDeselect={false}
          w={130}
        />
        <Select
          label="สถานะ"
          placeholder="ทุกสถานะ"
          clearable
          data={Object.entries(LEAVE_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={query.status === null ? null : String(query.status)}
          onChange={(v) => set({ status: v })}
          w={150}
        />
        <Select
          label="ประเภท"
          placeholder="ทุกประเภท"
          clearable
          data={Object.entries(LEAVE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          value={query.type === null ? null : String(query.type)}
          onChange={(v) => set({ type: v })}
          w={260}
        />
        <EmployeePicker selected={data.employee} onChange={(id) => set({ employee_id: id })} />
      </Group>

      {data.items.length === 0 ? (
        <EmptyState icon={<IconFileSearch size={24} />} title="ไม่พบคำขอลา" hint="ลองเปลี่ยนปีหรือตัวกรอง" />
      ) : (
        <ResponsiveList
          table={<PetitionTable items={data.items} onAction={onAction} />}
          cards={
            <Stack gap="sm" hiddenFrom="sm" data-testid="petition-cards">
              {data.items.map((p) => (
                <Card key={p.id} withBorder radius="md" padding="sm">
                  <PlainGroup justify="space-between" align="flex-start" wrap="nowrap">
                    <div>
                      <PlainText fw={600} fz="sm">
                        {p.employee.full_name}
                      </PlainText>
                      <PlainText fz="xs" c="dimmed">
                        {p.employee.code} · {typeLabel(p.type)}
                      </PlainText>
                    </div>
                    <PlainGroup gap={4} wrap="nowrap">
                      <StatusBadge p={p} />
                      <RowMenu p={p} onAction={onAction} />
                    </PlainGroup>
                  </PlainGroup>
                  <Text fz="sm" mt={4}>
                    {spanText(p)} · {daysText(p.days)}
                  </Text>
                  <Text fz="sm" c="dimmed" lineClamp={3}>
                    {p.reason}
                  </Text>
                  <Note p={p} />
                </Card>
              ))}
            </Stack>
          }
        />
      )}
      <ListFooter
        total={data.total}
        unit="รายการ"
        page={data.page}
        pages={pages}
        onPage={(page) => set({ page: String(page) })}
      />
    </Stack>
  );
}
