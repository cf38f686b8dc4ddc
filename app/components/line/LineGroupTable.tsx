import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { IconDots, IconEdit, IconRefresh, IconSend } from "@tabler/icons-react";
import { FetcherSwitch } from "~/components/FetcherSwitch";
import { NeedsLine } from "~/components/line/NeedsLine";
import { PhoneCard, PhoneCardList, ResponsiveList } from "~/components/PhoneCards";
import { formatThaiDateTime } from "~/lib/thai-date";
import type { LineGroupDto } from "~/models/line/group.server";
import { thumbUrl } from "~/lib/uploads-shared";
import { initials } from "~/lib/initials";

export type GroupRowAction = "rename" | "refresh" | "test";
type Flag = "notify_leave" | "notify_machine" | "notify_summary";

function FlagSwitch({ group, flag, label }: { group: LineGroupDto; flag: Flag; label: string }) {
  return (
    <FetcherSwitch
      fetcherKey={`group-${flag}-${group.id}`}
      checked={group[flag]}
      label={`${label} ${group.name || group.group_id}`}
      fields={{ intent: "flag", id: String(group.id), flag }}
    />
  );
}

type Props = {
  items: LineGroupDto[];
  onAction: (action: GroupRowAction, group: LineGroupDto) => void;
  /** false: the actions that call LINE are disabled with a tooltip saying why. */
  lineConfigured: boolean;
};

function GroupMenu({ group, onAction, lineConfigured }: Omit<Props, "items"> & { group: LineGroupDto }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`จัดการ ${group.name || group.group_id}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction("rename", group)}>
          เปลี่ยนชื่อ
        </Menu.Item>
        <NeedsLine configured={lineConfigured} block>
          {(off) => (
            <Menu.Item
              leftSection={<IconRefresh size={16} />}
              disabled={!group.active || off}
              onClick={() => onAction("refresh", group)}
            >
              ดึงชื่อและรูปจาก LINE
            </Menu.Item>
          )}
        </NeedsLine>
        <NeedsLine configured={lineConfigured} block>
          {(off) => (
            <Menu.Item
              leftSection={<IconSend size={16} />}
              disabled={!group.active || off}
              onClick={() => onAction("test", group)}
            >
              ส่งข้อความทดสอบ
            </Menu.Item>
          )}
        </NeedsLine>
      </Menu.Dropdown>
    </Menu>
  );
}

function GroupAvatar({ group }: { group: LineGroupDto }) {
  return (
    <Avatar src={thumbUrl(group.picture_url)} alt="" radius="md" size={42} color="green">
      {initials(group.name || "L")}
    </Avatar>
  );
}

function StatusBadge({ group }: { group: LineGroupDto }) {
  return group.active ? (
    <Badge color="green" variant="light">
      อยู่ในกลุ่ม
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      ออกจากกลุ่มแล้ว
    </Badge>
  );
}

/** On a phone: the group's name first, its menu at the top, the three notice switches below. */
function GroupCards({ items, onAction, lineConfigured }: Props) {
  return (
    <PhoneCardList label="กลุ่ม LINE" testId="line-group-cards">
      {items.map((group) => (
        <PhoneCard
          key={group.id}
          testId="line-group-card"
          leading={<GroupAvatar group={group} />}
          title={group.name || "(ยังไม่ทราบชื่อกลุ่ม)"}
          subtitle={
            <>
              <StatusBadge group={group} />
              <Text fz="xs" c="dimmed">
                {group.active ? `เข้ากลุ่ม ${group.joined_at ? formatThaiDateTime(group.joined_at) : "-"}` : `ออก ${group.left_at ? formatThaiDateTime(group.left_at) : "-"}`}
              </Text>
            </>
          }
          actions={<GroupMenu group={group} onAction={onAction} lineConfigured={lineConfigured} />}
          fields={[
            { label: "แจ้งเตือนการลา", value: <FlagSwitch group={group} flag="notify_leave" label="แจ้งเตือนการลา" /> },
            { label: "แจ้งเตือนตู้", value: <FlagSwitch group={group} flag="notify_machine" label="แจ้งเตือนตู้" /> },
            { label: "สรุปประจำวัน", value: <FlagSwitch group={group} flag="notify_summary" label="สรุปประจำวัน" /> },
          ]}
        />
      ))}
    </PhoneCardList>
  );
}

export function LineGroupTable(props: Props) {
  return <ResponsiveList table={<WideGroupTable {...props} />} cards={<GroupCards {...props} />} />;
}

function WideGroupTable({ items, onAction, lineConfigured }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="กลุ่ม LINE">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>กลุ่ม</Table.Th>
            <Table.Th>สถานะ</Table.Th>
            <Table.Th>เข้ากลุ่มเมื่อ</Table.Th>
            <Table.Th>ออกจากกลุ่มเมื่อ</Table.Th>
            <Table.Th>แจ้งเตือนการลา</Table.Th>
            <Table.Th>แจ้งเตือนตู้</Table.Th>
            <Table.Th>สรุปประจำวัน</Table.Th>
            <Table.Th w={48}>
              <span className="visually-hidden">จัดการ</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((group) => (
            <Table.Tr key={group.id} data-testid="line-group-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <GroupAvatar group={group} />
                  <Stack gap={0}>
                    <Text fw={600} fz="sm">
                      {group.name || "(ยังไม่ทราบชื่อกลุ่ม)"}
                    </Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {group.group_id}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <StatusBadge group={group} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{group.joined_at ? formatThaiDateTime(group.joined_at) : "-"}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{group.left_at ? formatThaiDateTime(group.left_at) : "-"}</Text>
              </Table.Td>
              <Table.Td>
                <FlagSwitch group={group} flag="notify_leave" label="แจ้งเตือนการลา" />
              </Table.Td>
              <Table.Td>
                <FlagSwitch group={group} flag="notify_machine" label="แจ้งเตือนตู้" />
              </Table.Td>
              <Table.Td>
                <FlagSwitch group={group} flag="notify_summary" label="สรุปประจำวัน" />
              </Table.Td>
              <Table.Td>
                <GroupMenu group={group} onAction={onAction} lineConfigured={lineConfigured} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
