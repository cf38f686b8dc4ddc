import { Anchor, Table } from "@mantine/core";
import { Link } from "@remix-run/react";
import { PlainBadge, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
import { formatThaiDateTime } from "~/lib/thai-date";
import type { ChangeLine } from "~/models/audit/changes";
import { ACTOR_TYPE_LABELS } from "~/models/audit/labels";

/** An audit row as the page receives it (AuditEntry after JSON). */
export type AuditRow = {
  id: number;
  created_at: string;
  actor: { type: "admin" | "employee" | "system"; id: number | null; name: string };
  action_label: string;
  entity_label: string;
  entity_id: string | null;
  /** What the row is about in words (a name, a leave, a date), or null: then its number shows. */
  entity_name: string | null;
  subject: { id: number; code: string; full_name: string } | null;
  lines: ChangeLine[];
};

const ACTOR_COLORS = { admin: "blue", employee: "teal" } as const;
const profileUrl = (id: number) => `/admin/employee/${id}`;

/** A row's changes, field by field: before → after, or the value. */
export function ChangeLines({ lines }: { lines: ChangeLine[] }) {
  if (lines.length === 0) return <PlainText fz="xs" c="dimmed">-</PlainText>;
  return (
    <div className="change-lines">
      {lines.map((l, i) => (
        <PlainText key={`${l.field}-${i}`} fz="xs" data-testid="change-line" style={{ wordBreak: "break-word" }}>
          <PlainText span fw={600} fz="xs">
            {l.label}:
          </PlainText>{" "}
          {"value" in l ? (
            l.value
          ) : (
            <>
              <PlainText span c="dimmed" fz="xs" td="line-through">
                {l.from}
              </PlainText>
              {" → "}
              {l.to}
            </>
          )}
        </PlainText>
      ))}
    </div>
  );
}

function Who({ actor }: { actor: AuditRow["actor"] }) {
  return actor.type === "employee" && actor.id != null ? (
    <Anchor component={Link} to={profileUrl(actor.id)} fz="sm">
      {actor.name}
    </Anchor>
  ) : (
    <PlainText fz="sm">{actor.name}</PlainText>
  );
}

/** The record a row is about: its name when the server knows one, else its number. */
function aboutText(row: AuditRow) {
  if (row.entity_name) return `: ${row.entity_name}`;
  return row.entity_id ? ` #${row.entity_id}` : "";
}

function What({ row, showSubject }: { row: AuditRow; showSubject: boolean }) {
  return (
    <>
      <PlainText fz="sm" fw={500}>
        {row.action_label}
      </PlainText>
      <PlainText fz="xs" c="dimmed">
        {row.entity_label}
        {row.subject ? null : aboutText(row)}
      </PlainText>
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
            <PlainTr striped key={row.id} data-testid="audit-row">
              <PlainTd>
                <PlainText fz="sm">{formatThaiDateTime(row.created_at)}</PlainText>
              </PlainTd>
              <PlainTd>
                <Who actor={row.actor} />
                {row.actor.type === "system" ? null : (
                  <PlainBadge size="xs" variant="light" color={ACTOR_COLORS[row.actor.type]}>
                    {ACTOR_TYPE_LABELS[row.actor.type]}
                  </PlainBadge>
                )}
              </PlainTd>
              <PlainTd>
                <What row={row} showSubject={showSubject} />
              </PlainTd>
              <PlainTd>
                <ChangeLines lines={row.lines} />
              </PlainTd>
            </PlainTr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
