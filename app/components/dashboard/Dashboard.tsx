import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle, IconBuildingStore, IconUsers } from "@tabler/icons-react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_MENU } from "~/components/admin-menu";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { PlainBadge, PlainGroup, PlainText } from "~/components/PlainMantine";
import { typeLabel } from "~/components/leave/leave-labels";
import { spanText, type PetitionHalf } from "~/models/leave/labels";
import { formatThaiDate, formatThaiDateLong } from "~/lib/thai-date";
import { formatSecondsThai } from "~/lib/thai-duration";
import { TODAY_BUCKET_LABELS, TODAY_BUCKETS, type DayKind, type TodayBucket } from "~/models/dashboard/buckets";
import { MACHINE_VISIT_STATUSES } from "~/models/machines/rules";
import { MACHINE_VISIT_STATUS_LABELS } from "~/models/machines/labels";
import { AttendanceTrendChart, LeaveByTypeChart, type LeaveByTypeView, type TrendDayView } from "./DashboardCharts";
import { BUCKET_COLORS, bucketLink, LINKS } from "./dashboard-links";

type Person = { id: number; code: string; full_name: string };
type Span = { start_date: string; end_date: string; half: PetitionHalf };
type MachineAlert = { id: number; code: string; name: string; due_date: string | null; last_visit_date: string | null; last_status: string | null };
type Listed<T> = { total: number; items: T[] };

export type DashboardData = {
  today: { date: string; headcount: number; counts: Record<TodayBucket, number>; day: DayKind };
  replication_warning: { lag_seconds: number; problem: string | null } | null;
  pending_leave: Listed<Span & { id: number; employee: Person; type: number; days: number }>;
  away: Listed<Span & { id: number; employee: Person; type: number; on_leave_today: boolean }> & { from: string; to: string; people: number };
  machines: { active: number; overdue: Listed<MachineAlert>; problems: Listed<MachineAlert> };
  trend: TrendDayView[];
  leave_by_type: LeaveByTypeView;
};

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="start">
        <Text fw={600}>{title}</Text>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

const more = (shown: number, total: number) =>
  total > shown ? (
    <Text fz="xs" c="dimmed">
      และอีก {total - shown} รายการ
    </Text>
  ) : null;

