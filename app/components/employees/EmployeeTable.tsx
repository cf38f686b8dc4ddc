import { Badge, Card, Checkbox, Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { Link, useSearchParams } from "@remix-run/react";
import { formatThaiDate } from "~/lib/thai-date";
import type { EmployeeSort } from "~/models/employees/schema";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { thumbUrl } from "~/lib/uploads-shared";
import { initials } from "~/lib/initials";
import { DataTable, type Columns } from "~/components/DataList";
import { ResponsiveList } from "~/components/PhoneCards";
import { PlainAnchor } from "~/components/PlainControls";
import { PlainAvatar, PlainBadge, PlainGroup, PlainText } from "~/components/PlainMantine";
import { RowActions } from "~/components/RowActions";
import { EmployeeActionItems, type EmployeeRowAction } from "./employee-actions";

export type { EmployeeRowAction };

const NO_WRAP = { whiteSpace: "nowrap" } as const;

function SortHeader({ sort, children }: { sort: EmployeeSort; children: string }) {
  const [params] = useSearchParams();
  const current = params.get("sort") ?? "code";
  const order = params.get("order") === "desc" ? "desc" : "asc";
  const active = current === sort;
  const next = new URLSearchParams(params);
  next.set("sort", sort);
  next.set("order", active && order === "asc" ? "desc" : "asc");
  next.delete("page");
  const Icon = !active ? IconSelector : order === "asc" ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}>
      <UnstyledButton component={Link} to={`?${next}`} preventScrollReset>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} fz="sm">
            {children}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

type OnAction = (action: EmployeeRowAction, employee: EmployeeDto) => void;

/** Rows picked for a bulk action (the schedule assignment), by employee id. */
export type Selection = { selected: ReadonlySet<number>; onToggle: (ids: readonly number[], on: boolean) => void };
type ListProps = { items: EmployeeDto[]; resigned: boolean; onAction: OnAction; selection?: Selection };

function PickRow({ e, selection }: { e: EmployeeDto; selection: Selection }) {
  return (
    <Checkbox
      aria-label={`เลือก ${e.full_name}`}
      checked={selection.selected.has(e.id)}
      onChange={(event) => selection.onToggle([e.id], event.currentTarget.checked)}
    />
  );
}

function PickPage({ items, selection }: { items: EmployeeDto[]; selection: Selection }) {
  const picked = items.filter((e) => selection.selected.has(e.id)).length;
  return (
    <Table.Th w={40}>
      <Checkbox
        aria-label="เลือกทุกคนในหน้านี้"
        checked={items.length > 0 && picked === items.length}
        indeterminate={picked > 0 && picked < items.length}
        onChange={(event) => selection.onToggle(items.map((e) => e.id), event.currentTarget.checked)}
      />
    </Table.Th>
  );
}

function RowMenu({ e, resigned, onAction }: { e: EmployeeDto; resigned: boolean; onAction: OnAction }) {
  return (
    <RowActions label={`จัดการ ${e.full_name}`}>
      <EmployeeActionItems resigned={resigned} lineLinked={e.line_linked} onAction={(kind) => onAction(kind, e)} />
    </RowActions>
  );
}

/** The name, linked to the profile, with the nickname below it. */
function NameLink({ e, fw }: { e: EmployeeDto; fw: number }) {
  return (
    <>
      <PlainAnchor component={Link} to={`/admin/employee/${e.id}`} fz="sm" fw={fw}>
        {e.full_name}
      </PlainAnchor>
      {e.nickname ? (
        <PlainText fz="xs" c="dimmed">
          ({e.nickname})
        </PlainText>
      ) : null}
    </>
  );
}

/** The list: a wide table, or cards on a phone (below Mantine's `sm`); one of them, not both. */
export function EmployeeTable(props: ListProps) {
  return <ResponsiveList table={<WideTable {...props} />} cards={<EmployeeCards {...props} />} />;
}

const sortable = (sort: EmployeeSort, header: string) => ({ header, th: <SortHeader sort={sort}>{header}</SortHeader> });

