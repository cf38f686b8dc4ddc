import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text } from "@mantine/core";
import { IconDots, IconEdit, IconRefresh, IconSend } from "@tabler/icons-react";
import { DataList, type Columns } from "~/components/DataList";
import { FetcherSwitch } from "~/components/FetcherSwitch";
import { NeedsLine } from "~/components/line/NeedsLine";
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

const when = (at: string | null) => (at ? formatThaiDateTime(at) : "-");

/** The groups: a wide table, or on a phone a card with the group's name first, its menu at the top, the notice switches below. */
export function LineGroupTable({ items, onAction, lineConfigured }: Props) {
  const columns: Columns<LineGroupDto> = [
    {
      header: "กลุ่ม",
      cell: (group) => (
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
      ),
      card: { leading: (group) => <GroupAvatar group={group} />, title: (group) => group.name || "(ยังไม่ทราบชื่อกลุ่ม)" },
    },
    {
      header: "สถานะ",
      cell: (group) => <StatusBadge group={group} />,
      card: {
        subtitle: (group) => (
          <>
            <StatusBadge group={group} />
            <Text fz="xs" c="dimmed">
              {group.active ? `เข้ากลุ่ม ${when(group.joined_at)}` : `ออก ${when(group.left_at)}`}
            </Text>
          </>
        ),
      },
    },
    { header: "เข้ากลุ่มเมื่อ", cell: (group) => <Text fz="sm">{when(group.joined_at)}</Text>, card: "hidden" },
    { header: "ออกจากกลุ่มเมื่อ", cell: (group) => <Text fz="sm">{when(group.left_at)}</Text>, card: "hidden" },
    { header: "แจ้งเตือนการลา", cell: (group) => <FlagSwitch group={group} flag="notify_leave" label="แจ้งเตือนการลา" /> },
    { header: "แจ้งเตือนตู้", cell: (group) => <FlagSwitch group={group} flag="notify_machine" label="แจ้งเตือนตู้" /> },
    { header: "สรุปประจำวัน", cell: (group) => <FlagSwitch group={group} flag="notify_summary" label="สรุปประจำวัน" /> },
    {
      header: "จัดการ",
      hideHeader: true,
      width: 48,
      cell: (group) => <GroupMenu group={group} onAction={onAction} lineConfigured={lineConfigured} />,
      card: "actions",
    },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(group) => group.id}
      columns={columns}
      minWidth={860}
      label="กลุ่ม LINE"
      testIds={{ row: "line-group-row", cards: "line-group-cards", card: "line-group-card" }}
    />
  );
}
