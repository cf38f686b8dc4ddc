import { Alert } from "~mantine-core/components/Alert/Alert";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { clockTimeOf } from "~/lib/thai-date";
import type { AttendanceRecord } from "./checkin-types";
import { empFetch, type EmpFields } from "./emp-api";
import { TimeField } from "~/components/TimeField";

// The employee's correction requests in the LIFF history (POST/GET /api/emp/checkin-out/correction).

export type OwnCorrection = {
  id: number;
  work_date: string;
  checkin_at: string | null;
  checkout_at: string | null;
  reason: string;
  status: "pending" | "approved" | "rejected";
  decision_note: string | null;
  created_at: string;
};

const STATUS = {
  pending: { label: "รออนุมัติ", color: "yellow" },
  approved: { label: "อนุมัติแล้ว", color: "green" },
  rejected: { label: "ไม่อนุมัติ", color: "red" },
} as const;

export const CORRECTION_FORM_MESSAGES = {
  unchanged: "กรุณาแก้ไขเวลาเข้างานหรือเวลาออกงานอย่างน้อยหนึ่งช่อง",
  reason: "กรุณากรอกเหตุผล",
  sent: "ส่งคำขอแก้ไขเวลาแล้ว รอผู้ดูแลอนุมัติ",
} as const;

/** The employee's requests, the newest per work date; `reload` after sending one. */
export function useOwnCorrections(reloadKey = 0) {
  const [latest, setLatest] = useState<ReadonlyMap<string, OwnCorrection>>(new Map());
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void empFetch<{ items: OwnCorrection[] }>("/api/emp/checkin-out/correction").then((answer) => {
      if (!live) return;
      if (!answer.ok) {
        // The history still shows; only the request badges are missing.
        console.warn(`Correction requests not loaded: ${answer.error}`);
        return;
      }
      const byDate = new Map<string, OwnCorrection>();
      for (const c of answer.data.items) {
        const seen = byDate.get(c.work_date);
        if (!seen || c.created_at > seen.created_at) byDate.set(c.work_date, c);
      }
      setLatest(byDate);
    });
    return () => {
      live = false;
    };
  }, [reloadKey, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { latest, reload };
}

const hhmm = (iso: string | null) => (iso ? clockTimeOf(iso) : "");

function RequestForm({ record, onSent, onCancel }: { record: AttendanceRecord; onSent: () => void; onCancel: () => void }) {
  const [checkin, setCheckin] = useState(hhmm(record.checkin_at));
  const [checkout, setCheckout] = useState(hhmm(record.checkout_at));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<EmpFields>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Only the times the employee changed are asked for; the others stay as recorded.
    const body: Record<string, string> = { work_date: record.work_date, reason: reason.trim() };
    if (checkin && checkin !== hhmm(record.checkin_at)) body.checkin_at = checkin;
    if (checkout && checkout !== hhmm(record.checkout_at)) body.checkout_at = checkout;
    if (!body.checkin_at && !body.checkout_at) {
      setError(CORRECTION_FORM_MESSAGES.unchanged);
      return;
    }
    if (!body.reason) {
      setFields({ reason: CORRECTION_FORM_MESSAGES.reason });
      return;
    }
    setBusy(true);
    const answer = await empFetch<{ correction: OwnCorrection }>("/api/emp/checkin-out/correction", { method: "POST", json: body });
    setBusy(false);
    if (answer.ok) {
      onSent();
      return;
    }
    setFields(answer.fields);
    setError(Object.keys(answer.fields).length > 0 ? null : answer.error);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="ขอแก้ไขเวลา">
      <Stack gap="xs" mt="xs">
        <Group grow align="flex-start">
          <TimeField label="เวลาเข้างาน" value={checkin} onChange={setCheckin} error={fields.checkin_at} />
          <TimeField label="เวลาออกงาน" value={checkout} onChange={setCheckout} error={fields.checkout_at} />
        </Group>
        <Textarea
          label="เหตุผล"
          placeholder="เช่น ลืมลงเวลาออก"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fields.reason}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            ยกเลิก
          </Button>
          <Button type="submit" loading={busy}>
            ส่งคำขอ
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A history day's correction: the latest request's status, and "ขอแก้ไขเวลา" (a day with a
 * check-in and no request waiting) opening a small form.
 */
export function DayCorrection({
  record,
  request,
  onSent,
  initiallyOpen = false,
}: {
  record: AttendanceRecord;
  request?: OwnCorrection;
  onSent: () => void;
  /** The form open from the start (the home's "ขอแก้ไขเวลา" for a forgotten check-out links here). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [sent, setSent] = useState(false);
  const canAsk = record.checkin_at != null && request?.status !== "pending";
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between">
        {request ? (
          <Badge variant="outline" color={STATUS[request.status].color} data-testid="correction-status">
            ขอแก้ไขเวลา: {STATUS[request.status].label}
          </Badge>
        ) : (
          <span />
        )}
        {canAsk && !open ? (
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)}>
            ขอแก้ไขเวลา
          </Button>
        ) : null}
      </Group>
      {request?.status === "rejected" && request.decision_note ? (
        <Text fz="xs" c="dimmed">
          หมายเหตุ: {request.decision_note}
        </Text>
      ) : null}
      {sent && request?.status === "pending" ? (
        <Text fz="xs" c="green">
          {CORRECTION_FORM_MESSAGES.sent}
        </Text>
      ) : null}
      {open && canAsk ? (
        <RequestForm
          record={record}
          onCancel={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
            onSent();
          }}
        />
      ) : null}
    </Stack>
  );
}
