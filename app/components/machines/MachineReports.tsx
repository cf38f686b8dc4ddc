import { Anchor, Badge, Drawer, Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle, IconClipboardOff, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { RangeCsvExport } from "~/components/attendance/RangeCsvExport";
import { DataList, type Columns } from "~/components/DataList";
import { EmptyState } from "~/components/EmptyState";
import { useTabParams } from "~/components/tab-params";
import { DayStepper } from "~/components/DayStepper";
import { GEOFENCE_LABELS } from "~/models/attendance/labels";
import { VISIT_FLAG_LABELS, type VisitFlag } from "~/models/machines/labels";
import { readEvidence } from "~/models/attendance/location-evidence";
import { travelFromText } from "~/components/attendance/FlagEvidence";
import type { MachineReportsData } from "~/models/machines/reports.server";
import type { VisitDto } from "~/models/machines/visit.server";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { thumbUrl } from "~/lib/uploads-shared";
import { ThaiPagination } from "~/components/ListFooter";
import { PlainBadge, PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import { distanceText, STATUS_COLORS } from "./machine-status";

const flagLabel = (f: string) => (f in VISIT_FLAG_LABELS ? VISIT_FLAG_LABELS[f as VisitFlag] : f);
const dateTime = (v: VisitDto) => `${formatThaiDate(v.visit_date)} ${clockTimeOf(v.visited_at)} น.`;

type OpenPhoto = (photo: { url: string; label: string }) => void;

function StatusBadge({ visit }: { visit: VisitDto }) {
  return (
    <PlainBadge color={STATUS_COLORS[visit.status]} variant="light">
      {visit.status_label}
    </PlainBadge>
  );
}

function Photo({ visit, onOpen }: { visit: VisitDto; onOpen: OpenPhoto }) {
  if (!visit.photo_url) return <PlainText fz="xs" c="dimmed">ไม่มีรูป</PlainText>;
  const label = `รูปตู้ ${visit.machine.code} ${dateTime(visit)}`;
  const url = visit.photo_url;
  return (
    <UnstyledButton onClick={() => onOpen({ url, label })} aria-label={`ดู${label}`}>
      <Image src={thumbUrl(url)} alt={label} w={48} h={48} radius="sm" fit="cover" />
    </UnstyledButton>
  );
}

/** Where it was sent from: distance, the geofence, the flags (an impossible trip with its numbers), a map link. */
function Place({ visit }: { visit: VisitDto }) {
  const travel = readEvidence(visit.flag_evidence).impossible_travel;
  return (
    <PlainStack gap={2}>
      {visit.distance_m !== null ? <PlainText fz="sm">ห่างตู้ {distanceText(visit.distance_m)}</PlainText> : null}
      <PlainGroup gap={4}>
        {visit.geofence ? (
          <PlainBadge size="sm" variant="outline" color={visit.geofence === "inside" ? "green" : visit.geofence === "uncertain" ? "yellow" : "gray"}>
            {GEOFENCE_LABELS[visit.geofence]}
          </PlainBadge>
        ) : null}
        {visit.flags.map((f) => (
          <PlainBadge key={f} size="sm" variant="outline" color={f === "impossible_travel" ? "orange" : "yellow"}>
            {flagLabel(f)}
          </PlainBadge>
        ))}
      </PlainGroup>
      {travel ? (
        <PlainText fz="xs" c="dimmed" data-testid="visit-travel">
          {travelFromText(travel)}
        </PlainText>
      ) : null}
      {visit.map_url ? (
        <Anchor href={visit.map_url} target="_blank" rel="noreferrer" fz="xs">
          แผนที่ (±{Math.round(visit.accuracy ?? 0)} ม.)
        </Anchor>
      ) : null}
    </PlainStack>
  );
}

type VisitListProps = { items: VisitDto[]; withMachine: boolean; onMachine: (id: number) => void; onPhoto: OpenPhoto };

function StatusAndNote({ visit }: { visit: VisitDto }) {
  return (
    <>
      <StatusBadge visit={visit} />
      {visit.note ? (
        <Text fz="xs" c="dimmed" lineClamp={3}>
          {visit.note}
        </Text>
      ) : null}
    </>
  );
}

/** The visits: a wide table, or on a phone a card with the cabinet (or, in one cabinet's history, the date) first, its history and photo at hand. */
function VisitTable({ items, withMachine, onMachine, onPhoto }: VisitListProps) {
  const columns: Columns<VisitDto> = [
    {
      header: withMachine ? "เวลา" : "วันที่",
      cell: (v) => <PlainText fz="sm">{withMachine ? `${clockTimeOf(v.visited_at)} น.` : dateTime(v)}</PlainText>,
      card: withMachine ? "hidden" : { title: dateTime },
    },
    withMachine && {
      header: "ตู้",
      cell: (v) => (
        <>
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => onMachine(v.machine.id)}>
            {v.machine.code}
          </Anchor>
          <PlainText fz="xs" c="dimmed">
            {v.machine.name} · {v.machine.type_label}
          </PlainText>
        </>
      ),
      card: {
        title: (v) => `${v.machine.code} ${v.machine.name}`,
        actions: (v) => (
          <Anchor component="button" type="button" fz="xs" onClick={() => onMachine(v.machine.id)} aria-label={`ประวัติตู้ ${v.machine.code}`}>
            ประวัติ
          </Anchor>
        ),
      },
    },
    {
      header: "พนักงาน",
      cell: (v) => (
        <>
          <PlainText fz="sm">{v.employee.full_name}</PlainText>
          <PlainText fz="xs" c="dimmed">
            {v.employee.code}
          </PlainText>
        </>
      ),
      card: {
        subtitle: (v) => (
          <PlainText fz="xs" c="dimmed">
            {withMachine ? `${clockTimeOf(v.visited_at)} น. · ` : ""}
            {v.employee.full_name} ({v.employee.code})
          </PlainText>
        ),
      },
    },
    { header: "สถานะ", maxWidth: 240, cell: (v) => <StatusAndNote visit={v} /> },
    { header: "ตำแหน่ง", cell: (v) => <Place visit={v} /> },
    { header: "รูปถ่าย", cell: (v) => <Photo visit={v} onOpen={onPhoto} />, card: "actions" },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(v) => v.id}
      columns={columns}
      minWidth={withMachine ? 860 : 640}
      label="รายงานการเข้าตู้"
      labelTable={false}
      testIds={{ row: "visit-row", cards: "visit-cards", card: "visit-card" }}
    />
  );
}

