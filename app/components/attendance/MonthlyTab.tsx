import { ActionIcon, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { MonthPickerInput } from "@mantine/dates";
import { IconChevronLeft, IconChevronRight, IconDownload, IconUsersGroup } from "@tabler/icons-react";
import { useTabParams } from "~/components/tab-params";
import { shiftMonth } from "~/lib/iso-day";
import { EmptyState } from "~/components/EmptyState";
import { PhoneCard, PhoneCardList, ResponsiveList } from "~/components/PhoneCards";
import { dayjs } from "~/lib/thai-date";
import {
  DAY_CODE_LEGEND,
  HALF_LEAVE_HALF_ABSENT,
  TOTAL_KEYS,
  WEEKDAY_SHORT,
  type DayKind,
  type MonthlyTotals,
} from "~/models/attendance/codes";
import { TOTAL_LABELS } from "~/models/attendance/labels";
import { useLabelWithValue } from "~/components/value-label";
import { KeysetPager } from "./KeysetPager";

export type MonthlyTabData = {
  month: string;
  days: { date: string; weekday: number; kind: DayKind }[];
  items: {
    employee: { id: number; code: string; full_name: string };
    days: Record<string, string>;
    totals: MonthlyTotals;
    /** Weeks whose approved overtime and holiday work passed 36 hours (a warning). */
    weeks_over_limit?: { week_start: string; hours: number }[];
  }[];
  /** Employees in the sheet (all pages). */
  total: number;
  page_size: number;
  /** The keyset cursors of the pages before and after this one (null: none). */
  prev_cursor: string | null;
  next_cursor: string | null;
};

const CODE_COLORS: Record<string, string> = {
  ม: "green",
  ส: "orange",
  อ: "yellow",
  ลืม: "pink",
  ข: "red",
  ล: "blue",
  [HALF_LEAVE_HALF_ABSENT]: "violet",
  ห: "gray",
};


export const monthlyCsvUrl = (month: string) => `/api/checkin-out/monthly?month=${month}&format=csv`;
/** An employee's printable timesheet of the month (the payroll's page). */
const timesheetUrl = (id: number, month: string) => `/admin/employee/${id}/timesheet?month=${month}`;

function MonthlySheet({ data }: { data: MonthlyTabData }) {
  return (
  // Plain elements: a page is ~2,000 cells, too many for a component each (server render time).
  // Focusable, so a keyboard can scroll the days sideways (the sheet has no control of its own).
  <div className="monthly-sheet-scroll" tabIndex={0} role="region" aria-label="ตารางลงเวลารายเดือน">
    <table className="monthly-sheet">
      <thead>
        <tr>
          <th className="monthly-sheet-name">พนักงาน</th>
          {data.days.map((d) => (
            <th key={d.date} data-kind={d.kind} title={d.kind === "holiday" ? "วันหยุด" : undefined}>
              <div>{Number(d.date.slice(8))}</div>
              <div className="monthly-sheet-dim">{WEEKDAY_SHORT[d.weekday - 1]}</div>
            </th>
          ))}
          {TOTAL_KEYS.map((k) => (
            <th key={k} className="monthly-sheet-total">
              {TOTAL_LABELS[k]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.items.map(({ employee, days, totals, weeks_over_limit }) => (
          <tr key={employee.id} data-testid="monthly-row">
            <td className="monthly-sheet-name">
              <div className="monthly-sheet-fullname">
                <a href={timesheetUrl(employee.id, data.month)}>{employee.full_name}</a>
              </div>
              <div className="monthly-sheet-dim">{employee.code}</div>
              <WeeklyLimitWarning weeks={weeks_over_limit} />
            </td>
            {data.days.map((d) => (
              <td key={d.date} data-kind={d.kind} data-code={days[d.date] || undefined}>
                {days[d.date]}
              </td>
            ))}
            {TOTAL_KEYS.map((k) => (
              <td key={k} className="monthly-sheet-total">
                {totals[k]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
  );
}

/** The Ministerial Regulation's 36 hours a week of overtime and holiday work: a warning, the hours stand. */
export function WeeklyLimitWarning({ weeks }: { weeks?: { week_start: string; hours: number }[] }) {
  if (!weeks || weeks.length === 0) return null;
  const detail = weeks.map((w) => `สัปดาห์เริ่ม ${dayjs(w.week_start).locale("th").format("D MMM")} ${w.hours} ชม.`).join(", ");
  return (
    <Text fz="xs" c="red.8" fw={600} data-testid="weekly-limit-warning">
      โอทีและงานวันหยุดเกิน 36 ชม./สัปดาห์ ({detail})
    </Text>
  );
}

/** The days of the month that are not a plain "ม" (late, absent, leave, forgot to check out...). */
const exceptions = (data: MonthlyTabData, days: Record<string, string>) =>
  data.days.filter((d) => days[d.date] && days[d.date] !== "ม").map((d) => ({ day: Number(d.date.slice(8)), code: days[d.date] }));

/** On a phone: a card per employee with the month's totals and the days that need a look, no 31-column grid. */
function MonthlyCards({ data }: { data: MonthlyTabData }) {
  return (
    <PhoneCardList label="สรุปรายเดือน" testId="monthly-cards">
      {data.items.map(({ employee, days, totals, weeks_over_limit }) => {
        const marked = exceptions(data, days);
        return (
          <PhoneCard
            key={employee.id}
            testId="monthly-card"
            title={employee.full_name}
            subtitle={
              <>
                <Text fz="xs" c="dimmed">
                  {employee.code}
                </Text>
                <WeeklyLimitWarning weeks={weeks_over_limit} />
              </>
            }
            fields={TOTAL_KEYS.map((k) => ({ label: TOTAL_LABELS[k], value: totals[k] }))}
          >
            {marked.length > 0 ? (
              <Group gap={4} mt="xs" aria-label="วันที่มีรายการ">
                {marked.map(({ day, code }) => (
                  <Badge key={day} size="sm" variant="light" color={CODE_COLORS[code] ?? "gray"} radius="sm" tt="none">
                    {day}: {code}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </PhoneCard>
        );
      })}
    </PhoneCardList>
  );
}

/** The monthly sheet: a row per employee, a short code per day, the month's totals. */
export function MonthlyTab({ data }: { data: MonthlyTabData }) {
  const [, update] = useTabParams("monthly", { resetPage: true });
  // Another month starts again at its first page.
  const go = ({ month }: { month: string }) => update({ month, after: null, before: null });
  const monthName = useLabelWithValue("เดือน");

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <ActionIcon variant="default" size="lg" aria-label="เดือนก่อนหน้า" onClick={() => go({ month: shiftMonth(data.month, -1) })}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        {monthName.label}
        <MonthPickerInput
          {...monthName.props}
          value={`${data.month}-01`}
          onChange={(value) => value && go({ month: dayjs(value).format("YYYY-MM") })}
          valueFormat="MMMM BBBB"
          yearLabelFormat="BBBB"
          decadeLabelFormat="BBBB"
          yearsListFormat="BBBB"
          monthsListFormat="MMM"
          popoverProps={{ zIndex: 1200 }}
          w={180}
        />
        <ActionIcon variant="default" size="lg" aria-label="เดือนถัดไป" onClick={() => go({ month: shiftMonth(data.month, 1) })}>
          <IconChevronRight size={18} />
        </ActionIcon>
        <Text c="dimmed" fz="sm">
          พนักงาน {data.total} คน
        </Text>
        <Button
          component="a"
          href={monthlyCsvUrl(data.month)}
          download
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} />}
          ml="auto"
        >
          ส่งออก CSV
        </Button>
      </Group>

      <Group gap="xs" wrap="wrap" aria-label="คำอธิบายรหัส" data-testid="monthly-legend">
        {DAY_CODE_LEGEND.map(({ code, label }) => (
          <Badge key={code} variant="light" color={CODE_COLORS[code]} radius="sm" tt="none">
            {code} = {label}
          </Badge>
        ))}
        <Text fz="xs" c="dimmed">
          ช่องว่าง = ยังไม่ถึงวันหรือยังไม่ครบเวลาทำงาน, ก่อนเริ่มนับการลงเวลา, หรือยังไม่ได้เป็น/พ้นจากการเป็นพนักงาน
        </Text>
      </Group>

      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={24} />}
          title={data.total === 0 ? "ไม่มีพนักงานในเดือนนี้" : "ไม่มีรายการในหน้านี้"}
          hint={data.total === 0 ? "ยังไม่มีพนักงานที่ทำงานในเดือนที่เลือก" : "กลับไปหน้าแรกของเดือนนี้"}
        />
      ) : (
        <ResponsiveList table={<MonthlySheet data={data} />} cards={<MonthlyCards data={data} />} />
      )}

      {data.prev_cursor || data.next_cursor ? (
        <KeysetPager prevCursor={data.prev_cursor} nextCursor={data.next_cursor} total={data.total} unit="คน" />
      ) : null}
    </Stack>
  );
}
