import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { clockTimeOf, formatThaiDate, formatThaiDateTime, formatThaiMonth } from "~/lib/thai-date";
import { DAY_CODE_LEGEND, HALF_LEAVE_HALF_ABSENT, TOTAL_KEYS, WEEKDAY_SHORT, type MonthlyTotals } from "~/models/attendance/codes";
import { TOTAL_LABELS } from "~/models/attendance/labels";
import type { ProfileDay } from "~/models/employees/profile.server";
import { LEAVE_TYPE_LABELS } from "~/lib/enums";
import { thumbUrl } from "~/lib/uploads-shared";
import { STATUS_COLORS } from "~/components/machines/machine-status";
import { PlainBadge, PlainGroup, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
import type { MachineVisitStatus } from "~/models/machines/rules";
import { spanText, type PetitionHalf } from "~/models/leave/labels";

export function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}

type Address = {
  address: string;
  district_name: string | null;
  amphur_name: string | null;
  province_name: string | null;
  zipcode: string;
};

/** A Thai postal address: ต./อ./จ., or แขวง/เขต in Bangkok. */
export function thaiAddress(a: Address): string {
  const bangkok = a.province_name === "กรุงเทพมหานคร";
  const parts = [
    a.address.trim(),
    a.district_name ? `${bangkok ? "แขวง" : "ต."}${a.district_name}` : "",
    a.amphur_name ? `${bangkok ? "เขต" : "อ."}${a.amphur_name}` : "",
    a.province_name ? (bangkok ? a.province_name : `จ.${a.province_name}`) : "",
    a.zipcode,
  ];
  return parts.filter(Boolean).join(" ");
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children || "-"}</Text>
    </div>
  );
}

type Details = Address & {
  code: string;
  nickname: string;
  phone: string;
  email: string;
  position: string;
  department: string;
  start_date: string | null;
  resign_date: string | null;
};

export function DetailsSection({ employee }: { employee: Details }) {
  return (
    <Section title="ข้อมูลพนักงาน">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="รหัสพนักงาน">{employee.code}</Field>
        <Field label="ชื่อเล่น">{employee.nickname}</Field>
        <Field label="ตำแหน่ง">{employee.position}</Field>
        <Field label="แผนก">{employee.department}</Field>
        <Field label="เบอร์โทร">{employee.phone}</Field>
        <Field label="อีเมล">{employee.email}</Field>
        <Field label="วันเริ่มงาน">{employee.start_date ? formatThaiDate(employee.start_date) : ""}</Field>
        <Field label="วันที่ลาออก">{employee.resign_date ? formatThaiDate(employee.resign_date) : ""}</Field>
      </SimpleGrid>
      <Stack mt="sm" gap={0}>
        <Field label="ที่อยู่">{thaiAddress(employee)}</Field>
      </Stack>
    </Section>
  );
}

type LineFace = {
  full_name: string;
  line_linked: boolean;
  face_registered: boolean;
  face_url: string | null;
};

