import { Card, Group, Menu, Select, Stack, Table, Text } from "@mantine/core";
import { IconAdjustments, IconFileSearch, IconX } from "@tabler/icons-react";
import { EmptyState } from "~/components/EmptyState";
import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { ListFooter } from "~/components/ListFooter";
import { PlainBadge, PlainGroup, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
import { ResponsiveList } from "~/components/PhoneCards";
import { useTabParams } from "~/components/tab-params";
import { EmployeePicker } from "./EmployeePicker";
import { daysText, spanText, statusLabel, STATUS_COLORS, typeLabel, type PetitionAction, type PetitionView } from "./leave-labels";
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
          w={150}
        />
        <EmployeePicker selected={data.employee} onChange={(id) => set({ employee_id: id })} />
      </Group>

      {data.items.length === 0 ? (
        <EmptyState icon={<IconFileSearch size={24} />} title="ไม่พบคำขอลา" hint="ลองเปลี่ยนปีหรือตัวกรอง" />
      ) : (
        <ResponsiveList
          table={
            <Table.ScrollContainer minWidth={860} visibleFrom="sm">
              <Table striped highlightOnHover verticalSpacing="xs" aria-label="คำขอลาทั้งหมด">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>พนักงาน</Table.Th>
                    <Table.Th>ประเภท</Table.Th>
                    <Table.Th>วันที่ลา</Table.Th>
                    <Table.Th>จำนวน</Table.Th>
                    <Table.Th>เหตุผล</Table.Th>
                    <Table.Th>สถานะ</Table.Th>
                    <Table.Th w={48}>
                      <span className="visually-hidden">จัดการ</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((p) => (
                    <PlainTr striped hover key={p.id} data-testid="petition-row">
                      <PlainTd>
                        <PlainText fz="sm" fw={500}>
                          {p.employee.full_name}
                        </PlainText>
                        <PlainText fz="xs" c="dimmed" ff="monospace">
                          {p.employee.code}
                        </PlainText>
                      </PlainTd>
                      <PlainTd>
                        <PlainText fz="sm">{typeLabel(p.type)}</PlainText>
                      </PlainTd>
                      <PlainTd>
                        <PlainText fz="sm">{spanText(p)}</PlainText>
                      </PlainTd>
                      <PlainTd>
                        <PlainText fz="sm">{daysText(p.days)}</PlainText>
                      </PlainTd>
                      <Table.Td maw={280}>
                        <PlainText fz="sm" lineClamp={2} title={p.reason}>
                          {p.reason}
                        </PlainText>
                        <Note p={p} />
                      </Table.Td>
                      <PlainTd>
                        <StatusBadge p={p} />
                      </PlainTd>
                      <PlainTd>
                        <RowMenu p={p} onAction={onAction} />
                      </PlainTd>
                    </PlainTr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          }
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
