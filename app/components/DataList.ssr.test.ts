import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { DataList, type Columns } from "./DataList";
import { PhoneHint } from "./PhoneCards";

type Person = { id: number; name: string; team: string };

const COLUMNS: Columns<Person> = [
  { header: "ชื่อ", cell: (p) => p.name, card: "title" },
  { header: "ทีม", cell: (p) => p.team },
];

const html = (hint: boolean | null) =>
  renderToString(
    createElement(
      MantineProvider,
      { env: "test" },
      createElement(
        PhoneHint.Provider,
        { value: hint },
        createElement(DataList<Person>, {
          rows: [{ id: 1, name: "สมชาย", team: "ขาย" }],
          rowKey: (p) => p.id,
          columns: COLUMNS,
          minWidth: 600,
          label: "พนักงาน",
          testIds: { row: "person-row", cards: "person-cards", card: "person-card" },
        }),
      ),
    ),
  );

test("a phone's hint: the server renders the cards only", () => {
  const page = html(true);
  expect(page).toContain('data-testid="person-card"');
  expect(page).not.toContain('data-testid="person-row"');
});

test("a desktop's hint: the server renders the table only", () => {
  const page = html(false);
  expect(page).toContain('data-testid="person-row"');
  expect(page).not.toContain('data-testid="person-card"');
});

test("no hint: both, each behind its breakpoint class (CSS picks before any script runs)", () => {
  const page = html(null);
  expect(page).toMatch(/mantine-visible-from-sm[^>]*>.*data-testid="person-row"/s);
  expect(page).toMatch(/mantine-hidden-from-sm[^>]*>.*aria-label="พนักงาน" data-testid="person-cards".*data-testid="person-card"/s);
});