function WideTable({ items, resigned, onAction, selection }: ListProps) {
  const columns: Columns<EmployeeDto> = [
    selection !== undefined && { header: "เลือก", th: <PickPage items={items} selection={selection} />, cell: (e) => <PickRow e={e} selection={selection} /> },
    {
      header: "รูป",
      width: 56,
      cell: (e) => (
        <PlainAvatar src={thumbUrl(e.photo_url)} alt="" radius="xl">
          {initials(e.first_name)}
        </PlainAvatar>
      ),
    },
    {
      ...sortable("code", "รหัส"),
      // A code is read as one token: a long name beside it must not break it across lines.
      cell: (e) => (
        <PlainText fz="sm" ff="monospace" style={NO_WRAP}>
          {e.code}
        </PlainText>
      ),
    },
    {
      ...sortable("name", "ชื่อ-นามสกุล"),
      cell: (e) => (
        <>
          <NameLink e={e} fw={500} />
          {e.working && e.resign_date ? (
            <Badge variant="light" color="orange" size="sm" mt={4}>
              จะลาออก {formatThaiDate(e.resign_date)}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      ...sortable("position", "ตำแหน่ง"),
      cell: (e) => (
        <>
          <PlainText fz="sm">{e.position || "-"}</PlainText>
          {e.department ? (
            <PlainText fz="xs" c="dimmed">
              {e.department}
            </PlainText>
          ) : null}
        </>
      ),
    },
    { header: "เบอร์โทร", cell: (e) => <PlainText fz="sm">{e.phone || "-"}</PlainText> },
    {
      header: "LINE",
      cell: (e) => (
        <PlainBadge variant="light" color={e.line_linked ? "green" : "gray"}>
          {e.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม"}
        </PlainBadge>
      ),
    },
    {
      header: "ใบหน้า",
      cell: (e) => (
        <PlainBadge variant="light" color={e.face_registered ? "green" : "gray"}>
          {e.face_registered ? "ลงทะเบียนแล้ว" : "ยังไม่ลงทะเบียน"}
        </PlainBadge>
      ),
    },
    resigned && {
      ...sortable("resign_date", "วันที่ลาออก"),
      cell: (e) => <PlainText fz="sm">{e.resign_date ? formatThaiDate(e.resign_date) : "-"}</PlainText>,
    },
    { header: "จัดการ", hideHeader: true, width: 48, cell: (e) => <RowMenu e={e} resigned={resigned} onAction={onAction} /> },
  ];
  return <DataTable rows={items} rowKey={(e) => e.id} columns={columns} minWidth={820} rowTestId="employee-row" label="รายชื่อพนักงาน" />;
}

/** One card per employee, name first, the actions' menu on the card (no sideways scrolling). */
function EmployeeCards({ items, resigned, onAction, selection }: ListProps) {
  return (
    <Stack gap="sm" p="xs" hiddenFrom="sm" data-testid="employee-cards">
      {items.map((e) => (
        <Card key={e.id} withBorder radius="md" padding="sm" data-testid="employee-card">
          <PlainGroup justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <PlainGroup gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              {selection ? <PickRow e={e} selection={selection} /> : null}
              <PlainAvatar src={thumbUrl(e.photo_url)} alt="" radius="xl">
                {initials(e.first_name)}
              </PlainAvatar>
              <div style={{ minWidth: 0 }}>
                <NameLink e={e} fw={600} />
                <PlainText fz="xs" c="dimmed" ff="monospace" style={NO_WRAP}>
                  {e.code}
                </PlainText>
              </div>
            </PlainGroup>
            <RowMenu e={e} resigned={resigned} onAction={onAction} />
          </PlainGroup>
          {e.position || e.department ? (
            <Text fz="sm" mt={6}>
              {[e.position, e.department].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
          {e.phone ? (
            <PlainText fz="sm" c="dimmed">
              {e.phone}
            </PlainText>
          ) : null}
          <Group gap={6} mt={6}>
            <PlainBadge variant="light" size="sm" color={e.line_linked ? "green" : "gray"}>
              LINE {e.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม"}
            </PlainBadge>
            <PlainBadge variant="light" size="sm" color={e.face_registered ? "green" : "gray"}>
              ใบหน้า {e.face_registered ? "ลงทะเบียนแล้ว" : "ยังไม่ลงทะเบียน"}
            </PlainBadge>
            {e.resign_date ? (
              <PlainBadge variant="light" size="sm" color={e.working ? "orange" : "gray"}>
                {e.working ? "จะลาออก" : "ลาออก"} {formatThaiDate(e.resign_date)}
              </PlainBadge>
            ) : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
