import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { DataList, type Columns } from "~/components/DataList";
import { FetcherSwitch } from "~/components/FetcherSwitch";
import { formatThaiDateTime } from "~/lib/thai-date";
import { describeMessage } from "~/lib/line-message-label";
import { MATCH_LABELS } from "~/models/line/labels";
import type { ReplyDto } from "~/models/line/reply-message.server";

function ActiveSwitch({ reply }: { reply: ReplyDto }) {
  return (
    <FetcherSwitch
      fetcherKey={`reply-active-${reply.id}`}
      checked={reply.active}
      label={`เปิดใช้งาน ${reply.keyword}`}
      fields={{ intent: "toggle", id: String(reply.id) }}
      name="active"
    />
  );
}

function SyncBadge({ reply }: { reply: ReplyDto }) {
  if (reply.sync_error) {
    return (
      <Tooltip label={reply.sync_error} multiline w={320} withArrow>
        <Badge color="red" variant="light">
          LINE ไม่ผ่าน
        </Badge>
      </Tooltip>
    );
  }
  if (reply.synced_at) {
    return (
      <Tooltip label={`ตรวจเมื่อ ${formatThaiDateTime(reply.synced_at)}`} withArrow>
        <Badge color="green" variant="light">
          ผ่าน
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge color="gray" variant="light">
      ยังไม่ตรวจ
    </Badge>
  );
}

function RowActions({ reply, onEdit, onDelete }: { reply: ReplyDto; onEdit: (reply: ReplyDto) => void; onDelete: (reply: ReplyDto) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`แก้ไข ${reply.keyword}`} onClick={() => onEdit(reply)}>
        <IconEdit size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`ลบ ${reply.keyword}`} onClick={() => onDelete(reply)}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

function MatchBadge({ reply }: { reply: ReplyDto }) {
  return (
    <Badge variant="light" color={reply.match === "exact" ? "blue" : "grape"}>
      {MATCH_LABELS[reply.match]}
    </Badge>
  );
}

function Messages({ reply }: { reply: ReplyDto }) {
  return (
    <>
      <Text fz="sm">{reply.messages.length} ข้อความ</Text>
      <Text fz="xs" c="dimmed" lineClamp={1}>
        {reply.messages.map(describeMessage).join(" · ")}
      </Text>
    </>
  );
}

type Props = {
  items: ReplyDto[];
  onEdit: (reply: ReplyDto) => void;
  onDelete: (reply: ReplyDto) => void;
};

/** The auto replies: a wide table, or on a phone a card per keyword with its switch and actions at the top. */
export function ReplyTable({ items, onEdit, onDelete }: Props) {
  const columns: Columns<ReplyDto> = [
    {
      header: "คำสำคัญ",
      cell: (reply) => (
        <Text fw={600} fz="sm">
          {reply.keyword}
        </Text>
      ),
      card: { title: (reply) => reply.keyword },
    },
    { header: "การจับคู่", cell: (reply) => <MatchBadge reply={reply} />, card: "subtitle" },
    { header: "ข้อความตอบกลับ", maxWidth: 320, cell: (reply) => <Messages reply={reply} /> },
    { header: "ตรวจกับ LINE", cell: (reply) => <SyncBadge reply={reply} /> },
    { header: "เปิดใช้งาน", cell: (reply) => <ActiveSwitch reply={reply} />, card: "actions" },
    {
      header: "จัดการ",
      hideHeader: true,
      width: 90,
      cell: (reply) => <RowActions reply={reply} onEdit={onEdit} onDelete={onDelete} />,
      card: "actions",
    },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(reply) => reply.id}
      columns={columns}
      minWidth={760}
      label="ข้อความตอบกลับอัตโนมัติ"
      testIds={{ row: "reply-row", cards: "reply-cards", card: "reply-card" }}
    />
  );
}
