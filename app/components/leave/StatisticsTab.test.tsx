import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { useLocation } from "@remix-run/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { StatisticsTab, type StatisticsTabData } from "./StatisticsTab";

const ITEMS: StatisticsTabData["items"] = [
  { employee: { id: 1, code: "E0001", full_name: "นายสมชาย ใจดี" }, days: { "1": 2, "2": 0.5, "3": 0 }, total: 2.5 },
  { employee: { id: 2, code: "E0002", full_name: "นางสาวสมหญิง ขยัน" }, days: { "1": 0, "2": 0, "3": 0 }, total: 0 },
];

const DATA: StatisticsTabData = {
  year: 2026,
  this_year: 2026,
  types: [1, 2, 3],
  totals: { "1": 2, "2": 0.5, "3": 0 },
  top: [ITEMS[0]],
  items: ITEMS,
  total: 2,
  page: 1,
  page_size: 50,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderTab(data: StatisticsTabData = DATA, url = "/?tab=statistics") {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <StatisticsTab data={data} />
          <Where />
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("StatisticsTab", () => {
  test("shows the totals per type, every employee's row and the CSV link for the year", async () => {
    renderTab();
    expect(await screen.findByText("2.5")).toBeInTheDocument();
    const rows = screen.getAllByRole("row");
    expect(rows[1]).toHaveTextContent("E0001นายสมชาย ใจดี20.502.5");
    expect(rows[2]).toHaveTextContent("E0002นางสาวสมหญิง ขยัน0000");
    expect(screen.getByRole("link", { name: "ส่งออก CSV" })).toHaveAttribute("href", "/api/leave/statistic?year=2026&format=csv");
    expect(screen.getByText("ผู้ที่ลามากที่สุด 1 คน (วัน)")).toBeInTheDocument();
  });

  test("a year without approved leave shows the empty state instead of a chart", async () => {
    renderTab({ ...DATA, totals: { "1": 0, "2": 0, "3": 0 }, top: [], items: DATA.items.map((i) => ({ ...i, days: { "1": 0, "2": 0, "3": 0 }, total: 0 })) });
    expect(await screen.findByText("ยังไม่มีวันลาที่อนุมัติในปีนี้")).toBeInTheDocument();
  });

  test("many employees: the totals come from the loader, the rows are one page, and the pages are links to the next", async () => {
    renderTab({ ...DATA, totals: { "1": 40, "2": 3, "3": 1.5 }, total: 120, page: 2, page_size: 50 }, "/?tab=statistics&year=2026&page=2");
    expect(await screen.findByText("40 วัน")).toBeInTheDocument();
    expect(screen.getByText("1.5 วัน")).toBeInTheDocument();
    expect(screen.getByText("ทั้งหมด 120 คน")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "3" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "2" })).toHaveAttribute("data-active", "true");
    expect(screen.queryByRole("button", { name: "4" })).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=statistics&year=2026&page=3"));
  });

  test("a column, a total and a colour for each of the answer's types: maternity leave too", async () => {
    const mother = { employee: { id: 3, code: "E0003", full_name: "นางมาลี แม่ดี" }, days: { "1": 1, "2": 0, "3": 0, "4": 98 }, total: 99 };
    renderTab({
      ...DATA,
      types: [1, 2, 3, 4],
      totals: { "1": 3, "2": 0.5, "3": 0, "4": 98 },
      top: [mother, ITEMS[0]],
      items: [{ ...ITEMS[0], days: { ...ITEMS[0].days, "4": 0 } }, { ...ITEMS[1], days: { ...ITEMS[1].days, "4": 0 } }, mother],
      total: 3,
    });
    const headers = (await screen.findAllByRole("columnheader")).map((h) => h.textContent);
    expect(headers).toEqual(["รหัส", "ชื่อ-นามสกุล", "ลากิจ", "ลาป่วย", "ลาพักร้อน", "ลาคลอด", "รวม"]);
    const cells = within(screen.getAllByRole("row")[3]).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["E0003", "นางมาลี แม่ดี", "1", "0", "0", "98", "99"]);
    const totals = screen.getAllByTestId("type-total");
    expect(totals.map((t) => t.textContent)).toEqual(["ลากิจ3 วัน", "ลาป่วย0.5 วัน", "ลาพักร้อน0 วัน", "ลาคลอด98 วัน"]);
    // Each type in its own colour, sick leave not in the absence red.
    const dot = (i: number) => (within(totals[i]).getByText((_, el) => el?.hasAttribute("data-leave-type") ?? false) as HTMLElement).style.background;
    expect(dot(3)).toBe("var(--mantine-color-pink-6)");
    expect(dot(1)).toBe("var(--mantine-color-violet-6)");
  });

  test("one page of employees shows no pagination", async () => {
    renderTab();
    expect(await screen.findByText("ทั้งหมด 2 คน")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "หน้าถัดไป" })).toBeNull();
  });
});
