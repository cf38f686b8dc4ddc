import { Card, Group, Menu, Stack } from "@mantine/core";
import { IconEdit, IconMapPin, IconPower, IconUsers } from "@tabler/icons-react";
import { MACHINE_TYPE_LABELS } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { DataTable, type Columns } from "~/components/DataList";
import { ResponsiveList } from "~/components/PhoneCards";
import { PlainAnchor } from "~/components/PlainControls";
import { PlainBadge, PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import type { MachineDto } from "~/models/machines/machine.server";
import { TYPE_COLORS, VISIT_STATUS_COLORS, visitStatusLabel } from "./machine-labels";
import { RowActions } from "~/components/RowActions";

export type MachineRowAction = "edit" | "assign" | "active";

function TypeBadge({ m }: { m: MachineDto }) {
  return (
    <PlainBadge variant="light" color={TYPE_COLORS[m.type] ?? "gray"}>
      {MACHINE_TYPE_LABELS[m.type] ?? m.type_label}
    </PlainBadge>
  );
}

function Assignees({ m }: { m: MachineDto }) {
  if (m.assigned.length === 0) {
    return (
      <PlainText fz="sm" c="dimmed">
        ยังไม่มีผู้ดูแล
      </PlainText>
    );
  }
  return (
    <Stack gap={0}>
      {m.assigned.map((a) => (
        <PlainText key={a.employee_id} fz="sm">
          {a.full_name}
        </PlainText>
      ))}
    </Stack>
  );
}

function LastVisit({ m }: { m: MachineDto }) {
  if (!m.last_visit) {
    return (
      <PlainText fz="sm" c="dimmed">
        ยังไม่เคยเข้าตู้
      </PlainText>
    );
  }
  return (
    <PlainStack gap={2} align="flex-start">
      <PlainText fz="sm">{formatThaiDate(m.last_visit.visit_date)}</PlainText>
      <PlainBadge variant="light" size="sm" color={VISIT_STATUS_COLORS[m.last_visit.status] ?? "gray"}>
        {visitStatusLabel(m.last_visit.status)}
      </PlainBadge>
      <PlainText fz="xs" c="dimmed">
        {m.last_visit.employee_name}
      </PlainText>
    </PlainStack>
  );
}

function Due({ m }: { m: MachineDto }) {
  if (!m.due_date) {
    return (
      <PlainText fz="sm" c="dimmed">
        ไม่มีกำหนด
      </PlainText>
    );
  }
  return (
    <PlainStack gap={2} align="flex-start">
      <PlainText fz="sm">{formatThaiDate(m.due_date)}</PlainText>
      {m.overdue ? (
        <PlainBadge color="red" size="sm">
          เลยกำหนด
        </PlainBadge>
      ) : null}
    </PlainStack>
  );
}

function MapLink({ m }: { m: MachineDto }) {
  return m.map_url ? (
    <PlainAnchor href={m.map_url} target="_blank" rel="noreferrer" fz="sm">
      <PlainGroup gap={4} wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        แผนที่
      </PlainGroup>
    </PlainAnchor>
  ) : (
    <PlainText fz="sm" c="dimmed">
      -
    </PlainText>
  );
}

function RowMenu({ m, onAction }: { m: MachineDto; onAction: (a: MachineRowAction, m: MachineDto) => void }) {
  return (
    <RowActions label={`จัดการตู้ ${m.code}`}>
      <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction("edit", m)}>
        แก้ไขข้อมูลตู้
      </Menu.Item>
      {m.active ? (
        <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => onAction("assign", m)}>
          ผู้ดูแลตู้
        </Menu.Item>
      ) : null}
      <Menu.Item color={m.active ? "red" : undefined} leftSection={<IconPower size={16} />} onClick={() => onAction("active", m)}>
        {m.active ? "ปิดใช้งาน" : "เปิดใช้งาน"}
      </Menu.Item>
    </RowActions>
  );
}

function CodeAndName({ m }: { m: MachineDto }) {
  return (
    <>
      <PlainGroup gap={6} wrap="nowrap">
        <PlainText fz="sm" fw={600}>
          {m.name}
        </PlainText>
        {!m.active ? (
          <PlainBadge color="gray" variant="outline" size="sm">
            ปิดใช้งาน
          </PlainBadge>
        ) : null}
        {m.open_problem ? (
          <PlainBadge color="red" variant="light" size="sm">
            มีปัญหา
          </PlainBadge>
        ) : null}
      </PlainGroup>
      {m.address ? (
        <PlainText fz="xs" c="dimmed" lineClamp={2}>
          {m.address}
        </PlainText>
      ) : null}
    </>
  );
}

/** The registry: a wide table, or cards on a phone. */
export function MachineTable({ items, onAction }: { items: MachineDto[]; onAction: (a: MachineRowAction, m: MachineDto) => void }) {
  const columns: Columns<MachineDto> = [
    {
      header: "รหัส",
      cell: (m) => (
        <PlainText fz="sm" ff="monospace">
          {m.code}
        </PlainText>
      ),
    },
    { header: "ชื่อตู้", maxWidth: 260, cell: (m) => <CodeAndName m={m} /> },
    { header: "ประเภท", cell: (m) => <TypeBadge m={m} /> },
    { header: "ผู้ดูแล", cell: (m) => <Assignees m={m} /> },
    { header: "เข้าตู้ล่าสุด", cell: (m) => <LastVisit m={m} /> },
    { header: "กำหนดเข้าตู้", cell: (m) => <Due m={m} /> },
    { header: "ตำแหน่ง", cell: (m) => <MapLink m={m} /> },
    { header: "จัดการ", hideHeader: true, width: 48, cell: (m) => <RowMenu m={m} onAction={onAction} /> },
  ];
  return (
    <ResponsiveList
      table={<DataTable rows={items} rowKey={(m) => m.id} columns={columns} minWidth={960} rowTestId="machine-row" label="รายการตู้" />}
      cards={
        <Stack gap="sm" hiddenFrom="sm" data-testid="machine-cards">
          {items.map((m) => (
            <Card key={m.id} withBorder radius="md" padding="sm">
              <PlainGroup justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <PlainText fz="xs" c="dimmed" ff="monospace">
                    {m.code}
                  </PlainText>
                  <CodeAndName m={m} />
                </div>
                <PlainGroup gap={4} wrap="nowrap">
                  <TypeBadge m={m} />
                  <RowMenu m={m} onAction={onAction} />
                </PlainGroup>
              </PlainGroup>
              <Group mt="xs" gap="lg" align="flex-start">
                <div>
                  <PlainText fz="xs" c="dimmed">
                    ผู้ดูแล
                  </PlainText>
                  <Assignees m={m} />
                </div>
                <div>
                  <PlainText fz="xs" c="dimmed">
                    เข้าตู้ล่าสุด
                  </PlainText>
                  <LastVisit m={m} />
                </div>
                <div>
                  <PlainText fz="xs" c="dimmed">
                    กำหนดเข้าตู้
                  </PlainText>
                  <Due m={m} />
                </div>
              </Group>
              <Group mt="xs">
                <MapLink m={m} />
              </Group>
            </Card>
          ))}
        </Stack>
      }
    />
  );
}
