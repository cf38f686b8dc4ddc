import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { IconDots, IconEdit, IconMapPin, IconPower, IconUsers } from "@tabler/icons-react";
import { MACHINE_TYPE_LABELS } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { ResponsiveList } from "~/components/PhoneCards";
import type { MachineDto } from "~/models/machine.server";
import { TYPE_COLORS, VISIT_STATUS_COLORS, visitStatusLabel } from "./machine-labels";

export type MachineRowAction = "edit" | "assign" | "active";

function TypeBadge({ m }: { m: MachineDto }) {
  return (
    <Badge variant="light" color={TYPE_COLORS[m.type] ?? "gray"}>
      {MACHINE_TYPE_LABELS[m.type] ?? m.type_label}
    </Badge>
  );
}

function Assignees({ m }: { m: MachineDto }) {
  if (m.assigned.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        ยังไม่มีผู้ดูแล
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {m.assigned.map((a) => (
        <Text key={a.employee_id} fz="sm">
          {a.full_name}
        </Text>
      ))}
    </Stack>
  );
}

function LastVisit({ m }: { m: MachineDto }) {
  if (!m.last_visit) {
    return (
      <Text fz="sm" c="dimmed">
        ยังไม่เคยเข้าตู้
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">{formatThaiDate(m.last_visit.visit_date)}</Text>
      <Badge variant="light" size="sm" color={VISIT_STATUS_COLORS[m.last_visit.status] ?? "gray"}>
        {visitStatusLabel(m.last_visit.status)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {m.last_visit.employee_name}
      </Text>
    </Stack>
  );
}

function Due({ m }: { m: MachineDto }) {
  if (!m.due_date) {
    return (
      <Text fz="sm" c="dimmed">
        ไม่มีกำหนด
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">{formatThaiDate(m.due_date)}</Text>
      {m.overdue ? (
        <Badge color="red" size="sm">
          เลยกำหนด
        </Badge>
      ) : null}
    </Stack>
  );
}

function MapLink({ m }: { m: MachineDto }) {
  return m.map_url ? (
    <Anchor href={m.map_url} target="_blank" rel="noreferrer" fz="sm">
      <Group gap={4} wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        แผนที่
      </Group>
    </Anchor>
  ) : (
    <Text fz="sm" c="dimmed">
      -
    </Text>
  );
}

function RowMenu({ m, onAction }: { m: MachineDto; onAction: (a: MachineRowAction, m: MachineDto) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`จัดการตู้ ${m.code}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
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
      </Menu.Dropdown>
    </Menu>
  );
}

function CodeAndName({ m }: { m: MachineDto }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" fw={600}>
          {m.name}
        </Text>
        {!m.active ? (
          <Badge color="gray" variant="outline" size="sm">
            ปิดใช้งาน
          </Badge>
        ) : null}
        {m.open_problem ? (
          <Badge color="red" variant="light" size="sm">
            มีปัญหา
          </Badge>
        ) : null}
      </Group>
      {m.address ? (
        <Text fz="xs" c="dimmed" lineClamp={2}>
          {m.address}
        </Text>
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
                <Table.Tr key={m.id} data-testid="machine-row">
                  <Table.Td>
                    <Text fz="sm" ff="monospace">
                      {m.code}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={260}>
                    <CodeAndName m={m} />
                  </Table.Td>
                  <Table.Td>
                    <TypeBadge m={m} />
                  </Table.Td>
                  <Table.Td>
                    <Assignees m={m} />
                  </Table.Td>
                  <Table.Td>
                    <LastVisit m={m} />
                  </Table.Td>
                  <Table.Td>
                    <Due m={m} />
                  </Table.Td>
                  <Table.Td>
                    <MapLink m={m} />
                  </Table.Td>
                  <Table.Td>
                    <RowMenu m={m} onAction={onAction} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
      cards={
        <Stack gap="sm" hiddenFrom="sm" data-testid="machine-cards">
          {items.map((m) => (
            <Card key={m.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {m.code}
                  </Text>
                  <CodeAndName m={m} />
                </div>
                <Group gap={4} wrap="nowrap">
                  <TypeBadge m={m} />
                  <RowMenu m={m} onAction={onAction} />
                </Group>
              </Group>
              <Group mt="xs" gap="lg" align="flex-start">
                <div>
                  <Text fz="xs" c="dimmed">
                    ผู้ดูแล
                  </Text>
                  <Assignees m={m} />
                </div>
                <div>
                  <Text fz="xs" c="dimmed">
                    เข้าตู้ล่าสุด
                  </Text>
                  <LastVisit m={m} />
                </div>
                <div>
                  <Text fz="xs" c="dimmed">
                    กำหนดเข้าตู้
                  </Text>
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
