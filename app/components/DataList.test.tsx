import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { DataList, DataTable, type Columns } from "./DataList";
import { atPhoneWidth, expectCardNameFirst } from "./phone-width.test-helpers";

type Person = { id: number; name: string; code: string; team: string; phone: string; note: string };

const PEOPLE: Person[] = [
  { id: 1, name: "สมชาย", code: "E1", team: "ขาย", phone: "0811111111", note: "ลาพักร้อน" },
  { id: 2, name: "สมหญิง", code: "E2", team: "บัญชี", phone: "0822222222", note: "" },
];

const TEST_IDS = { row: "person-row", cards: "person-cards", card: "person-card" };

function columns({ onEdit = () => {}, withPhone = true, seen = () => {} }: { onEdit?: (p: Person) => void; withPhone?: boolean; seen?: () => void } = {}): Columns<Person> {
  return [
    { header: "รหัส", cell: (p) => p.code, card: "subtitle" },
    {
      header: "ชื่อ",
      cell: (p) => <b>{p.name}</b>,
      card: {
        leading: (p) => <span data-testid="avatar">{p.name[0]}</span>,
        title: (p) => {
          seen();
          return p.name;
        },
      },
    },
    { header: "ทีม", cell: (p) => `ทีม${p.team}` },
    withPhone && { header: "โทร", cell: (p) => p.phone },
    { header: "หมายเหตุ", maxWidth: 200, cell: (p) => p.note || "-", card: { field: (p) => p.note || "ไม่มี" } },
    { header: "ภายใน", cell: (p) => `#${p.id}`, card: "hidden" },
    {
      header: "จัดการ",
      hideHeader: true,
      width: 48,
      cell: (p) => (
        <button type="button" onClick={() => onEdit(p)}>
          แก้ไข {p.name}
        </button>
      ),
      card: "actions",
    },
  ];
}

const inMantine = (ui: ReactNode) => <MantineProvider env="test">{ui}</MantineProvider>;

const list = (cols = columns(), extra: { labelTable?: boolean; firstFields?: string[] } = {}) =>
  inMantine(<DataList rows={PEOPLE} rowKey={(p) => p.id} columns={cols} minWidth={600} label="พนักงาน" testIds={TEST_IDS} {...extra} />);

describe("DataList on a wide screen", () => {
  test("a table named by the list's label: a header per column in order, a row per item with its cells", () => {
    render(list());
    const table = screen.getByRole("table", { name: "พนักงาน" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["รหัส", "ชื่อ", "ทีม", "โทร", "หมายเหตุ", "ภายใน", "จัดการ"]);
    expect(within(table).getByRole("columnheader", { name: "จัดการ" }).firstElementChild).toHaveClass("visually-hidden");
    const rows = within(table).getAllByTestId("person-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole("cell").map((td) => td.textContent)).toEqual(["E1", "สมชาย", "ทีมขาย", "0811111111", "ลาพักร้อน", "#1", "แก้ไข สมชาย"]);
    expect(within(rows[1]).getAllByRole("cell")[4]).toHaveTextContent("-");
    // Only the table is rendered, not the cards.
    expect(screen.queryByTestId("person-cards")).toBeNull();
  });

  test("a column given as false is left out; labelTable={false} leaves the table unnamed", () => {
    render(list(columns({ withPhone: false }), { labelTable: false }));
    expect(screen.queryByRole("table", { name: "พนักงาน" })).toBeNull();
    const table = screen.getByRole("table");
    expect(within(table).queryByRole("columnheader", { name: "โทร" })).toBeNull();
    expect(within(table).getAllByTestId("person-row")[0]).not.toHaveTextContent("0811111111");
  });

  test("the row's controls act on their row", async () => {
    const onEdit = vi.fn();
    render(list(columns({ onEdit })));
    await userEvent.click(screen.getByRole("button", { name: "แก้ไข สมหญิง" }));
    expect(onEdit).toHaveBeenCalledWith(PEOPLE[1]);
  });

  test("the cards' parts are not worked out while the table is shown", () => {
    const seen = vi.fn();
    render(list(columns({ seen })));
    expect(seen).not.toHaveBeenCalled();
  });
});

describe("DataList on a phone", () => {
  let restore: () => void;
  beforeEach(() => (restore = atPhoneWidth()));
  afterEach(() => restore());

  test("a list named by the label, a card per row from the same columns; no table", () => {
    render(list());
    expect(screen.queryByRole("table")).toBeNull();
    const cards = screen.getByRole("list", { name: "พนักงาน" });
    expect(cards).toHaveAttribute("data-testid", "person-cards");
    const items = within(cards).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute("data-testid", "person-card");

    const card = expectCardNameFirst(items[0], "สมชาย");
    expect(card.getByTestId("avatar")).toHaveTextContent("ส");
    expect(card.getByText("E1")).toBeInTheDocument();
    // Fields: the columns left as fields, labelled by their header, in column order; a field's own value when it has one.
    const fields = [...items[0].querySelectorAll("[data-card-field]")].map((f) => f.textContent);
    expect(fields).toEqual(["ทีมทีมขาย", "โทร0811111111", "หมายเหตุลาพักร้อน"]);
    expect(items[1].querySelectorAll("[data-card-field]")[2]).toHaveTextContent("หมายเหตุไม่มี");
    // A hidden column is not on the card.
    expect(items[0]).not.toHaveTextContent("#1");
  });

  test("the actions sit on the card, in the actions' place, and act on their row", async () => {
    const onEdit = vi.fn();
    render(list(columns({ onEdit })));
    const [, second] = screen.getAllByTestId("person-card");
    const edit = within(second).getByRole("button", { name: "แก้ไข สมหญิง" });
    expect(edit.closest("[data-card-actions]")).not.toBeNull();
    await userEvent.click(edit);
    expect(onEdit).toHaveBeenCalledWith(PEOPLE[1]);
  });

  test("no actions column: no actions' place on the card", () => {
    render(list(columns().slice(0, -1)));
    expect(screen.getAllByTestId("person-card")[0].querySelector("[data-card-actions]")).toBeNull();
  });

  test("firstFields puts those fields first, in its order; the others follow in column order", () => {
    render(list(columns(), { firstFields: ["หมายเหตุ", "โทร"] }));
    const labels = [...screen.getAllByTestId("person-card")[0].querySelectorAll("[data-card-field]")].map((f) => f.firstChild?.textContent);
    expect(labels).toEqual(["หมายเหตุ", "โทร", "ทีม"]);
  });
});

test("DataTable alone: the table of a list whose cards are its own", () => {
  render(inMantine(<DataTable rows={PEOPLE} rowKey={(p) => p.id} columns={columns()} minWidth={600} rowTestId="person-row" label="พนักงาน" />));
  expect(within(screen.getByRole("table", { name: "พนักงาน" })).getAllByTestId("person-row")).toHaveLength(2);
  expect(screen.queryByRole("list")).toBeNull();
});
