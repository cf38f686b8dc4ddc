import { Alert } from "~mantine-core/components/Alert/Alert";
import { Group } from "~mantine-core/components/Group/Group";
import { List } from "~mantine-core/components/List/List";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Text } from "~mantine-core/components/Text/Text";
import { formatThaiDate } from "~/lib/thai-date";
import { formatDays, typeLabel } from "./leave-format";
import type { LeavePreviewResult } from "./leave-preview";
import type { LeaveBalance } from "./leave-types";

type Props = {
  preview: LeavePreviewResult;
  type: number;
  /** The balances of the leave year (the start date's year); null while they load. */
  balances: LeaveBalance[] | null;
  balanceError: string | null;
};

/** Before submitting: the working days the leave takes, the days skipped, and the balance after it. */
export function LeavePreview({ preview, type, balances, balanceError }: Props) {
  if ("error" in preview) {
    return (
      <Alert color="red" role="alert" data-testid="leave-preview">
        {preview.error}
      </Alert>
    );
  }
  const balance = balances?.find((b) => b.type === type) ?? null;
  const after = balance ? balance.remaining - preview.days : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="leave-preview" aria-live="polite">
      <Text fw={700} fz="lg" data-testid="preview-days">
        {preview.days > 0 ? `ลา ${formatDays(preview.days)}ทำงาน` : "ไม่มีวันทำงานในช่วงที่เลือก"}
      </Text>
      {preview.skipped.length > 0 ? (
        <>
          <Text fz="sm" c="dimmed" mt={4}>
            ไม่นับ {preview.skipped.length} วัน:
          </Text>
          <List size="sm" data-testid="preview-skipped">
            {preview.skipped.map((d) => (
              <List.Item key={d.date}>
                {formatThaiDate(d.date)} — {d.why}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      {balanceError ? (
        <Text fz="sm" c="red" mt="xs">
          {balanceError}
        </Text>
      ) : balance === null || after === null ? (
        <Group gap="xs" mt="xs">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            กำลังโหลดวันลาคงเหลือ…
          </Text>
        </Group>
      ) : (
        <>
          <Text mt="xs" data-testid="preview-balance" c={after < 0 ? "red" : undefined} fw={after < 0 ? 700 : undefined}>
            {typeLabel(type)}คงเหลือ {formatDays(balance.remaining)} → หลังยื่นคำขอนี้ {formatDays(after)}
          </Text>
          {after < 0 ? (
            <Text fz="sm" c="red">
              เกินสิทธิ์การลา ยังยื่นได้ แต่ผู้อนุมัติจะเห็นว่าคำขอนี้เกินสิทธิ์
            </Text>
          ) : null}
        </>
      )}
      <Text fz="xs" c="dimmed" mt="xs">
        ตัวเลขนี้เป็นการคำนวณเบื้องต้น ระบบจะนับวันอีกครั้งเมื่อส่งคำขอ
      </Text>
    </Paper>
  );
}
