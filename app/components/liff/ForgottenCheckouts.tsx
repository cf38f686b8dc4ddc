import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Link } from "@remix-run/react";
import { formatThaiDate } from "~/lib/thai-date";
import type { ForgottenCheckout } from "~/models/flows/forgotten-checkouts.server";
import { thaiTime } from "./thai-time";

export const FORGOTTEN_CHECKOUT_TITLE = "ลืมลงเวลาออกงาน";

/** The check-in page opens that day's correction form in its history (`?correct=YYYY-MM-DD`). */
export const correctionLink = (date: string) => `/employee/checkin-out?correct=${date}#day-${date}`;

/** The home's list of the last week's days without a check-out, each with a way to ask for the correction. */
export function ForgottenCheckouts({ days }: { days: readonly ForgottenCheckout[] }) {
  if (days.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={FORGOTTEN_CHECKOUT_TITLE} style={{ borderColor: "var(--mantine-color-red-4)" }}>
      <Stack gap="xs">
        <Text fw={700} c="red.8">
          {FORGOTTEN_CHECKOUT_TITLE}
        </Text>
        <Text fz="sm">ส่งคำขอแก้ไขเวลาออกงานให้ผู้ดูแลอนุมัติ</Text>
        {days.map((d) => (
          <Group key={d.work_date} justify="space-between" wrap="nowrap" data-testid="forgotten-checkout">
            <div>
              <Text fw={600}>{formatThaiDate(d.work_date)}</Text>
              <Text fz="sm" c="dimmed">
                เข้า {thaiTime(d.checkin_at)} · ไม่ได้ลงเวลาออก
              </Text>
            </div>
            <Button component={Link} to={correctionLink(d.work_date)} size="compact-md" variant="light" color="red" aria-label={`ขอแก้ไขเวลา ${formatThaiDate(d.work_date)}`}>
              ขอแก้ไขเวลา
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
