import { BarChart } from "@mantine/charts";
import { Anchor, Box, Group, Paper, Text } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconChartBar } from "@tabler/icons-react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/EmptyState";
import { formatThaiDate } from "~/lib/thai-date";
import { leaveColor } from "~/components/leave/leave-colors";
import { LINKS } from "./dashboard-links";
import { thaiDecimal } from "~/lib/thai-number";

export type TrendDayView = { date: string; headcount: number; on_time: number; late: number; leave: number; absent: number };
export type LeaveByTypeView = { year: number; items: { type: number; label: string; days: number }[] };

const TREND_SERIES = [
  { name: "on_time", label: "ตรงเวลา", color: "green.6" },
  { name: "late", label: "มาสาย", color: "orange.5" },
  { name: "leave", label: "ลา", color: "blue.5" },
  { name: "absent", label: "ขาดงาน", color: "red.6" },
];

/**
 * The chart once in the browser: it sizes itself from its container, which the server cannot
 * measure, so the server sends a box of the same height instead (and saves rendering a chart).
 */
function Chart({ h, children }: { h: number; children: () => ReactNode }) {
  const mounted = useMounted();
  return mounted ? children() : <Box h={h} />;
}

const shortDate = (date: string) => formatThaiDate(date).split(" ").slice(0, 2).join(" ");
const days = thaiDecimal;

/** Each working day of the last 30 days: on time, late, on leave and absent, stacked to that day's headcount. */
export function AttendanceTrendChart({ trend }: { trend: TrendDayView[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="start">
        <div>
          <Text fw={600}>การมาทำงาน 30 วันที่ผ่านมา</Text>
          <Text fz="xs" c="dimmed">
            เฉพาะวันทำงาน ไม่รวมวันนี้ (คน)
          </Text>
        </div>
        <Anchor component={Link} to={LINKS.monthly} fz="sm">
          ดูรายเดือน
        </Anchor>
      </Group>
      {trend.length === 0 ? (
        <EmptyState icon={<IconChartBar />} title="ยังไม่มีวันทำงานในช่วงนี้" />
      ) : (
        <Chart h={260}>
          {() => (
            <BarChart
              h={260}
              data={trend.map((d) => ({ ...d, label: shortDate(d.date) }))}
              dataKey="label"
              type="stacked"
              series={TREND_SERIES}
              withLegend
              tickLine="none"
              gridAxis="y"
              role="img"
              aria-label="กราฟการมาทำงาน 30 วันที่ผ่านมา"
            />
          )}
        </Chart>
      )}
    </Paper>
  );
}

/** The leave chart's bars: each type in its own colour (never the absence red). */
export const leaveBars = (items: LeaveByTypeView["items"]) => items.map((i) => ({ label: i.label, days: i.days, color: leaveColor(i.type) }));

/** Approved leave days this year per type. */
export function LeaveByTypeChart({ data }: { data: LeaveByTypeView }) {
  const total = data.items.reduce((sum, i) => sum + i.days, 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="start">
        <div>
          <Text fw={600}>วันลาที่อนุมัติ ปี {data.year + 543}</Text>
          <Text fz="xs" c="dimmed">
            รวม {days(total)} วัน แยกตามประเภท
          </Text>
        </div>
        <Anchor component={Link} to={LINKS.leaveStatistics(data.year)} fz="sm">
          ดูสถิติ
        </Anchor>
      </Group>
      {total === 0 ? (
        <EmptyState icon={<IconChartBar />} title="ยังไม่มีวันลาที่อนุมัติในปีนี้" />
      ) : (
        <Chart h={220}>
          {() => (
            <BarChart
              h={220}
              data={leaveBars(data.items)}
              dataKey="label"
              series={[{ name: "days", label: "วัน", color: "blue.6" }]}
              tickLine="none"
              gridAxis="y"
              role="img"
              aria-label={`กราฟวันลาที่อนุมัติ ปี ${data.year + 543}`}
            />
          )}
        </Chart>
      )}
    </Paper>
  );
}
