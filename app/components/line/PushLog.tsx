import { ActionIcon, Alert, Badge, Group, Loader, Table, Text, Tooltip } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { describeMessage, summarizeFlex } from "~/lib/line-message-label";
import { formatThaiDateTime } from "~/lib/thai-date";
import type { PushDto } from "~/models/line/notifier.server";

type ListResult = { items?: PushDto[]; total?: number; error?: string };

const STATUS: Record<PushDto["status"], { label: string; color: string }> = {
  sent: { label: "ส่งแล้ว", color: "green" },
  pending: { label: "กำลังส่ง", color: "gray" },
  failed: { label: "ไม่สำเร็จ", color: "red" },
};

/** A pending push LINE did not answer: the re-send job asks again with its retry key. */
export const AWAITING_RESEND = { label: "รอส่งซ้ำ", note: "LINE ยังไม่ยืนยันการรับ ระบบจะส่งอีกครั้งเองด้วยรหัสเดิม ผู้รับจะไม่ได้ข้อความซ้ำ" };

const statusOf = (push: PushDto) =>
  push.status === "pending" && push.last_error ? { label: AWAITING_RESEND.label, color: "orange" } : STATUS[push.status];

const KIND: Record<string, string> = {
  manual: "ผู้ดูแลส่ง",
  leave_request: "แจ้งคำขอลา",
  leave_decision: "ผลการลา",
  machine_visit: "รายงานตู้",
};

/** Card texts shown under a Flex message's altText; the full card is in LINE. */
const FLEX_LINES = 4;

/** One pushed message: text as it is, a Flex card as its altText and its first lines. */
function PushedMessage({ message }: { message: Record<string, unknown> }) {
  const flex = summarizeFlex(message);
  if (!flex) {
    return (
      <Text fz="sm" lineClamp={2} style={{ whiteSpace: "pre-wrap" }}>
        {describeMessage(message)}
      </Text>
    );
  }
  const lines = flex.lines.slice(0, FLEX_LINES);
  const hidden = flex.lines.length - lines.length;
  return (
    <div data-testid="flex-summary">
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="outline" color="gray">
          การ์ด
        </Badge>
        <Text fz="sm" fw={500} lineClamp={1}>
          {flex.altText || lines[0] || "ข้อความการ์ด"}
        </Text>
      </Group>
      {lines.map((line, i) => (
        <Text key={i} fz="xs" c="dimmed" lineClamp={1}>
          {line}
        </Text>
      ))}
      {hidden > 0 || flex.more > 0 ? (
        <Text fz="xs" c="dimmed">
          {[hidden > 0 ? `อีก ${hidden} บรรทัด` : "", flex.more > 0 ? `อีก ${flex.more} การ์ด` : ""].filter(Boolean).join(" · ")}
        </Text>
      ) : null}
    </div>
  );
}

/** The latest LINE pushes to one employee (GET /api/line/push?employee_id=); reloads per employee. */
export function PushLog({ employeeId, pageSize = 10 }: { employeeId: number; pageSize?: number }) {
  const fetcher = useFetcher<ListResult>();
  const { load } = fetcher;
  const url = `/api/line/push?employee_id=${employeeId}&page_size=${pageSize}`;
  useEffect(() => {
    load(url);
  }, [load, url]);

  const data = fetcher.data;
  const loading = fetcher.state !== "idle";
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>ประวัติการส่งข้อความ LINE{data?.total ? ` (${data.total.toLocaleString("th-TH")})` : ""}</Text>
        <Tooltip label="โหลดใหม่">
          <ActionIcon variant="subtle" aria-label="โหลดประวัติการส่งใหม่" onClick={() => load(url)} loading={loading}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {!data && loading ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="กำลังโหลด" />
        </Group>
      ) : data?.error ? (
        <Alert color="red">{data.error}</Alert>
      ) : data?.items && data.items.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" p="md">
          ยังไม่เคยส่งข้อความ LINE ถึงพนักงานคนนี้
        </Text>
      ) : data?.items ? (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" fz="sm" aria-label="ประวัติการส่งข้อความ LINE">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>เวลา</Table.Th>
                <Table.Th>ข้อความ</Table.Th>
                <Table.Th w={110}>สถานะ</Table.Th>
                <Table.Th w={70} ta="right">
                  ครั้งที่ส่ง
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((push) => (
                <Table.Tr key={push.id}>
                  <Table.Td>
                    <Text fz="sm">{formatThaiDateTime(push.created_at)}</Text>
                    <Text fz="xs" c="dimmed">
                      {KIND[push.kind] ?? push.kind}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {push.messages.map((message, i) => (
                      <PushedMessage key={i} message={message} />
                    ))}
                    {push.status === "failed" && push.last_error ? (
                      <Text fz="xs" c="red" lineClamp={2}>
                        {push.last_error}
                      </Text>
                    ) : null}
                    {push.status === "pending" && push.last_error ? (
                      <Text fz="xs" c="dimmed" lineClamp={3}>
                        {AWAITING_RESEND.note} ({push.last_error})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusOf(push).color} variant="light">
                      {statusOf(push).label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{push.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </div>
  );
}
