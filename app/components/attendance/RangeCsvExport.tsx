import { Button, Popover, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { dayjs } from "~/lib/thai-date";

/** The server's limit on one export (MAX_REPORT_DAYS). */
const MAX_DAYS = 366;

export function rangeProblem(from: string | null, to: string | null): string | null {
  if (!from || !to) return "กรุณาเลือกวันที่เริ่มและวันที่สิ้นสุด";
  if (to < from) return "วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม";
  if (dayjs(to).diff(dayjs(from), "day") + 1 > MAX_DAYS) return `ช่วงวันที่ต้องไม่เกิน ${MAX_DAYS} วัน`;
  return null;
}

/**
 * "ส่งออก CSV" for a date range: a small form whose GET opens `action`?…&format=csv (the attendance
 * export unless told), which the browser downloads (the page stays). Starts at the first of
 * `date`'s month up to `date`.
 */
export function RangeCsvExport({
  date,
  action = "/api/checkin-out",
  label = "ส่งออกการลงเวลาเป็น CSV",
}: {
  date: string;
  action?: string;
  label?: string;
}) {
  const [from, setFrom] = useState<string | null>(dayjs(date).startOf("month").format("YYYY-MM-DD"));
  const [to, setTo] = useState<string | null>(date);
  const problem = rangeProblem(from, to);
  const asDate = (value: string | null) => (value ? dayjs(value).format("YYYY-MM-DD") : null);

  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="light" size="sm" leftSection={<IconDownload size={16} />}>
          ส่งออก CSV
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form method="get" action={action} aria-label={label}>
          <input type="hidden" name="format" value="csv" />
          <Stack gap="xs" w={240}>
            <ThaiDateInput label="ตั้งแต่วันที่" name="from" value={from} onChange={(v) => setFrom(asDate(v))} clearable={false} />
            <ThaiDateInput label="ถึงวันที่" name="to" value={to} onChange={(v) => setTo(asDate(v))} clearable={false} />
            {problem ? (
              <Text c="red" fz="xs" role="alert">
                {problem}
              </Text>
            ) : null}
            <Button type="submit" disabled={problem != null} leftSection={<IconDownload size={16} />}>
              ดาวน์โหลด CSV
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
