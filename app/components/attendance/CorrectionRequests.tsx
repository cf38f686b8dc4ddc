import { Card, Group, SegmentedControl, SimpleGrid, Stack, Title } from "@mantine/core";
import { IconClockEdit } from "@tabler/icons-react";
import { useTabParams } from "~/components/tab-params";
import { EmptyState } from "~/components/EmptyState";
import { formatThaiDate } from "~/lib/thai-date";
import { ThaiPagination } from "~/components/ListFooter";
import { PlainBadge, PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import { CORRECTION_STATUS_LABELS } from "~/models/attendance/labels";
import { clockTime } from "./attendance-labels";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";
import { DecisionControls, DecisionNote } from "./DecisionControls";
import { EmployeeCaption } from "./EmployeeCaption";

export type CorrectionStatus = "pending" | "approved" | "rejected";

export type CorrectionRequestItem = {
  correction: {
    id: number;
    work_date: string;
    checkin_at: string | null;
    checkout_at: string | null;
    reason: string;
    status: CorrectionStatus;
    original_checkin_at: string | null;
    original_checkout_at: string | null;
    decision_note: string | null;
  };
  employee: { id: number; code: string; full_name: string; position: string };
  record: { checkin_at: string | null; checkout_at: string | null };
};

export type CorrectionRequestsData = {
  status: CorrectionStatus;
  items: CorrectionRequestItem[];
  total: number;
  page: number;
  page_size: number;
};

export const CORRECTION_STATUS_COLORS: Record<CorrectionStatus, string> = { pending: "yellow", approved: "green", rejected: "red" };

/** One side's change: `08:45 → 08:20`, or the time kept when the request leaves it as it is. */
function Change({ label, from, to }: { label: string; from: string | null; to: string | null }) {
  return (
    <PlainText fz="sm">
      {label} {clockTime(from)}
      {to ? (
        <>
          {" → "}
          <b>{clockTime(to)}</b>
        </>
      ) : (
        <PlainText span c="dimmed" fz="xs">
          {" "}
          (ไม่เปลี่ยน)
        </PlainText>
      )}
    </PlainText>
  );
}

function RequestCard({ item }: { item: CorrectionRequestItem }) {
  const { correction: c, employee, record } = item;
  const pending = c.status === "pending";
  // A pending request is compared with the record as it is now; a decided one with what it replaced.
  const from = pending ? record : { checkin_at: c.original_checkin_at, checkout_at: c.original_checkout_at };
  return (
    <Card withBorder radius="md" data-testid="correction-card">
      <PlainStack gap="xs">
        <PlainGroup justify="space-between" wrap="wrap">
          <EmployeeCaption employee={employee}> · {formatThaiDate(c.work_date)}</EmployeeCaption>
          <PlainBadge variant="light" color={CORRECTION_STATUS_COLORS[c.status]}>
            {CORRECTION_STATUS_LABELS[c.status]}
          </PlainBadge>
        </PlainGroup>
        <Change label="เข้างาน" from={from.checkin_at} to={c.checkin_at} />
        <Change label="ออกงาน" from={from.checkout_at} to={c.checkout_at} />
        <PlainText fz="sm">เหตุผล: {c.reason}</PlainText>
        {pending ? (
          <DecisionControls
            fetcherKey={`attendance-correction-${c.id}`}
            fields={(decision, note) => ({ intent: "correction-decision", id: String(c.id), decision, note })}
            placeholder="เหตุผล (จำเป็นเมื่อไม่อนุมัติ พนักงานจะเห็นข้อความนี้)"
            accept={{ decision: "approve", label: "อนุมัติ" }}
            reject={{
              decision: "reject",
              label: "ไม่อนุมัติ",
              noteRequired: REJECT_NOTE_REQUIRED,
              title: "ไม่อนุมัติคำขอแก้ไขเวลา",
              body: `${employee.full_name} (${employee.code}) วันที่ ${formatThaiDate(c.work_date)} เวลาจะไม่ถูกแก้ไข`,
              confirmLabel: "ไม่อนุมัติ",
            }}
          />
        ) : (
          <DecisionNote note={c.decision_note} />
        )}
      </PlainStack>
    </Card>
  );
}

/** The review tab's section of employees' correction requests, approved (the times applied) or rejected. */
export function CorrectionRequests({ data }: { data: CorrectionRequestsData }) {
  const [, set] = useTabParams("review");
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <Stack gap="md" component="section" aria-label="คำขอแก้ไขเวลา" mt="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="h4">
          คำขอแก้ไขเวลา
        </Title>
        <SegmentedControl
          value={data.status}
          onChange={(value) => set({ corrections: value === "pending" ? null : value, cpage: null })}
          data={Object.entries(CORRECTION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          w="fit-content"
        />
      </Group>
      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconClockEdit size={24} />}
          title={data.status === "pending" ? "ไม่มีคำขอแก้ไขเวลารออนุมัติ" : "ไม่มีรายการ"}
          hint={data.status === "pending" ? "คำขอแก้ไขเวลาจากพนักงานใน LINE จะแสดงที่นี่" : undefined}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {data.items.map((item) => (
            <RequestCard key={item.correction.id} item={item} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? <ThaiPagination value={data.page} total={pages} onChange={(p) => set({ cpage: p === 1 ? null : String(p) })} /> : null}
    </Stack>
  );
}
