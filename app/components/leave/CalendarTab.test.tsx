import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { CalendarTab, type CalendarTabData } from "./CalendarTab";

const person = (id: number, name: string) => ({ id, code: `E${id}`, full_name: name });

const DATA: CalendarTabData = {
  month: "2026-03",
  first: "2026-03-01",
  last: "2026-03-31",
  work_days: [1, 2, 3, 4, 5],
  holidays: [{ date: "2026-03-03", name: "วันมาฆบูชา", kind: "public" }],
  items: [
    { id: 1, employee: person(1, "นายสมชาย ใจดี"), type: 1, start_date: "2026-03-09", end_date: "2026-03-10", half: "full", days: 2, status: 2 },
    { id: 2, employee: person(2, "นางสาวสมหญิง ขยัน"), type: 2, start_date: "2026-03-10", end_date: "2026-03-10", half: "morning", days: 0.5, status: 1 },
  ],
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTab(data: CalendarTabData = DATA) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <CalendarTab data={data} />
          <Search />
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub initialEntries={["/?tab=calendar&month=2026-03"]} />);
}

describe("CalendarTab", () => {
  test("shows the month in Thai, a holiday, and approved and pending counts per day", async () => {
    renderTab();
    expect(await screen.findByText("มีนาคม 2569")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /วันมาฆบูชา/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /10 มีนาคม 2569: ลาอนุมัติ 1 คน รออนุมัติ 1 คน/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /9 มีนาคม 2569: ลาอนุมัติ 1 คน รออนุมัติ 0 คน/ })).toBeInTheDocument();
  });

  test("clicking a day lists who is away with type, half and status", async () => {
    renderTab();
    await userEvent.setup().click(await screen.findByRole("button", { name: /10 มีนาคม 2569: ลาอนุมัติ 1/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("นายสมชาย ใจดี")).toBeInTheDocument();
    expect(within(dialog).getByText("ลาป่วย · ครึ่งวันเช้า")).toBeInTheDocument();
    expect(within(dialog).getByText("รออนุมัติ")).toBeInTheDocument();
  });

  test("each leave type in its own colour: the month's legend, the day's dots and the day's list", async () => {
    renderTab({
      ...DATA,
      items: [
        ...DATA.items,
        { id: 3, employee: person(3, "นางมาลี แม่ดี"), type: 4, start_date: "2026-03-02", end_date: "2026-03-31", half: "full", days: 30, status: 2 },
      ],
    });
    const legend = await screen.findAllByTestId("type-legend");
    expect(legend.map((l) => l.textContent)).toEqual(["ลากิจ", "ลาป่วย", "ลาคลอด"]);
    const colour = (el: Element | null) => (el as HTMLElement | null)?.style.background;
    expect(legend.map((l) => colour(l.querySelector("[data-leave-type]")))).toEqual([
      "var(--mantine-color-blue-6)",
      "var(--mantine-color-violet-6)",
      "var(--mantine-color-pink-6)",
    ]);
    const day = screen.getByRole("button", { name: /10 มีนาคม 2569/ });
    const dots = [...within(day).getByTestId("day-types").querySelectorAll("[data-leave-type]")].map((d) => d.getAttribute("data-leave-type"));
    expect(dots).toEqual(["1", "2", "4"]);
    await userEvent.setup().click(day);
    const dialog = await screen.findByRole("dialog");
    const sick = within(dialog).getByText("ลาป่วย · ครึ่งวันเช้า").parentElement;
    expect(colour(sick?.querySelector("[data-leave-type]") ?? null)).toBe("var(--mantine-color-violet-6)");
  });

  test("previous and next month move the month in the URL; an empty month says so", async () => {
    renderTab({ ...DATA, items: [] });
    expect(await screen.findByText("ไม่มีการลาในเดือนนี้")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "เดือนถัดไป" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("month=2026-04"));
  });

  test("a table of weeks, Monday first, whose days are buttons named in words (no grid roles, no aria-label)", async () => {
    renderTab();
    const table = await screen.findByRole("table", { name: "ปฏิทินการลา มีนาคม 2569" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."]);
    // 1 March 2569 is a Sunday: six weeks, from 23 February to 5 April, under the header row.
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(7);
    expect(within(rows[1]).getAllByRole("cell")).toHaveLength(7);
    const day = within(table).getByRole("button", { name: "10 มีนาคม 2569: ลาอนุมัติ 1 คน รออนุมัติ 1 คน" });
    // The name starts with the day the eye reads; the cell's figures are not read twice.
    expect(day).not.toHaveAttribute("aria-label");
    expect(day.querySelector("[aria-hidden]")).toHaveTextContent(/^10/);
    expect(document.querySelector("[role=grid], [role=columnheader]:not(th)")).toBeNull();
  });
});
