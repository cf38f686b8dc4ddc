import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import type { DailyTabItem } from "./daily-types";
import { DailyList } from "./DailyList";

const PHOTO = "/uploads/employees/0f8fad5b-d9cb-469f-a165-70867728950e.jpg";

const item = (id: number, employee: Pick<DailyTabItem["employee"], "full_name" | "first_name" | "photo_url">): DailyTabItem => ({
  employee: { id, code: `E000${id}`, position: "", ...employee },
  status: "absent",
  reason: "ขาดงาน",
  record: null,
});

test("each avatar is the employee's photo (its thumbnail), else the first name's initial, not the title's", async () => {
  const items = [
    item(1, { full_name: "นายสมชาย ใจดี", first_name: "สมชาย", photo_url: null }),
    item(2, { full_name: "นางสาวมาลี ขยัน", first_name: "มาลี", photo_url: PHOTO }),
    item(3, { full_name: "นางกานดา รักงาน", first_name: "กานดา", photo_url: null }),
  ];
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DailyList date="2026-11-23" items={items} onPhoto={() => {}} />
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub />);
  const rows = await screen.findAllByTestId("daily-row");
  const avatar = (row: HTMLElement) => row.querySelector(".mantine-Avatar-root");
  expect(avatar(rows[0])).toHaveTextContent(/^ส$/);
  expect(avatar(rows[1])?.querySelector("img")?.getAttribute("src")).toBe(`${PHOTO}?size=thumb`);
  expect(avatar(rows[1])).toHaveTextContent("");
  expect(avatar(rows[2])).toHaveTextContent(/^ก$/);
});