function TodayCard({ today }: { today: DashboardData["today"] }) {
  const shown = TODAY_BUCKETS.filter((b) => b !== "off" || today.counts.off > 0 || today.day.kind !== "work");
  const dayNote =
    today.day.kind === "holiday" ? `วันหยุด: ${today.day.name}` : today.day.kind === "day_off" ? "วันหยุดประจำสัปดาห์" : null;
  return (
    <Card
      title={`การลงเวลาวันนี้ · ${formatThaiDateLong(today.date)}`}
      action={
        <Anchor component={Link} to={`/admin/checkin-out?tab=daily&date=${today.date}`} fz="sm">
          ดูรายวัน
        </Anchor>
      }
    >
      {dayNote ? (
        <Badge variant="light" color="grape" mb="sm">
          {dayNote}
        </Badge>
      ) : null}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {shown.map((b) => (
          <UnstyledButton
            key={b}
            component={Link}
            to={bucketLink(b, today.date, today.day)}
            aria-label={`${TODAY_BUCKET_LABELS[b]} ${today.counts[b]} คน`}
            data-testid={`today-${b}`}
          >
            <Paper withBorder p="xs" radius="md" h="100%">
              {/* The label and the count apart by a space: "มาสาย 2", as the eye reads it, is then
                  word for word in the link's name (WCAG 2.5.3, as axe-core checks it). */}
              <Text fz="xs" c="dimmed" lh={1.3}>
                {TODAY_BUCKET_LABELS[b]}
              </Text>{" "}
              <PlainText fz="xl" fw={700} c={BUCKET_COLORS[b]}>
                {today.counts[b]}
              </PlainText>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt="sm">
        พนักงาน {today.headcount} คน ทุกช่องรวมกันเท่ากับจำนวนพนักงาน (มาสายไม่นับรวมในมาทำงาน ผู้ที่รอตรวจสอบการลงเวลานับในช่องรอตรวจสอบเท่านั้น
        ลาหรือขาดงานครึ่งวันนับครึ่งคนในช่องนั้น)
      </Text>
    </Card>
  );
}

function PendingLeaveCard({ data }: { data: DashboardData["pending_leave"] }) {
  return (
    <Card
      title={`คำขอลารออนุมัติ (${data.total})`}
      action={
        <Anchor component={Link} to={LINKS.pendingLeave} fz="sm">
          พิจารณาคำขอ
        </Anchor>
      }
    >
      {data.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          ไม่มีคำขอลาที่รออนุมัติ
        </Text>
      ) : (
        <Stack gap={6}>
          {data.items.map((p) => (
            <div key={p.id}>
              <PlainText fz="sm" fw={500}>
                {p.employee.full_name} · {typeLabel(p.type)}
              </PlainText>
              <PlainText fz="xs" c="dimmed">
                {spanText(p)}
              </PlainText>
            </div>
          ))}
          {more(data.items.length, data.total)}
        </Stack>
      )}
    </Card>
  );
}

function AwayCard({ data }: { data: DashboardData["away"] }) {
  return (
    <Card
      title={`ลาในสัปดาห์นี้ (${data.people} คน)`}
      action={
        <Anchor component={Link} to={LINKS.leaveCalendar(data.from.slice(0, 7))} fz="sm">
          ปฏิทินการลา
        </Anchor>
      }
    >
      <Text fz="xs" c="dimmed" mb="xs">
        {formatThaiDate(data.from)} – {formatThaiDate(data.to)} (อนุมัติแล้ว)
      </Text>
      {data.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          ไม่มีผู้ลาในสัปดาห์นี้
        </Text>
      ) : (
        <Stack gap={6}>
          {data.items.map((p) => (
            <PlainGroup key={p.id} gap="xs" wrap="nowrap" justify="space-between">
              <div>
                <PlainText fz="sm" fw={500}>
                  {p.employee.full_name}
                </PlainText>
                <PlainText fz="xs" c="dimmed">
                  {typeLabel(p.type)} · {spanText(p)}
                </PlainText>
              </div>
              {p.on_leave_today ? (
                <PlainBadge size="sm" variant="light" color="blue">
                  วันนี้
                </PlainBadge>
              ) : null}
            </PlainGroup>
          ))}
          {more(data.items.length, data.total)}
        </Stack>
      )}
    </Card>
  );
}

function statusLabel(status: string | null) {
  const known = MACHINE_VISIT_STATUSES.find((s) => s === status);
  return known ? MACHINE_VISIT_STATUS_LABELS[known] : (status ?? "ยังไม่เคยมีรายงาน");
}

function MachineList({ items, total, detail }: Listed<MachineAlert> & { detail: (m: MachineAlert) => string }) {
  return (
    <Stack gap={6}>
      {items.map((m) => (
        <div key={m.id}>
          <PlainText fz="sm" fw={500}>
            {m.code} · {m.name}
          </PlainText>
          <PlainText fz="xs" c="dimmed">
            {detail(m)}
          </PlainText>
        </div>
      ))}
      {more(items.length, total)}
    </Stack>
  );
}

function MachinesCard({ data }: { data: DashboardData["machines"] }) {
  return (
    <Card title="ตู้ที่ต้องดูแล">
      {data.active === 0 ? (
        <EmptyState icon={<IconBuildingStore />} title="ยังไม่มีตู้ที่ใช้งาน" hint="เพิ่มตู้ได้ที่เมนูตู้จำหน่ายสินค้า" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" c="red" fw={600}>
                เลยกำหนดเข้าดูแล {data.overdue.total} ตู้
              </Text>
              <Anchor component={Link} to={LINKS.overdueMachines} fz="sm">
                ดูตู้ที่เลยกำหนด
              </Anchor>
            </Group>
            <MachineList {...data.overdue} detail={(m) => `ครบกำหนด ${m.due_date ? formatThaiDate(m.due_date) : "–"}`} />
          </Stack>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" c="orange" fw={600}>
                มีปัญหาค้างอยู่ {data.problems.total} ตู้
              </Text>
              <Anchor component={Link} to={LINKS.machineVisits} fz="sm">
                ดูรายงาน
              </Anchor>
            </Group>
            <MachineList
              {...data.problems}
              detail={(m) => `${statusLabel(m.last_status)}${m.last_visit_date ? ` เมื่อ ${formatThaiDate(m.last_visit_date)}` : ""}`}
            />
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}

/** The off-site copy has fallen behind: what the office risks losing, and where to look. */
function ReplicationWarning({ warning }: { warning: NonNullable<DashboardData["replication_warning"]> }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title="ข้อมูลยังไม่ได้สำรองออกนอกเครื่อง" data-testid="replication-warning">
      <Text fz="sm">
        ข้อมูลที่บันทึกในช่วง {formatSecondsThai(warning.lag_seconds)} ที่ผ่านมายังไม่ถึงปลายทางสำรอง ถ้าเครื่องเสียตอนนี้ข้อมูลช่วงนี้จะหายไป
        {warning.problem ? ` (${warning.problem})` : ""}
      </Text>
      <Anchor component={Link} to="/admin/settings" fz="sm">
        ดูสถานะการสำรองข้อมูลต่อเนื่อง
      </Anchor>
    </Alert>
  );
}

/** The admin home: today's attendance, leave waiting and away, cabinets needing a visit, two charts. */
export function Dashboard({ data }: { data: DashboardData }) {
  return (
    <PageFrame title="ภาพรวม" description="สรุปงานที่ต้องดูแลวันนี้">
      {data.replication_warning ? <ReplicationWarning warning={data.replication_warning} /> : null}
      {data.today.headcount === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconUsers />} title="ยังไม่มีพนักงานในระบบ" hint="เพิ่มพนักงานได้ที่เมนูด้านล่าง แล้วสรุปการลงเวลาจะแสดงที่นี่" />
        </Paper>
      ) : (
        <TodayCard today={data.today} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PendingLeaveCard data={data.pending_leave} />
        <AwayCard data={data.away} />
      </SimpleGrid>
      <MachinesCard data={data.machines} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AttendanceTrendChart trend={data.trend} />
        <LeaveByTypeChart data={data.leave_by_type} />
      </SimpleGrid>
      <Group gap="xs" component="nav" aria-label="ไปยังส่วนต่าง ๆ">
        {ADMIN_MENU.map(({ to, label, icon: Icon }) => (
          <Button key={to} component={Link} to={to} variant="default" size="xs" leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Button>
        ))}
      </Group>
    </PageFrame>
  );
}
