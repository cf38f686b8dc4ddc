import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import IconLogin from "@tabler/icons-react/dist/esm/icons/IconLogin.mjs";
import IconLogout from "@tabler/icons-react/dist/esm/icons/IconLogout.mjs";
import { Link } from "@remix-run/react";
import { formatThaiDateLong } from "~/lib/thai-date";
import type { EmployeeToday } from "~/models/attendance/employee-today.server";
import { DayTime } from "./DayTime";

// The home stays light (ADR 028): the status word comes from the server, so neither the
// attendance labels nor a Badge is loaded here.

export const DAY_DONE_TEXT = "ลงเวลาครบแล้ววันนี้";
export const REST_DAY_TEXT = "วันนี้ไม่ต้องลงเวลา";
export const HALF_LEAVE_TEXT = "ลาครึ่งวัน: ลงเวลาสำหรับครึ่งวันที่มาทำงาน";

const REVIEW_TEXT: Partial<Record<NonNullable<EmployeeToday["review_status"]>, { text: string; color: string }>> = {
  pending: { text: "รอผู้ดูแลตรวจสอบ", color: "yellow.9" },
  accepted: { text: "ผู้ดูแลตรวจแล้ว", color: "green.9" },
  rejected: { text: "ไม่ผ่านการตรวจสอบ", color: "red.8" },
};

/** A day with nothing to record: a holiday, the weekly day off or a whole day of approved leave (the status says which). */
const restDay = (today: EmployeeToday) =>
  today.next === "in" && (today.status === "holiday" || today.status === "day_off" || (today.status === "leave" && today.leave?.part === "full"));

function NextStep({ today }: { today: EmployeeToday }) {
  if (today.next === "done") return <Text fw={600} c="teal.9">✓ {DAY_DONE_TEXT}</Text>;
  if (restDay(today)) return <Text fw={600}>{REST_DAY_TEXT}</Text>;
  const checkIn = today.next === "in";
  return (
    <Stack gap={6}>
      {checkIn && today.leave ? <Text fz="sm">{HALF_LEAVE_TEXT}</Text> : null}
      <Button component={Link} to="/employee/checkin-out" size="md" fullWidth color={checkIn ? "blue" : "teal"}
        leftSection={checkIn ? <IconLogin size={20} /> : <IconLogout size={20} />}>
        {checkIn ? "ลงเวลาเข้างาน" : "ลงเวลาออกงาน"}
      </Button>
    </Stack>
  );
}

/**
 * The employee home's card of today: the check-in and check-out times, the status the admins'
 * daily view shows (same word, same reason), the review, and what to do next.
 */
export function TodayOverview({ today }: { today: EmployeeToday }) {
  const review = today.review_status ? REVIEW_TEXT[today.review_status] : undefined;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="การลงเวลาวันนี้" data-testid="today-card">
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          วันนี้ {formatThaiDateLong(today.work_date)}
        </Text>
        <Group grow align="flex-start">
          <div>
            <DayTime label="เข้างาน" at={today.checkin_at} testId="today-checkin" />
          </div>
          <div>
            <DayTime label="ออกงาน" at={today.checkout_at} testId="today-checkout" />
          </div>
        </Group>
        <div data-testid="today-status">
          <Text fw={700} span>
            {today.status_label}
          </Text>
          {review ? (
            <Text fw={600} span c={review.color}>
              {" · "}
              {review.text}
            </Text>
          ) : null}
          <Text fz="sm" c="dimmed">
            {today.reason}
          </Text>
        </div>
        <NextStep today={today} />
      </Stack>
    </Paper>
  );
}
