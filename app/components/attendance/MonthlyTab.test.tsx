import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { atPhoneWidth, expectCardNameFirst } from "~/components/phone-width.test-helpers";
import { MonthlyTab, type MonthlyTabData } from "./MonthlyTab";

const days = Array.from({ length: 30 }, (_, i) => {
  const weekday = ((i + 6) % 7) + 1; // 1 Nov 2026 is a Sunday (7)
  return { date: `2026-11-${String(i + 1).padStart(2, "0")}`, weekday, kind: weekday >= 6 ? ("day_off" as const) : ("work" as const) };
});

const codes = (over: Record<string, string>) => Object.fromEntries(days.map((d) => [d.date, over[d.date] ?? ""]));

const DATA: MonthlyTabData = {
  month: "2026-11",
  days,
  items: [
    {
      employee: { id: 1, code: "E0001", full_name: "นายสมชาย ใจดี" },
      days: codes({ "2026-11-01": "ห", "2026-11-02": "ม", "2026-11-03": "ส", "2026-11-04": "ลืม", "2026-11-05": "ข" }),
      totals: { present: 3, late: 1, late_minutes: 12, early_leave: 0, absent: 1, missing_checkout: 1, leave_days: 0.5, overtime_hours: 2.5, holiday_work_hours: 0, holiday_overtime_hours: 0 },
    },
  ],
  total: 120,
  page_size: 50,
  prev_cursor: null,
  next_cursor: "NEXT",
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTab(data: MonthlyTabData = DATA, url = "/?tab=monthly&month=2026-11") {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
            <MonthlyTab data={data} />
            <Search />
          </DatesProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("MonthlyTab", () => {
  test("warns on the employee's row of a week past 36 hours of overtime and holiday work", async () => {
    const item = { ...DATA.items[0], weeks_over_limit: [{ week_start: "2026-11-09", hours: 37.5 }] };
    renderTab({ ...DATA, items: [item, { ...DATA.items[0], employee: { id: 2, code: "E0002", full_name: "นางสาวพอดี งานปกติ" } }] });
    const rows = await screen.findAllByTestId("monthly-row");
    expect(within(rows[0]).getByTestId("weekly-limit-warning")).toHaveTextContent("เกิน 36 ชม./สัปดาห์ (สัปดาห์เริ่ม 9 พ.ย. 37.5 ชม.)");
    expect(within(rows[1]).queryByTestId("weekly-limit-warning")).toBeNull();
  });

  test("shows a row per employee with the day codes, the totals and the legend", async () => {
    renderTab();
    const [row] = await screen.findAllByTestId("monthly-row");
    const cells = within(row).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("นายสมชาย ใจดี");
    expect(cells[0]).toHaveTextContent("E0001");
    expect(within(cells[0]).getByRole("link", { name: "นายสมชาย ใจดี" })).toHaveAttribute("href", "/admin/employee/1/timesheet?month=2026-11");
    expect(cells.slice(1, 6).map((c) => c.textContent)).toEqual(["ห", "ม", "ส", "ลืม", "ข"]);
    expect(cells[6]).toHaveTextContent(/^$/); // a day still ahead is blank
    expect(cells.slice(31).map((c) => c.textContent)).toEqual(["3", "1", "12", "0", "1", "1", "0.5", "2.5", "0", "0"]);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent).slice(0, 3)).toEqual(["พนักงาน", "1อา.", "2จ."]);
    expect(screen.getByTestId("monthly-legend")).toHaveTextContent("ลืม = ไม่ได้ลงเวลาออก");
    expect(screen.getByText("พนักงาน 120 คน")).toBeInTheDocument();
  });

  test("the month picker shows the Buddhist Era year, named by its label and what it shows", async () => {
    renderTab();
    expect(await screen.findByRole("button", { name: "เดือน พฤศจิกายน 2569" })).toHaveTextContent("พฤศจิกายน 2569");
  });

  test("links the month's CSV", async () => {
    renderTab();
    const link = await screen.findByRole("link", { name: "ส่งออก CSV" });
    expect(link).toHaveAttribute("href", "/api/checkin-out/monthly?month=2026-11&format=csv");
  });

  test("previous and next month move the month and go back to the first page", async () => {
    renderTab(DATA, "/?tab=monthly&month=2026-11&after=OLD");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "เดือนถัดไป" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=monthly&month=2026-12$/));
    await user.click(screen.getByRole("button", { name: "เดือนก่อนหน้า" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("month=2026-10"));
  });

  test("pages through the employees with a next link that keeps the month; no previous link on the first page", async () => {
    renderTab();
    const next = await screen.findByRole("link", { name: "หน้าถัดไป" });
    expect(next.getAttribute("href")).toBe("/?tab=monthly&month=2026-11&after=NEXT");
    expect(screen.queryByRole("link", { name: "หน้าก่อนหน้า" })).toBeNull();
    await userEvent.setup().click(next);
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("?tab=monthly&month=2026-11&after=NEXT"));
  });

  test("the legend explains a half day's leave with half a day's absence", async () => {
    renderTab();
    expect(await screen.findByTestId("monthly-legend")).toHaveTextContent("ล½/ข½ = ลาครึ่งวัน ขาดงานอีกครึ่งวัน");
  });

  test("an empty month says so", async () => {
    renderTab({ ...DATA, items: [], total: 0 });
    expect(await screen.findByText("ไม่มีพนักงานในเดือนนี้")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  test("at phone width: a card per employee with the name first, the totals and the days that need a look", async () => {
    const restore = atPhoneWidth();
    try {
      renderTab();
      const [card] = await screen.findAllByTestId("monthly-card");
      expect(screen.queryAllByTestId("monthly-row")).toEqual([]);
      expectCardNameFirst(card, "นายสมชาย ใจดี");
      expect(card).toHaveTextContent("E0001");
      expect(card).toHaveTextContent("มาทำงาน (วัน)3");
      expect(card).toHaveTextContent("สาย (นาที)12");
      expect(within(card).getAllByText(/^\d+: /).map((b) => b.textContent)).toEqual(["1: ห", "3: ส", "4: ลืม", "5: ข"]);
    } finally {
      restore();
    }
  });
});