export function LineFaceSection({
  employee,
  face,
}: {
  employee: LineFace;
  face: { registered_at: string | null; consent_at: string | null; confirmed_at: string | null };
}) {
  return (
    <Section title="LINE และใบหน้า">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fz="sm" w={110}>
            บัญชี LINE
          </Text>
          <Badge variant="light" color={employee.line_linked ? "green" : "gray"}>
            {employee.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม"}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text fz="sm" w={110}>
            ใบหน้า
          </Text>
          <Badge variant="light" color={employee.face_registered ? "green" : "gray"}>
            {employee.face_registered ? "ลงทะเบียนแล้ว" : "ยังไม่ลงทะเบียน"}
          </Badge>
          {face.confirmed_at ? (
            <Badge variant="outline" color="green">
              ยืนยันแล้ว
            </Badge>
          ) : null}
        </Group>
        {employee.face_url ? (
          <Image src={employee.face_url} alt={`ใบหน้าที่ลงทะเบียนของ ${employee.full_name}`} radius="md" mah={220} w="auto" fit="contain" />
        ) : null}
        {face.registered_at ? <Text fz="xs" c="dimmed">ลงทะเบียนเมื่อ {formatThaiDateTime(face.registered_at)}</Text> : null}
        {face.consent_at ? <Text fz="xs" c="dimmed">ยินยอมเก็บข้อมูลใบหน้าเมื่อ {formatThaiDateTime(face.consent_at)}</Text> : null}
      </Stack>
    </Section>
  );
}

type Day = ProfileDay;

const CODE_LABELS = Object.fromEntries(DAY_CODE_LEGEND.map((l) => [l.code, l.label]));
const CODE_COLORS: Record<string, string> = {
  ม: "green",
  ส: "orange",
  อ: "orange",
  ลืม: "yellow",
  ข: "red",
  ล: "blue",
  [HALF_LEAVE_HALF_ABSENT]: "violet",
  ห: "gray",
};

/** This month as the monthly sheet has it: the totals, then one row per day with the code and the times. */
export function MonthSection({ month }: { month: { month: string; days: Day[]; totals: MonthlyTotals | null } }) {
  return (
    <Section title={`การลงเวลา ${formatThaiMonth(month.month)}`}>
      {month.totals ? (
        <Group gap="lg" mb="sm" wrap="wrap" data-testid="month-totals">
          {TOTAL_KEYS.map((key) => (
            <div key={key}>
              <PlainText fz="xs" c="dimmed">
                {TOTAL_LABELS[key]}
              </PlainText>
              <PlainText fw={600}>{month.totals?.[key]}</PlainText>
            </div>
          ))}
        </Group>
      ) : (
        <Text fz="sm" c="dimmed" mb="sm">
          ไม่ได้อยู่ในรายชื่อพนักงานของเดือนนี้
        </Text>
      )}
      <Table.ScrollContainer minWidth={480} mah={420}>
        <Table verticalSpacing={4} striped stickyHeader aria-label="การลงเวลารายวัน">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>วันที่</Table.Th>
              <Table.Th>สถานะ</Table.Th>
              <Table.Th>เข้างาน</Table.Th>
              <Table.Th>ออกงาน</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {month.days.map((d) => (
              <PlainTr striped key={d.date} data-testid="month-day" style={d.kind === "work" ? undefined : { color: "var(--mantine-color-dimmed)" }}>
                <PlainTd>
                  <PlainText fz="sm">
                    {WEEKDAY_SHORT[d.weekday - 1]} {formatThaiDate(d.date)}
                  </PlainText>
                </PlainTd>
                <PlainTd>
                  {d.code ? (
                    <PlainBadge variant="light" color={CODE_COLORS[d.code] ?? "gray"}>
                      {CODE_LABELS[d.code] ?? d.code}
                    </PlainBadge>
                  ) : (
                    <PlainText fz="sm" c="dimmed">
                      -
                    </PlainText>
                  )}
                </PlainTd>
                <PlainTd>
                  <PlainText fz="sm">
                    {d.checkin_at ? `${clockTimeOf(d.checkin_at)} น.` : "-"}
                    {d.late_minutes > 0 ? ` (สาย ${d.late_minutes} นาที)` : ""}
                  </PlainText>
                </PlainTd>
                <PlainTd>
                  <PlainText fz="sm">
                    {d.checkout_at ? `${clockTimeOf(d.checkout_at)} น.` : "-"}
                    {d.early_minutes > 0 ? ` (ก่อนเวลา ${d.early_minutes} นาที)` : ""}
                  </PlainText>
                </PlainTd>
              </PlainTr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** `quota` and `remaining` are null for a type with no fixed number of days (as the certificate says). */
type Balance = { type: number; quota: number | null; used: number; pending: number; remaining: number | null };
type Petition = {
  id: number;
  type_label: string;
  start_date: string;
  end_date: string;
  half: PetitionHalf;
  days: number;
  reason: string;
  status: number;
  status_label: string;
};

const PETITION_COLORS: Record<number, string> = { 0: "gray", 1: "yellow", 2: "green", 3: "red" };

export function LeaveSection({ leave }: { leave: { year: number; balances: Balance[]; items: Petition[] } }) {
  return (
    <Section title={`การลา ปี ${leave.year + 543}`} extra={<Anchor component={Link} to="/admin/leave-work" fz="sm">ไปที่การลางาน</Anchor>}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="sm">
        {leave.balances.map((b) => (
          <Paper key={b.type} withBorder p="xs" radius="sm" data-testid="leave-balance">
            <PlainText fz="sm" fw={600}>
              {LEAVE_TYPE_LABELS[b.type] ?? b.type}
            </PlainText>
            <PlainText fz="xs" c="dimmed">
              สิทธิ์ {b.quota ?? "ตามใบรับรองแพทย์"} · ใช้ {b.used} · รออนุมัติ {b.pending}
            </PlainText>
            <PlainText fz="sm">{b.remaining === null ? "ลาได้ตามใบรับรองแพทย์" : `คงเหลือ ${b.remaining} วัน`}</PlainText>
          </Paper>
        ))}
      </SimpleGrid>
      {leave.items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          ยังไม่มีใบลาในปีนี้
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} aria-label="ประวัติการลา">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ประเภท</Table.Th>
                <Table.Th>วันที่</Table.Th>
                <Table.Th>จำนวนวัน</Table.Th>
                <Table.Th>สถานะ</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leave.items.map((p) => (
                <PlainTr key={p.id} data-testid="leave-row">
                  <PlainTd>
                    {/* The reason as the browser's own tooltip: a Mantine Tooltip per row cost floating-ui's hooks on every render. */}
                    <PlainText fz="sm" title={p.reason || undefined}>
                      {p.type_label}
                    </PlainText>
                  </PlainTd>
                  <PlainTd>
                    <PlainText fz="sm">{spanText(p)}</PlainText>
                  </PlainTd>
                  <PlainTd>
                    <PlainText fz="sm">{p.days}</PlainText>
                  </PlainTd>
                  <PlainTd>
                    <PlainBadge variant="light" color={PETITION_COLORS[p.status] ?? "gray"}>
                      {p.status_label}
                    </PlainBadge>
                  </PlainTd>
                </PlainTr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

type Machine = {
  id: number;
  code: string;
  name: string;
  type_label: string;
  photo_url: string | null;
  due_date: string | null;
  overdue: boolean;
  last_visit: { visited_at: string; status: MachineVisitStatus; status_label: string; employee_name: string } | null;
};

export function MachinesSection({ machines }: { machines: Machine[] }) {
  return (
    <Section title="ตู้ที่รับผิดชอบ" extra={<Anchor component={Link} to="/admin/vending-machine" fz="sm">ไปที่ตู้จำหน่ายสินค้า</Anchor>}>
      {machines.length === 0 ? (
        <Text fz="sm" c="dimmed">
          ไม่มีตู้ที่มอบหมาย
        </Text>
      ) : (
        <Stack gap="xs">
          {machines.map((m) => (
            <PlainGroup key={m.id} gap="sm" wrap="nowrap" data-testid="machine-row">
              {m.photo_url ? <Image src={thumbUrl(m.photo_url)} alt="" w={44} h={44} radius="sm" fit="cover" /> : null}
              <div>
                <PlainText fz="sm" fw={600}>
                  {m.code} {m.name}{" "}
                  <PlainText span fz="xs" c="dimmed">
                    {m.type_label}
                  </PlainText>
                </PlainText>
                <PlainGroup gap={6}>
                  {m.last_visit ? (
                    <>
                      <PlainBadge size="sm" variant="light" color={STATUS_COLORS[m.last_visit.status]}>
                        {m.last_visit.status_label}
                      </PlainBadge>
                      <PlainText fz="xs" c="dimmed">
                        เข้าตู้ล่าสุด {formatThaiDateTime(m.last_visit.visited_at)}
                        {m.last_visit.employee_name ? ` โดย ${m.last_visit.employee_name}` : ""}
                      </PlainText>
                    </>
                  ) : (
                    <PlainText fz="xs" c="dimmed">
                      ยังไม่มีรายงานการเข้าตู้
                    </PlainText>
                  )}
                  {m.overdue ? (
                    <PlainBadge size="sm" color="red">
                      เลยกำหนด
                    </PlainBadge>
                  ) : m.due_date ? (
                    <PlainText fz="xs" c="dimmed">
                      ครบกำหนด {formatThaiDate(m.due_date)}
                    </PlainText>
                  ) : null}
                </PlainGroup>
              </div>
            </PlainGroup>
          ))}
        </Stack>
      )}
    </Section>
  );
}
