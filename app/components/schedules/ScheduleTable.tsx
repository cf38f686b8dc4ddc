import { ActionIcon, Badge } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import { DataList, type Columns } from "~/components/DataList";
import { PlainText } from "~/components/PlainMantine";
import { formatThaiDate } from "~/lib/thai-date";
import { daysSummary } from "~/models/schedules/labels";
import type { ScheduleDto } from "~/models/schedules/schedule-schema";

function Name({ schedule }: { schedule: ScheduleDto }) {
  return (
    <>
      <PlainText fz="sm" fw={500}>
        {schedule.name}
      </PlainText>
      {schedule.is_default ? (
        <Badge variant="light" size="sm" mt={4}>
          ค่าเริ่มต้น
        </Badge>
      ) : null}
    </>
  );
}

function Days({ schedule }: { schedule: ScheduleDto }) {
  return (
    <>
      <PlainText fz="sm">{daysSummary(schedule.days)}</PlainText>
      {schedule.upcoming.map((v) => (
        <PlainText key={v.from} fz="xs" c="orange.8">
          ตั้งแต่ {formatThaiDate(v.from)}: {daysSummary(v.days)}
        </PlainText>
      ))}
    </>
  );
}

const graceText = (s: ScheduleDto) =>
  s.late_grace_minutes || s.early_grace_minutes ? `สาย ${s.late_grace_minutes} · ออกก่อน ${s.early_grace_minutes} นาที` : "ไม่มี";

/** The schedules: a table on a wide screen, a card each on a phone. */
export function ScheduleTable({ items, onEdit }: { items: ScheduleDto[]; onEdit: (schedule: ScheduleDto) => void }) {
  const columns: Columns<ScheduleDto> = [
    { header: "ชื่อ", cell: (s) => <Name schedule={s} />, card: "title" },
    { header: "วันและเวลาทำงาน", cell: (s) => <Days schedule={s} /> },
    { header: "ผ่อนผัน", cell: (s) => <PlainText fz="sm">{graceText(s)}</PlainText> },
    { header: "พนักงาน", cell: (s) => <PlainText fz="sm">{s.employee_count.toLocaleString("th-TH")} คน</PlainText> },
    {
      header: "แก้ไข",
      hideHeader: true,
      width: 48,
      card: "actions",
      cell: (s) => (
        <ActionIcon variant="subtle" aria-label={`แก้ไข ${s.name}`} onClick={() => onEdit(s)}>
          <IconEdit size={18} />
        </ActionIcon>
      ),
    },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(s) => s.id}
      columns={columns}
      minWidth={640}
      label="ตารางเวลาทำงาน"
      testIds={{ row: "schedule-row", cards: "schedule-cards", card: "schedule-card" }}
    />
  );
}
