import { Card, Group, Menu, Stack, Table } from "@mantine/core";
import { IconEdit, IconMapPin, IconPower, IconUsers } from "@tabler/icons-react";
import { MACHINE_TYPE_LABELS } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { ResponsiveList } from "~/components/PhoneCards";
import { PlainAnchor } from "~/components/PlainControls";
import { PlainBadge, PlainGroup, PlainStack, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
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
  return (
    <ResponsiveList
      table={
        <Table.ScrollContainer minWidth={960} visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="รายการตู้">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>รหัส</Table.Th>
                <Table.Th>ชื่อตู้</Table.Th>
                <Table.Th>ประเภท</Table.Th>
                <Table.Th>ผู้ดูแล</Table.Th>
                <Table.Th>เข้าตู้ล่าสุด</Table.Th>
                <Table.Th>กำหนดเข้าตู้</Table.Th>
                <Table.Th>ตำแหน่ง</Table.Th>
                <Table.Th w={48}>
                  <span className="visually-hidden">จัดการ</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <PlainTr striped hover key={m.id} data-testid="machine-row">
                  <PlainTd>
                    <PlainText fz="sm" ff="monospace">
                      {m.code}
                    </PlainText>
                  </PlainTd>
                  <Table.Td maw={260}>
                    <CodeAndName m={m} />
                  </Table.Td>
                  <PlainTd>
                    <TypeBadge m={m} />
                  </PlainTd>
                  <PlainTd>
                    <Assignees m={m} />
                  </PlainTd>
                  <PlainTd>
                    <LastVisit m={m} />
                  </PlainTd>
                  <PlainTd>
                    <Due m={m} />
                  </PlainTd>
                  <PlainTd>
                    <MapLink m={m} />
                  </PlainTd>
                  <PlainTd>
                    <RowMenu m={m} onAction={onAction} />
                  </PlainTd>
                </PlainTr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
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
