import { ActionIcon, Badge, Box, Group, Modal, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { formatThaiDateLong, formatThaiMonth } from "~/lib/thai-date";
import { shiftMonth } from "~/lib/iso-day";
import { PlainUnstyledButton } from "~/components/PlainControls";
import { PlainBadge, PlainGroup, PlainPaper, PlainText, rem } from "~/components/PlainMantine";
import { monthGrid, type CalendarDay, type CalendarPetition } from "./leave-calendar-grid";
import { HALF_LABELS } from "~/models/leave/labels";
import { LeaveTypeDot } from "./LeaveTypeDot";

export type CalendarTabData = {
  month: string;
  first: string;
  last: string;
  items: CalendarPetition[];
  holidays: { date: string; name: string; kind: string }[];
  work_days: number[];
};

const WEEKDAYS = ["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."];

const monthTitle = formatThaiMonth;

function counts(day: CalendarDay) {
  const approved = day.away.filter((p) => p.status === LeaveStatus.approve).length;
  return { approved, pending: day.away.length - approved };
}

/** The distinct leave types of some petitions, by id. */
const typesOf = (petitions: readonly CalendarPetition[]) => [...new Set(petitions.map((p) => p.type))].sort((a, b) => a - b);

function DayCell({ day, onOpen }: { day: CalendarDay; onOpen: (day: CalendarDay) => void }) {
  const { approved, pending } = counts(day);
  const label = `${formatThaiDateLong(day.date)}${day.holiday ? ` ${day.holiday}` : ""}: ลาอนุมัติ ${approved} คน รออนุมัติ ${pending} คน`;
  // A day of the month is named in words (the date, the holiday, who is away) and the cell's
  // figures are hidden from screen readers: an aria-label would not contain what the eye reads
  // ("10", then "1" and "1" in badges), which speech input needs (WCAG 2.5.3).
  return (
    <PlainUnstyledButton
      onClick={() => onOpen(day)}
      disabled={!day.inMonth}
      style={{ display: "block", width: "100%", height: "100%", minHeight: 72, opacity: day.inMonth ? 1 : 0.35 }}
    >
      {day.inMonth ? <span className="visually-hidden">{label}</span> : null}
      <PlainPaper p={4} h="100%" bg={day.holiday ? "red.0" : day.dayOff ? "gray.0" : undefined} aria-hidden={day.inMonth || undefined}>
        <PlainText fz="sm" fw={600} c={day.holiday || day.dayOff ? "red.7" : undefined}>
          {Number(day.date.slice(8))}
        </PlainText>
        {day.inMonth && day.holiday ? (
          <PlainText fz={10} c="red.7" lineClamp={2}>
            {day.holiday}
          </PlainText>
        ) : null}
        <PlainGroup gap={2} style={{ marginTop: rem(2) }}>
          {approved > 0 ? (
            <PlainBadge size="xs" color="green" variant="filled">
              {approved}
            </PlainBadge>
          ) : null}
          {pending > 0 ? (
            <PlainBadge size="xs" color="yellow" variant="outline">
              {pending}
            </PlainBadge>
          ) : null}
        </PlainGroup>
        {day.away.length > 0 ? (
          <PlainGroup gap={2} style={{ marginTop: rem(2) }} data-testid="day-types">
            {typesOf(day.away).map((t) => (
              <LeaveTypeDot key={t} type={t} size={8} />
            ))}
          </PlainGroup>
        ) : null}
      </PlainPaper>
    </PlainUnstyledButton>
  );
}

/** The month grid of leave (Monday first): approved and pending in distinct colours, holidays marked, click a day for who. */
export function CalendarTab({ data }: { data: CalendarTabData }) {
  const [, setParams] = useSearchParams();
  const [open, setOpen] = useState<CalendarDay | null>(null);
  const weeks = monthGrid(data.first, data.last, data.items, data.holidays, data.work_days);
  const go = (month: string) => setParams({ tab: "calendar", month }, { preventScrollReset: true });

  return (
    <Stack>
      <Group justify="space-between">
        <ActionIcon variant="default" aria-label="เดือนก่อนหน้า" onClick={() => go(shiftMonth(data.month, -1))}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} fz="lg">
          {monthTitle(data.month)}
        </Text>
        <ActionIcon variant="default" aria-label="เดือนถัดไป" onClick={() => go(shiftMonth(data.month, 1))}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Group gap="md" fz="sm">
        <Group gap={4}>
          <Badge size="xs" color="green" variant="filled">
            n
          </Badge>
          <Text fz="sm">อนุมัติแล้ว</Text>
        </Group>
        <Group gap={4}>
          <Badge size="xs" color="yellow" variant="outline">
            n
          </Badge>
          <Text fz="sm">รออนุมัติ</Text>
        </Group>
        <Group gap={4}>
          <Box w={12} h={12} bg="red.0" style={{ border: "1px solid var(--mantine-color-red-3)" }} />
          <Text fz="sm">วันหยุด</Text>
        </Group>
        {typesOf(data.items).map((t) => (
          <Group key={t} gap={4} wrap="nowrap" data-testid="type-legend">
            <LeaveTypeDot type={t} />
            <Text fz="sm">{LEAVE_TYPE_LABELS[t] ?? t}</Text>
          </Group>
        ))}
      </Group>
      {/* A table, not a grid: the days are buttons reached with Tab, not a composite widget. Fixed
          columns that share the width, so a phone shows the whole week (Sunday too) unscrolled. */}
      <table className="leave-calendar" aria-label={`ปฏิทินการลา ${monthTitle(data.month)}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((day) => (
                <td key={day.date}>
                  <DayCell day={day} onOpen={setOpen} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" fz="sm">
          ไม่มีการลาในเดือนนี้
        </Text>
      ) : null}
      <Modal opened={open != null} onClose={() => setOpen(null)} title={open ? formatThaiDateLong(open.date) : ""}>
        {open?.holiday ? <Text c="red.7">{open.holiday}</Text> : null}
        {open && open.away.length === 0 ? <Text c="dimmed">ไม่มีผู้ลาในวันนี้</Text> : null}
        <Stack gap="xs">
          {open?.away.map((p) => (
            <PlainGroup key={p.id} justify="space-between" wrap="nowrap">
              <div>
                <PlainText fw={500}>{p.employee.full_name}</PlainText>
                <PlainGroup gap={6} wrap="nowrap">
                  <LeaveTypeDot type={p.type} />
                  <PlainText fz="sm" c="dimmed">
                    {LEAVE_TYPE_LABELS[p.type]} · {HALF_LABELS[p.half]}
                  </PlainText>
                </PlainGroup>
              </div>
              <PlainBadge color={p.status === LeaveStatus.approve ? "green" : "yellow"} variant={p.status === LeaveStatus.approve ? "filled" : "outline"}>
                {p.status === LeaveStatus.approve ? "อนุมัติ" : "รออนุมัติ"}
              </PlainBadge>
            </PlainGroup>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}
