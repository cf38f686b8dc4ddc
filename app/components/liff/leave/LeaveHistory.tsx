import { Alert } from "~mantine-core/components/Alert/Alert";
import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Image } from "~mantine-core/components/Image/Image";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { useState } from "react";
import { LeaveStatus } from "~/lib/enums";
import { thumbUrl } from "~/lib/uploads-shared";
import { empFetch } from "~/components/liff/emp-api";
import { STATUS_COLORS, dateSpan, formatDays, statusLabel, typeLabel } from "./leave-format";
import { HALF_LABELS } from "~/models/leave/labels";
import type { Petition } from "./leave-types";
import type { LeaveYears } from "./use-leave-years";
import { ShareButton } from "~/components/liff/ShareButton";
import { shareCard } from "~/components/liff/share";
import { CancelRequestModal } from "~/components/liff/CancelRequestModal";

/** An approved leave for the team's chat: who, which leave, which days (not the reason). */
export function approvedLeaveCard(p: Petition, employeeName: string) {
  const half = p.half !== "full" ? `${HALF_LABELS[p.half]} · ` : "";
  return shareCard({
    title: "ได้รับอนุมัติการลา",
    name: employeeName,
    lines: [typeLabel(p.type), `${dateSpan(p.start_date, p.end_date)} · ${half}${formatDays(p.days)}`],
    color: "#2F9E44",
  });
}

function PetitionCard({ p, onCancel, employeeName }: { p: Petition; onCancel: (p: Petition) => void; employeeName: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="petition-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{typeLabel(p.type)}</Text>
          <Text fz="sm">{dateSpan(p.start_date, p.end_date)}</Text>
          <Text fz="sm" c="dimmed" data-testid="petition-days">
            {p.half !== "full" ? `${HALF_LABELS[p.half]} · ` : ""}
            {formatDays(p.days)}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[p.status] ?? "gray"} variant="light" style={{ flexShrink: 0 }}>
          {statusLabel(p.status)}
        </Badge>
      </Group>
      {p.status === LeaveStatus.reject ? (
        <Text fz="sm" fw={600} c="red.9" mt={4} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }} data-testid="reject-reason">
          {p.decision_note ? `เหตุผลที่ไม่อนุมัติ: ${p.decision_note}` : "ผู้อนุมัติไม่ได้ระบุเหตุผล"}
        </Text>
      ) : null}
      <Text fz="sm" mt={4} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {p.reason}
      </Text>
      {p.certificate_note ? (
        <Text fz="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          คำชี้แจง: {p.certificate_note}
        </Text>
      ) : null}
      {p.decision_note && p.status !== LeaveStatus.reject ? (
        <Text fz="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
          หมายเหตุผู้อนุมัติ: {p.decision_note}
        </Text>
      ) : null}
      {p.attachment_url ? (
        <Anchor href={p.attachment_url} target="_blank" rel="noreferrer" display="inline-block" mt={4}>
          <Image src={thumbUrl(p.attachment_url)} alt="เอกสารแนบ" w={72} h={72} radius="sm" fit="cover" />
        </Anchor>
      ) : null}
      {p.status === LeaveStatus.approve ? (
        <Group gap="xs" mt="xs">
          <ShareButton messages={() => approvedLeaveCard(p, employeeName)} />
        </Group>
      ) : null}
      {p.status === LeaveStatus.request ? (
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => onCancel(p)}>
          ยกเลิกคำขอ
        </Button>
      ) : null}
    </Paper>
  );
}

/** The year's petitions, newest first; a pending one can be cancelled after a confirmation. */
export function LeaveHistory({ leave, year, employeeName }: { leave: LeaveYears; year: number; employeeName: string }) {
  const [asking, setAsking] = useState<Petition | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const data = leave.get(year);
  const error = leave.error(year);

  async function cancel() {
    if (!asking) return;
    setBusy(true);
    const answer = await empFetch<{ petition: Petition }>(`/api/emp/leave/petition/${asking.id}/cancel`, { method: "POST" });
    setBusy(false);
    setAsking(null);
    setMessage(answer.ok ? { ok: true, text: "ยกเลิกคำขอลาแล้ว" } : { ok: false, text: answer.error });
    // Cancelled, or already decided by an admin meanwhile: show what the server holds now.
    await leave.reload(year);
  }

  return (
    <Stack gap="xs" component="section" aria-label="ประวัติการลา">
      {message ? (
        <Alert color={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"} withCloseButton onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : data === null ? (
        <Loader size="sm" />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">ยังไม่มีคำขอลาในปีนี้</Text>
      ) : (
        data.items.map((p) => (
          <PetitionCard
            key={p.id}
            p={p}
            employeeName={employeeName}
            onCancel={(petition) => {
              setMessage(null);
              setAsking(petition);
            }}
          />
        ))
      )}
      <CancelRequestModal
        title="ยกเลิกคำขอลา"
        question={asking ? `ยกเลิกคำขอ${typeLabel(asking.type)} ${dateSpan(asking.start_date, asking.end_date)} (${formatDays(asking.days)}) ใช่หรือไม่` : null}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => void cancel()}
      />
    </Stack>
  );
}