const pages = (p: { total: number; page_size: number }) => Math.max(1, Math.ceil(p.total / p.page_size));

/**
 * /admin/vending-machine?tab=visits: a day's visits with a date picker, the machines with open
 * problems, one machine's history (a drawer, with photos) and the CSV of a range.
 */
export function MachineReports({ data }: { data: MachineReportsData }) {
  const [, update] = useTabParams("visits", { replace: true });
  const [photo, setPhoto] = useState<{ url: string; label: string } | null>(null);
  const { daily, problems, history } = data;
  const openMachine = (id: number) => update({ visit_machine: String(id), visit_machine_page: null });

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group gap="xs" mb="sm">
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={3} fz="md">
            ปัญหาที่ยังค้างอยู่ ({problems.length})
          </Title>
        </Group>
        {problems.length === 0 ? (
          <Text c="dimmed" fz="sm">
            ไม่มีตู้ที่แจ้งปัญหาค้างอยู่
          </Text>
        ) : (
          <Stack gap="xs">
            {problems.map(({ machine, visit }) => (
              <PlainGroup key={machine.id} justify="space-between" wrap="nowrap" data-testid="problem-row">
                <div>
                  <PlainGroup gap={6}>
                    <Anchor component="button" type="button" fw={600} onClick={() => openMachine(machine.id)}>
                      {machine.code} {machine.name}
                    </Anchor>
                    <StatusBadge visit={visit} />
                  </PlainGroup>
                  <PlainText fz="xs" c="dimmed">
                    {dateTime(visit)} · {visit.employee.full_name}
                    {visit.note ? ` · ${visit.note}` : ""}
                  </PlainText>
                </div>
                <Photo visit={visit} onOpen={setPhoto} />
              </PlainGroup>
            ))}
          </Stack>
        )}
      </Paper>

      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <DayStepper date={daily.date} onDate={(date) => update({ visit_date: date, visit_page: null })} />
          <Text c="dimmed" fz="sm">
            รายงาน {daily.total} รายการ
          </Text>
          <Group ml="auto" gap="xs">
            <Anchor href={`/api/machine/visits?format=csv&date=${daily.date}`} fz="sm">
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden />
                CSV วันที่เลือก
              </Group>
            </Anchor>
            <RangeCsvExport date={daily.date} action="/api/machine/visits" label="ส่งออกรายงานการเข้าตู้เป็น CSV" />
          </Group>
        </Group>
        {daily.items.length === 0 ? (
          <EmptyState icon={<IconClipboardOff size={24} />} title="ไม่มีรายงานการเข้าตู้ในวันนี้" />
        ) : (
          <VisitTable items={daily.items} withMachine onMachine={openMachine} onPhoto={setPhoto} />
        )}
        {daily.total > daily.page_size ? (
          <ThaiPagination value={daily.page} total={pages(daily)} onChange={(p) => update({ visit_page: String(p) })} />
        ) : null}
      </Stack>

      <Drawer
        opened={history !== null}
        onClose={() => update({ visit_machine: null, visit_machine_page: null })}
        position="right"
        size="xl"
        title={history ? `ประวัติการเข้าตู้ ${history.machine.code} ${history.machine.name}` : ""}
      >
        {history ? (
          <Stack>
            <Group gap="xs">
              <Badge variant="light">{history.machine.type_label}</Badge>
              {history.machine.active ? null : <Badge color="gray">ปิดใช้งาน</Badge>}
              <Text fz="sm" c="dimmed">
                ทั้งหมด {history.total} รายการ
              </Text>
            </Group>
            {history.items.length === 0 ? (
              <EmptyState title="ยังไม่มีรายงานของตู้นี้" />
            ) : (
              <VisitTable items={history.items} withMachine={false} onMachine={openMachine} onPhoto={setPhoto} />
            )}
            {history.total > history.page_size ? (
              <ThaiPagination value={history.page} total={pages(history)} onChange={(p) => update({ visit_machine_page: String(p) })} />
            ) : null}
          </Stack>
        ) : null}
      </Drawer>

      <Modal opened={photo !== null} onClose={() => setPhoto(null)} title={photo?.label} size="lg" zIndex={1300}>
        {photo ? <Image src={photo.url} alt={photo.label} radius="sm" /> : null}
      </Modal>
    </Stack>
  );
}
