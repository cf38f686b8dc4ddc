import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { DataList, type Columns } from "~/components/DataList";
import { formatThaiDate } from "~/lib/thai-date";
import { thaiDecimal } from "~/lib/thai-number";
import { OVERTIME_SOURCE_LABELS, OVERTIME_STATUS_COLORS, OVERTIME_STATUS_LABELS } from "~/models/overtime/labels";
import { durationText, windowText } from "~/models/overtime/window";
import type { OvertimeListView } from "./overtime-types";

export type OvertimeAction = "approve" | "reject" | "cancel";

/** The week's hours, and a red badge past the regulation's 36. */
export function WeekHours({ item }: { item: Pick<OvertimeListView, "week_hours" | "over_weekly_limit"> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" c={item.over_weekly_limit ? "red.8" : undefined} fw={item.over_weekly_limit ? 600 : undefined}>
        {thaiDecimal(item.week_hours)} ชม.
      </Text>
      {item.over_weekly_limit ? (
        <Badge color="red" variant="light" size="sm">
          เกิน 36 ชม./สัปดาห์
        </Badge>
      ) : null}
    </Group>
  );
}

function StatusCell({ item }: { item: OvertimeListView }) {
  return (
    <Stack gap={2}>
      <Badge color={OVERTIME_STATUS_COLORS[item.status]} variant="light">
        {OVERTIME_STATUS_LABELS[item.status]}
      </Badge>
      <Text fz="xs" c="dimmed">
        {OVERTIME_SOURCE_LABELS[item.source]}
      </Text>
      {item.decision_note ? (
        <Text fz="xs" c="dimmed">
          หมายเหตุ: {item.decision_note}
        </Text>
      ) : null}
    </Stack>
  );
}

function Actions({ item, onAction }: { item: OvertimeListView; onAction: (action: OvertimeAction, item: OvertimeListView) => void }) {
  const who = `${item.employee.full_name} ${formatThaiDate(item.date)}`;
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      {item.status === "pending" ? (
        <>
          <Button size="compact-sm" color="green" onClick={() => onAction("approve", item)} aria-label={`อนุมัติ ${who}`}>
            อนุมัติ
          </Button>
          <Button size="compact-sm" color="red" variant="light" onClick={() => onAction("reject", item)} aria-label={`ไม่อนุมัติ ${who}`}>
            ไม่อนุมัติ
          </Button>
        </>
      ) : null}
      {item.status === "pending" || item.status === "approved" ? (
        <Button size="compact-sm" variant="default" onClick={() => onAction("cancel", item)} aria-label={`ยกเลิก ${who}`}>
          ยกเลิก
        </Button>
      ) : null}
    </Group>
  );
}

/** A month's overtime: a table on a wide screen, a card per request on a phone, each with its decision buttons. */
export function OvertimeTable({ items, onAction }: { items: OvertimeListView[]; onAction: (action: OvertimeAction, item: OvertimeListView) => void }) {
  const columns: Columns<OvertimeListView> = [
    {
      header: "พนักงาน",
      cell: (o) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {o.employee.full_name}
          </Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {o.employee.code}
          </Text>
        </Stack>
      ),
      card: { title: (o) => `${o.employee.full_name} (${o.employee.code})` },
    },
    {
      header: "วันที่",
      cell: (o) => <Text fz="sm">{formatThaiDate(o.date)}</Text>,
      card: { subtitle: (o) => <Text fz="sm">{`${formatThaiDate(o.date)} · ${windowText(o.start, o.end)}`}</Text> },
    },
    { header: "เวลา", cell: (o) => <Text fz="sm">{windowText(o.start, o.end)}</Text>, card: "hidden" },
    { header: "จำนวน", cell: (o) => <Text fz="sm">{durationText(o.minutes)}</Text> },
    { header: "เหตุผล", maxWidth: 260, cell: (o) => <Text fz="sm">{o.reason}</Text> },
    { header: "รวมสัปดาห์นี้", cell: (o) => <WeekHours item={o} /> },
    { header: "สถานะ", cell: (o) => <StatusCell item={o} /> },
    { header: "การพิจารณา", hideHeader: true, cell: (o) => <Actions item={o} onAction={onAction} />, card: "actions" },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(o) => o.id}
      columns={columns}
      minWidth={980}
      label="รายการทำงานล่วงเวลา"
      firstFields={["จำนวน", "รวมสัปดาห์นี้", "สถานะ"]}
      testIds={{ row: "overtime-row", cards: "overtime-cards", card: "overtime-card" }}
    />
  );
}
