import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher } from "@remix-run/react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { formatThaiDateTime } from "~/lib/thai-date";
import type { OwnSessionDto } from "~/models/admins/sessions.server";

const when = (iso: string | null) => (iso ? `${formatThaiDateTime(iso)} น.` : "—");

/**
 * The signed-in admin's own sessions on /admin/account: where they are signed in, and signing out
 * the others. `sessions` is this device's and the newest others; `total` counts every one.
 */
export function SessionsPanel({ sessions, total }: { sessions: OwnSessionDto[]; total: number }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "sessions" });
  useActionToasts(fetcher);
  const others = total - sessions.filter((s) => s.current).length;
  const notShown = total - sessions.length;

  const endOne = (s: OwnSessionDto) =>
    modals.openConfirmModal({
      title: "ออกจากระบบอุปกรณ์นี้",
      children: <Text fz="sm">{s.device} ({s.ip ?? "ไม่ทราบ IP"}) จะต้องเข้าสู่ระบบใหม่</Text>,
      labels: { confirm: "ออกจากระบบ", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit({ intent: "session-end", key: s.key }, { method: "post" }),
    });

  const endOthers = () =>
    modals.openConfirmModal({
      title: "ออกจากระบบอุปกรณ์อื่นทั้งหมด",
      children: <Text fz="sm">อุปกรณ์อื่น {others} เครื่องจะต้องเข้าสู่ระบบใหม่ อุปกรณ์นี้ยังใช้งานต่อได้</Text>,
      labels: { confirm: "ออกจากระบบทั้งหมด", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit({ intent: "session-end-others" }, { method: "post" }),
    });

  return (
    <Paper withBorder p="lg" radius="md" mt="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3} fz="lg">
            อุปกรณ์ที่เข้าสู่ระบบอยู่
          </Title>
          <Group gap="sm">
            {notShown > 0 ? (
              <Text fz="sm" c="dimmed">
                และอีก {notShown} การเข้าสู่ระบบ
              </Text>
            ) : null}
            <Button variant="light" color="red" size="xs" disabled={others === 0} onClick={endOthers} loading={fetcher.state !== "idle"}>
              ออกจากระบบอุปกรณ์อื่นทั้งหมด
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label="อุปกรณ์ที่เข้าสู่ระบบอยู่">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>อุปกรณ์</Table.Th>
                <Table.Th>IP</Table.Th>
                <Table.Th>เข้าสู่ระบบเมื่อ</Table.Th>
                <Table.Th>ใช้งานล่าสุด</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">จัดการ</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={s.key}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text fz="sm" title={s.user_agent ?? undefined}>
                        {s.device}
                      </Text>
                      {s.current ? (
                        <Badge size="sm" variant="light" color="green">
                          อุปกรณ์นี้
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{s.ip ?? "—"}</Table.Td>
                  <Table.Td>{when(s.created_at)}</Table.Td>
                  <Table.Td>{when(s.last_seen_at)}</Table.Td>
                  <Table.Td>
                    {s.current ? null : (
                      <Button variant="subtle" color="red" size="xs" onClick={() => endOne(s)} aria-label={`ออกจากระบบ ${s.device}`}>
                        ออกจากระบบ
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text fz="xs" c="dimmed">
          เวลาใช้งานล่าสุดบันทึกทุก 5 นาที หากเห็นอุปกรณ์ที่ไม่รู้จัก ให้ออกจากระบบอุปกรณ์นั้นแล้วเปลี่ยนรหัสผ่าน
        </Text>
      </Stack>
    </Paper>
  );
}
