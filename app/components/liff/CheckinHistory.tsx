import { Alert } from "~mantine-core/components/Alert/Alert";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Group } from "~mantine-core/components/Group/Group";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import { useEffect, useState } from "react";
import { businessDate, dayjs } from "~/lib/thai-date";
import { STATUS_LABELS } from "~/models/attendance/labels";
import type { AttendanceStatus } from "~/models/attendance/status";
import type { AttendanceRecord } from "./checkin-types";
import { thaiTime } from "./thai-time";
import { DayCorrection, useOwnCorrections } from "./CorrectionRequest";
import { empFetch } from "./emp-api";

export const HISTORY_DAYS = 30;

type Status = { label: string; color: string };

const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: "green",
  late: "orange",
  early_leave: "orange",
  missing_checkout: "red",
  absent: "red",
  leave: "blue",
  holiday: "gray",
  day_off: "gray",
};

/**
 * The day's badges as the employee sees them: the admin's review, then the ledger's status (late
 * and early as their minutes), and whether the times were corrected. Nothing is decided here.
 */
export function recordStatuses(record: AttendanceRecord): Status[] {
  const out: Status[] = [];
  if (record.review_status === "rejected") out.push({ label: "ไม่ผ่านการตรวจสอบ", color: "red" });
  else if (record.review_status === "pending" || (!record.review_status && record.flags.length > 0)) {
    out.push({ label: "รอตรวจสอบ", color: "yellow" });
  }
  const status = record.status;
  if (status && status !== "late" && status !== "early_leave") out.push({ label: STATUS_LABELS[status], color: STATUS_COLORS[status] });
  if (status && record.late_minutes) out.push({ label: `สาย ${record.late_minutes} นาที`, color: "orange" });
  if (status && record.early_minutes) out.push({ label: `ออกก่อน ${record.early_minutes} นาที`, color: "orange" });
  if (record.corrected) out.push({ label: "แก้ไขแล้ว", color: "blue" });
  return out;
}

/** `จ. 23 พ.ย. 2569` (a calendar date, no zone shift). */
const dayLabel = (date: string) => dayjs(date).locale("th").format("dd D MMM BBBB");

/**
 * The employee's own last 30 days, newest first; `reloadKey` changes after a check-in. With
 * `correctDate` (the home's link for a forgotten check-out) that day's correction form is open.
 */
export function CheckinHistory({ reloadKey = 0, correctDate }: { reloadKey?: number; correctDate?: string }) {
  const [items, setItems] = useState<AttendanceRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = businessDate();

  useEffect(() => {
    let live = true;
    const from = dayjs(today).subtract(HISTORY_DAYS - 1, "day").format("YYYY-MM-DD");
    void empFetch<{ items: AttendanceRecord[] }>(`/api/emp/checkin-out?from=${from}&to=${today}`).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setItems([...answer.data.items].sort((a, b) => b.work_date.localeCompare(a.work_date)));
        setError(null);
      } else setError(answer.error);
    });
    return () => {
      live = false;
    };
  }, [today, reloadKey]);
  const corrections = useOwnCorrections(reloadKey);
  const loaded = items !== null;
  useEffect(() => {
    // The day's row arrives after the page: the link's #day-… cannot scroll to it by itself.
    if (loaded && correctDate) document.getElementById(`day-${correctDate}`)?.scrollIntoView?.({ block: "start" });
  }, [loaded, correctDate]);

  return (
    <Stack gap="xs" component="section" aria-label="ประวัติ 30 วัน">
      <Title order={3} fz="h4">
        ประวัติ {HISTORY_DAYS} วันล่าสุด
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : items === null ? (
        <Loader size="sm" />
      ) : items.length === 0 ? (
        <Text c="dimmed">ยังไม่มีการลงเวลา</Text>
      ) : (
        items.map((r) => (
          <Paper key={r.work_date} id={`day-${r.work_date}`} withBorder p="sm" radius="md" data-testid="history-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{dayLabel(r.work_date)}</Text>
                <Text fz="sm" c="dimmed">
                  เข้า {thaiTime(r.checkin_at)} · ออก {thaiTime(r.checkout_at)}
                </Text>
                {r.reason ? (
                  <Text fz="sm" data-testid="history-reason">
                    {r.reason}
                  </Text>
                ) : null}
              </div>
              <Stack gap={4} align="flex-end">
                {recordStatuses(r).map((s) => (
                  <Badge key={s.label} color={s.color} variant="light">
                    {s.label}
                  </Badge>
                ))}
              </Stack>
            </Group>
            <DayCorrection record={r} request={corrections.latest.get(r.work_date)} onSent={corrections.reload} initiallyOpen={r.work_date === correctDate} />
          </Paper>
        ))
      )}
    </Stack>
  );
}
