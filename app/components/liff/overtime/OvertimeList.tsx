import { Alert } from "~mantine-core/components/Alert/Alert";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { useState } from "react";
import { empFetch } from "~/components/liff/emp-api";
import { CancelRequestModal } from "~/components/liff/CancelRequestModal";
import type { OvertimeView } from "~/components/overtime/overtime-types";
import { formatThaiDate, zonedTime } from "~/lib/thai-date";
import { thaiDecimal } from "~/lib/thai-number";
import { OVERTIME_STATUS_COLORS, OVERTIME_STATUS_LABELS, weeklyLimitWarning } from "~/models/overtime/labels";
import { durationText, windowText } from "~/models/overtime/window";

/** Whether the employee may cancel it: pending, or approved and not begun (the server decides again). */
export const canCancel = (o: Pick<OvertimeView, "status" | "date" | "start">, now = Date.now()) =>
  o.status === "pending" || (o.status === "approved" && zonedTime(o.date, o.start).getTime() > now);

function OvertimeCard({ o, onCancel }: { o: OvertimeView; onCancel: (o: OvertimeView) => void }) {
  const live = o.status === "pending" || o.status === "approved";
  return (
    <Paper withBorder p="sm" radius="md" data-testid="overtime-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{formatThaiDate(o.date)}</Text>
          <Text fz="sm">
            {windowText(o.start, o.end)} · {durationText(o.minutes)}
          </Text>
        </div>
        <Badge color={OVERTIME_STATUS_COLORS[o.status]} variant="light" style={{ flexShrink: 0 }}>
          {OVERTIME_STATUS_LABELS[o.status]}
        </Badge>
      </Group>
      <Text fz="sm" mt={4} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {o.reason}
      </Text>
      {o.status === "rejected" ? (
        <Text fz="sm" fw={600} c="red.9" mt={4} style={{ overflowWrap: "anywhere" }}>
          {o.decision_note ? `เหตุผลที่ไม่อนุมัติ: ${o.decision_note}` : "ผู้อนุมัติไม่ได้ระบุเหตุผล"}
        </Text>
      ) : o.decision_note ? (
        <Text fz="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
          หมายเหตุผู้ดูแล: {o.decision_note}
        </Text>
      ) : null}
      {live ? (
        <Text fz="xs" c={o.over_weekly_limit ? "red.9" : "dimmed"} mt={4} data-testid="overtime-week">
          {o.over_weekly_limit ? weeklyLimitWarning(thaiDecimal(o.week_hours)) : `รวมสัปดาห์นี้ ${thaiDecimal(o.week_hours)} ชม. (ไม่เกิน 36 ชม.)`}
        </Text>
      ) : null}
      {canCancel(o) ? (
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => onCancel(o)}>
          ยกเลิกคำขอ
        </Button>
      ) : null}
    </Paper>
  );
}

/** The employee's requests, the latest date first; one not yet worked can be cancelled after a confirmation. */
export function OvertimeList({ items, onChanged }: { items: OvertimeView[]; onChanged: () => void }) {
  const [asking, setAsking] = useState<OvertimeView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function cancel() {
    if (!asking) return;
    setBusy(true);
    const answer = await empFetch<{ overtime: OvertimeView }>(`/api/emp/overtime/${asking.id}/cancel`, { method: "POST" });
    setBusy(false);
    setAsking(null);
    setMessage(answer.ok ? { ok: true, text: "ยกเลิกคำขอทำงานล่วงเวลาแล้ว" } : { ok: false, text: answer.error });
    // Cancelled, or decided by an admin meanwhile: show what the server holds now.
    onChanged();
  }

  return (
    <Stack gap="xs" component="section" aria-label="คำขอทำงานล่วงเวลาของฉัน">
      {message ? (
        <Alert color={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"} withCloseButton onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Text c="dimmed">ยังไม่มีคำขอทำงานล่วงเวลา</Text>
      ) : (
        items.map((o) => (
          <OvertimeCard
            key={o.id}
            o={o}
            onCancel={(target) => {
              setMessage(null);
              setAsking(target);
            }}
          />
        ))
      )}
      <CancelRequestModal
        title="ยกเลิกคำขอทำงานล่วงเวลา"
        question={asking ? `ยกเลิกคำขอวันที่ ${formatThaiDate(asking.date)} เวลา ${windowText(asking.start, asking.end)} ใช่หรือไม่` : null}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => void cancel()}
      />
    </Stack>
  );
}
