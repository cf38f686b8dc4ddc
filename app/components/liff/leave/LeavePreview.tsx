import { Alert } from "~mantine-core/components/Alert/Alert";
import { Group } from "~mantine-core/components/Group/Group";
import { List } from "~mantine-core/components/List/List";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Text } from "~mantine-core/components/Text/Text";
import { formatThaiDate } from "~/lib/thai-date";
import { formatDays } from "./leave-format";
import type { LeavePreviewResult } from "./leave-preview";
import type { LeaveBalance, LeaveTypeRules } from "./leave-types";
import { petitionNotices } from "./petition-checks";

type Props = {
  preview: LeavePreviewResult;
  type: LeaveTypeRules;
  /** The balances of the leave year (the start date's year); null while they load. */
  balances: LeaveBalance[] | null;
  balanceError: string | null;
};

/**
 * Before submitting: the days the leave takes in the type's unit, the days skipped (working days),
 * the balance after it, and what the employee should know (unpaid, over the quota or the paid days).
 */
export function LeavePreview({ preview, type, balances, balanceError }: Props) {
  if ("error" in preview) {
    return (
      <Alert color="red" role="alert" data-testid="leave-preview">
        {preview.error}
      </Alert>
    );
  }
  const balance = balances?.find((b) => b.type === type.id) ?? null;
  const after = balance?.remaining != null ? balance.remaining - preview.days : null;
  const notices = petitionNotices(type, balances ? balance : null, preview.days);
  const calendarDays = preview.unit === "calendar_day";
  return (
    <Paper withBorder p="md" radius="md" data-testid="leave-preview" aria-live="polite">
      <Text fw={700} fz="lg" data-testid="preview-days">
        {preview.days <= 0
          ? "ไม่มีวันทำงานในช่วงที่เลือก"
          : calendarDays
            ? `ลา ${formatDays(preview.days)} (นับวันปฏิทิน รวมวันหยุด)`
            : `ลา ${formatDays(preview.days)}ทำงาน`}
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
      ) : balances === null ? (
        <Group gap="xs" mt="xs">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            กำลังโหลดวันลาคงเหลือ…
          </Text>
        </Group>
      ) : balance === null ? null : balance.remaining === null || after === null ? (
        <Text mt="xs" data-testid="preview-balance">
          {type.name_th}ลาได้ตามใบรับรองแพทย์ · ปีนี้ใช้ไป {formatDays(balance.used + balance.pending)}
        </Text>
      ) : (
        <Text mt="xs" data-testid="preview-balance" c={after < 0 ? "red" : undefined} fw={after < 0 ? 700 : undefined}>
          {type.name_th}คงเหลือ {formatDays(balance.remaining)} → หลังยื่นคำขอนี้ {formatDays(after)}
        </Text>
      )}
      {notices.length > 0 ? (
        <Alert color="orange" mt="xs" p="xs" data-testid="preview-notices">
          {notices.map((n) => (
            <Text key={n} fz="sm">
              {n}
            </Text>
          ))}
        </Alert>
      ) : null}
      <Text fz="xs" c="dimmed" mt="xs">
        ตัวเลขนี้เป็นการคำนวณเบื้องต้น ระบบจะนับวันอีกครั้งเมื่อส่งคำขอ
      </Text>
    </Paper>
  );
}
