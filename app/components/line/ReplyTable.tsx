import { ActionIcon, Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { FetcherSwitch } from "~/components/FetcherSwitch";
import { PhoneCard, PhoneCardList, ResponsiveList } from "~/components/PhoneCards";
import { formatThaiDateTime } from "~/lib/thai-date";
import { describeMessage } from "~/lib/line-message-label";
import { MATCH_LABELS } from "~/models/line/message-schema";
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

/** On a phone: one card per keyword, its switch and actions at the top. */
function ReplyCards({ items, onEdit, onDelete }: Props) {
  return (
    <PhoneCardList label="ข้อความตอบกลับอัตโนมัติ" testId="reply-cards">
      {items.map((reply) => (
        <PhoneCard
          key={reply.id}
          testId="reply-card"
          title={reply.keyword}
          subtitle={<MatchBadge reply={reply} />}
          actions={
            <>
              <ActiveSwitch reply={reply} />
              <RowActions reply={reply} onEdit={onEdit} onDelete={onDelete} />
            </>
          }
          fields={[
            { label: "ข้อความตอบกลับ", value: <Messages reply={reply} /> },
            { label: "ตรวจกับ LINE", value: <SyncBadge reply={reply} /> },
          ]}
        />
      ))}
    </PhoneCardList>
  );
}

export function ReplyTable(props: Props) {
  return <ResponsiveList table={<WideReplyTable {...props} />} cards={<ReplyCards {...props} />} />;
}

function WideReplyTable({ items, onEdit, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="ข้อความตอบกลับอัตโนมัติ">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>คำสำคัญ</Table.Th>
            <Table.Th>การจับคู่</Table.Th>
            <Table.Th>ข้อความตอบกลับ</Table.Th>
            <Table.Th>ตรวจกับ LINE</Table.Th>
            <Table.Th>เปิดใช้งาน</Table.Th>
            <Table.Th w={90}>
              <span className="visually-hidden">จัดการ</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((reply) => (
            <Table.Tr key={reply.id} data-testid="reply-row">
              <Table.Td>
                <Text fw={600} fz="sm">
                  {reply.keyword}
                </Text>
              </Table.Td>
              <Table.Td>
                <MatchBadge reply={reply} />
              </Table.Td>
              <Table.Td maw={320}>
                <Messages reply={reply} />
              </Table.Td>
              <Table.Td>
                <SyncBadge reply={reply} />
              </Table.Td>
              <Table.Td>
                <ActiveSwitch reply={reply} />
              </Table.Td>
              <Table.Td>
                <RowActions reply={reply} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
