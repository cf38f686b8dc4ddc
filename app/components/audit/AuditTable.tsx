import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { formatThaiDateTime } from "~/lib/thai-date";
import { ACTOR_TYPE_LABELS, type ChangeLine } from "~/models/audit-labels";

/** An audit row as the page receives it (AuditEntry after JSON). */
export type AuditRow = {
  id: number;
  created_at: string;
  actor: { type: "admin" | "employee" | "system"; id: number | null; name: string };
  action_label: string;
  entity_label: string;
  entity_id: string | null;
  subject: { id: number; code: string; full_name: string } | null;
  lines: ChangeLine[];
};

const ACTOR_COLORS = { admin: "blue", employee: "teal" } as const;
const profileUrl = (id: number) => `/admin/employee/${id}`;

/** A row's changes, field by field: before → after, or the value. */
export function ChangeLines({ lines }: { lines: ChangeLine[] }) {
  if (lines.length === 0) return <Text fz="xs" c="dimmed">-</Text>;
  return (
    <Stack gap={2}>
      {lines.map((l, i) => (
        <Text key={`${l.field}-${i}`} fz="xs" data-testid="change-line" style={{ wordBreak: "break-word" }}>
          <Text span fw={600} fz="xs">
            {l.label}:
          </Text>{" "}
          {"value" in l ? (
            l.value
          ) : (
            <>
              <Text span c="dimmed" fz="xs" td="line-through">
                {l.from}
              </Text>
              {" → "}
              {l.to}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

function Who({ actor }: { actor: AuditRow["actor"] }) {
  return actor.type === "employee" && actor.id != null ? (
    <Anchor component={Link} to={profileUrl(actor.id)} fz="sm">
      {actor.name}
    </Anchor>
  ) : (
    <Text fz="sm">{actor.name}</Text>
  );
}

function What({ row, showSubject }: { row: AuditRow; showSubject: boolean }) {
  return (
    <>
      <Text fz="sm" fw={500}>
        {row.action_label}
      </Text>
      <Text fz="xs" c="dimmed">
        {row.entity_label}
        {showSubject && row.subject ? null : row.entity_id ? ` #${row.entity_id}` : ""}
      </Text>
      {showSubject && row.subject ? (
        <Anchor component={Link} to={profileUrl(row.subject.id)} fz="xs">
          {row.subject.code} {row.subject.full_name}
        </Anchor>
      ) : null}
    </>
  );
}

/**
 * Audit rows: when (Thai BE), who (a link to an employee's profile), what, and the changes.
 * `showSubject` links the employee a row is about (off on that employee's own profile).
 */
export function AuditTable({ items, showSubject = true, label = "ประวัติการแก้ไข" }: { items: AuditRow[]; showSubject?: boolean; label?: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>เวลา</Table.Th>
            <Table.Th w={180}>ผู้ทำ</Table.Th>
            <Table.Th w={200}>การกระทำ</Table.Th>
            <Table.Th>รายละเอียด</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id} data-testid="audit-row">
              <Table.Td>
                <Text fz="sm">{formatThaiDateTime(row.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Who actor={row.actor} />
                {row.actor.type === "system" ? null : (
                  <Badge size="xs" variant="light" color={ACTOR_COLORS[row.actor.type]}>
                    {ACTOR_TYPE_LABELS[row.actor.type]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <What row={row} showSubject={showSubject} />
              </Table.Td>
              <Table.Td>
                <ChangeLines lines={row.lines} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
