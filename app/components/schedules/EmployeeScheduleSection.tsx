import { Button, Table, Text } from "@mantine/core";
import { IconCalendarTime } from "@tabler/icons-react";
import { Section } from "~/components/employees/ProfileSections";
import { formatThaiDate } from "~/lib/thai-date";
import type { EmployeeScheduleHistory } from "~/models/schedules/schedule-schema";
import type { ScheduleOption } from "./ScheduleAssignDialog";

const fromText = (from: string | null) => (from ? formatThaiDate(from) : "เริ่มงาน");

/** The profile's schedule: the one in force today, every change from a date, and the button to change it. */
export function EmployeeScheduleSection({
  schedule,
  schedules,
  today,
  onChange,
}: {
  schedule: EmployeeScheduleHistory;
  schedules: readonly ScheduleOption[];
  today: string;
  onChange?: () => void;
}) {
  const summary = schedules.find((s) => s.id === schedule.current.schedule_id)?.summary;
  return (
    <Section
      title="ตารางเวลาทำงาน"
      extra={
        onChange ? (
          <Button variant="default" size="xs" leftSection={<IconCalendarTime size={14} />} onClick={onChange}>
            เปลี่ยนตารางเวลา
          </Button>
        ) : null
      }
    >
      <Text fz="sm" fw={500} data-testid="current-schedule">
        {schedule.current.name}
      </Text>
      {summary ? (
        <Text fz="sm" c="dimmed">
          {summary}
        </Text>
      ) : null}
      <Table verticalSpacing={4} mt="sm" aria-label="ประวัติตารางเวลาทำงาน">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>มีผลตั้งแต่</Table.Th>
            <Table.Th>ตารางเวลา</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.history.map((entry) => (
            <Table.Tr key={entry.from ?? "start"}>
              <Table.Td>
                {fromText(entry.from)}
                {entry.from && entry.from > today ? (
                  <Text span fz="xs" c="orange.8">
                    {" "}
                    (ล่วงหน้า)
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{entry.name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
