import { Table } from "~mantine-core/components/Table/Table";
import { Fragment, type Key, type ReactNode } from "react";
import { PhoneCard, PhoneCardList, ResponsiveList, type PhoneCardField } from "~/components/PhoneCards";
import { PlainTd, PlainTr } from "~/components/PlainMantine";

type CardSlot = "leading" | "title" | "subtitle" | "actions" | "field";

/** One column of a list: its header and cell in the table, and where it goes on a phone's card. */
export type Column<T> = {
  /** The header's text (unique in the list); also the label of the column's card field. */
  header: string;
  /** The header is for screen readers only (a row's actions). */
  hideHeader?: boolean;
  /** A header cell of the list's own (a sortable one) instead of `header`'s. */
  th?: ReactNode;
  /** The header cell's width, px. */
  width?: number;
  cell: (row: T) => ReactNode;
  /** The cell's largest width, px: such a cell is Mantine's `Table.Td`, the others plain (ADR 030). */
  maxWidth?: number;
  /**
   * On a card: a slot showing the cell as it is, what the column shows in each of its slots, or
   * "hidden". Not given: a field labelled with the header, showing the cell.
   */
  card?: CardSlot | "hidden" | Partial<Record<CardSlot, (row: T) => ReactNode>>;
};

/** A list's columns; `false` for one it leaves out (`resigned && { … }`). */
export type Columns<T> = ReadonlyArray<Column<T> | false>;

const shown = <T,>(columns: Columns<T>) => columns.filter((column): column is Column<T> => column !== false);

type TableProps<T> = {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: Columns<T>;
  /** The width under which the table scrolls sideways, px. */
  minWidth: number;
  rowTestId: string;
  /** The table's accessible name. */
  label?: string;
};

/** The wide screen's table of a list: a header cell and a cell per column. */
export function DataTable<T>({ rows, rowKey, columns, minWidth, rowTestId, label }: TableProps<T>) {
  const visible = shown(columns);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {visible.map((column) => (
              <Fragment key={column.header}>
                {column.th ?? (
                  <Table.Th w={column.width}>
                    {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
                  </Table.Th>
                )}
              </Fragment>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <PlainTr striped hover key={rowKey(row)} data-testid={rowTestId}>
              {visible.map((column) =>
                column.maxWidth ? (
                  <Table.Td key={column.header} maw={column.maxWidth}>
                    {column.cell(row)}
                  </Table.Td>
                ) : (
                  <PlainTd key={column.header}>{column.cell(row)}</PlainTd>
                ),
              )}
            </PlainTr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SLOTS: CardSlot[] = ["leading", "title", "subtitle", "actions", "field"];

/** A row's card: each column's parts in its slots, in column order; `firstFields` first among the fields. */
function RowCard<T>({ row, columns, firstFields = [], testId }: { row: T; columns: Columns<T>; firstFields?: readonly string[]; testId: string }) {
  const parts: Record<Exclude<CardSlot, "field">, ReactNode[]> = { leading: [], title: [], subtitle: [], actions: [] };
  const fields: PhoneCardField[] = [];
  for (const column of shown(columns)) {
    const place = column.card ?? "field";
    if (place === "hidden") continue;
    const renders = typeof place === "string" ? { [place]: column.cell } : place;
    for (const slot of SLOTS) {
      const render = renders[slot];
      if (!render) continue;
      if (slot === "field") fields.push({ label: column.header, value: render(row) });
      else parts[slot].push(<Fragment key={column.header}>{render(row)}</Fragment>);
    }
  }
  const rank = (field: PhoneCardField) => {
    const i = firstFields.indexOf(field.label);
    return i < 0 ? firstFields.length : i;
  };
  // PhoneCard draws the actions' group whenever it is given any.
  const some = (nodes: ReactNode[]) => (nodes.length > 0 ? nodes : undefined);
  return (
    <PhoneCard
      testId={testId}
      leading={some(parts.leading)}
      title={parts.title}
      subtitle={some(parts.subtitle)}
      actions={some(parts.actions)}
      fields={fields.sort((a, b) => rank(a) - rank(b))}
    />
  );
}

type ListProps<T> = Omit<TableProps<T>, "rowTestId" | "label"> & {
  /** The list's accessible name: its cards' list's, and its table's. */
  label: string;
  /** false: the table is not named (as the daily list's and the visits' never were). */
  labelTable?: boolean;
  testIds: { row: string; cards: string; card: string };
  /** Card fields to put first, in this order; the others follow in column order. */
  firstFields?: readonly string[];
};

/**
 * A list from one set of columns: a table on a wide screen, a card per row on a phone
 * (ResponsiveList). Each layout is worked out only when it is rendered.
 */
export function DataList<T>({ label, labelTable = true, testIds, firstFields, ...table }: ListProps<T>) {
  return (
    <ResponsiveList
      table={<DataTable {...table} rowTestId={testIds.row} label={labelTable ? label : undefined} />}
      cards={<DataCards {...table} label={label} testIds={testIds} firstFields={firstFields} />}
    />
  );
}

function DataCards<T>({ rows, rowKey, columns, label, testIds, firstFields }: Omit<ListProps<T>, "minWidth" | "labelTable">) {
  return (
    <PhoneCardList label={label} testId={testIds.cards}>
      {rows.map((row) => (
        <RowCard key={rowKey(row)} row={row} columns={columns} firstFields={firstFields} testId={testIds.card} />
      ))}
    </PhoneCardList>
  );
}
