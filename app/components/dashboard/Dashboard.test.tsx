import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import "~/lib/thai-date";
import { ADMIN_MENU } from "~/components/admin-menu";
import { Dashboard, type DashboardData } from "./Dashboard";

const DATA: DashboardData = {
  today: {
    date: "2026-11-23",
    headcount: 20,
    counts: { present: 10, late: 2, early_leave: 1, missing_checkout: 1, pending_review: 1, leave: 3, absent: 2, off: 0 },
    day: { kind: "work" },
  },
  replication_warning: null,
  pending_leave: {
    total: 7,
    items: [
      { id: 5, employee: { id: 1, code: "E0001", full_name: "นายสมชาย ใจดี" }, type: 2, start_date: "2026-11-25", end_date: "2026-11-25", half: "morning", days: 0.5 },
    ],
  },
  away: {
    from: "2026-11-23",
    to: "2026-11-29",
    people: 1,
    total: 1,
    items: [
      { id: 9, employee: { id: 2, code: "E0002", full_name: "นางสาวสมหญิง ขยัน" }, type: 3, start_date: "2026-11-23", end_date: "2026-11-24", half: "full", on_leave_today: true },
    ],
  },
  machines: {
    active: 4,
    overdue: { total: 1, items: [{ id: 1, code: "M01", name: "ตู้หน้าโรงงาน", due_date: "2026-11-20", last_visit_date: "2026-11-13", last_status: "normal" }] },
    problems: { total: 1, items: [{ id: 2, code: "M02", name: "ตู้โรงอาหาร", due_date: null, last_visit_date: "2026-11-22", last_status: "broken" }] },
  },
  trend: [{ date: "2026-11-20", headcount: 20, on_time: 15, late: 2, leave: 1, absent: 2 }],
  leave_by_type: {
    year: 2026,
    items: [
      { type: 1, label: "ลากิจ", days: 3 },
      { type: 2, label: "ลาป่วย", days: 5.5 },
      { type: 3, label: "ลาพักร้อน", days: 0 },
    ],
  },
};

function renderDashboard(data: DashboardData = DATA) {
  const Stub = createRemixStub([
    {
      path: "/admin",
      Component: () => (
        <MantineProvider env="test">
          <Dashboard data={data} />
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  return render(<Stub initialEntries={["/admin"]} />);
}

describe("Dashboard", () => {
  test("a replica more than 5 minutes behind is a warning at the top, with how long and why, linking to the settings hub", async () => {
    renderDashboard({ ...DATA, replication_warning: { lag_seconds: 900, problem: "ติดต่อ Litestream ไม่ได้" } });
    const warning = await screen.findByTestId("replication-warning");
    expect(warning).toHaveTextContent("ข้อมูลยังไม่ได้สำรองออกนอกเครื่อง");
    expect(warning).toHaveTextContent("ข้อมูลที่บันทึกในช่วง 15 นาที ที่ผ่านมายังไม่ถึงปลายทางสำรอง");
    expect(warning).toHaveTextContent("(ติดต่อ Litestream ไม่ได้)");
    expect(within(warning).getByRole("link", { name: "ดูสถานะการสำรองข้อมูลต่อเนื่อง" })).toHaveAttribute("href", "/admin/settings");
  });

  test("no warning while the replica keeps up (or replication is off)", async () => {
    renderDashboard();
    await screen.findByTestId("today-present");
    expect(screen.queryByTestId("replication-warning")).toBeNull();
  });

  test("today's counts link to the daily view filtered by their status and date, waiting records to the review queue", async () => {
    renderDashboard();
    const expected: [string, string][] = [
      ["present", "/admin/checkin-out?tab=daily&date=2026-11-23&status=present"],
      ["late", "/admin/checkin-out?tab=daily&date=2026-11-23&status=late"],
      ["early_leave", "/admin/checkin-out?tab=daily&date=2026-11-23&status=early_leave"],
      ["missing_checkout", "/admin/checkin-out?tab=daily&date=2026-11-23&status=missing_checkout"],
      ["leave", "/admin/checkin-out?tab=daily&date=2026-11-23&status=leave"],
      ["absent", "/admin/checkin-out?tab=daily&date=2026-11-23&status=absent"],
      ["pending_review", "/admin/checkin-out?tab=review"],
    ];
    for (const [bucket, href] of expected) {
      expect(await screen.findByTestId(`today-${bucket}`)).toHaveAttribute("href", href);
    }
    expect(screen.getByTestId("today-present")).toHaveTextContent("มาทำงาน 10");
    expect(screen.getByTestId("today-pending_review")).toHaveTextContent("รอตรวจสอบ 1");
    // What the eye reads on a tile is word for word in its name (WCAG 2.5.3, label in name).
    for (const [bucket] of expected) {
      const tile = screen.getByTestId(`today-${bucket}`);
      expect(tile.getAttribute("aria-label")).toContain(tile.textContent);
    }
    // A work day with nobody off has no "off" tile.
    expect(screen.queryByTestId("today-off")).toBeNull();
    expect(screen.getByText(/พนักงาน 20 คน ทุกช่องรวมกันเท่ากับจำนวนพนักงาน.*ลาหรือขาดงานครึ่งวันนับครึ่งคน/)).toBeInTheDocument();
  });

  test("on a holiday the off tile shows and leads to the holiday filter", async () => {
    renderDashboard({
      ...DATA,
      today: { ...DATA.today, counts: { ...DATA.today.counts, present: 1, off: 19 }, day: { kind: "holiday", name: "วันลอยกระทง" } },
    });
    expect(await screen.findByTestId("today-off")).toHaveAttribute("href", "/admin/checkin-out?tab=daily&date=2026-11-23&status=holiday");
    expect(screen.getByText("วันหยุด: วันลอยกระทง")).toBeInTheDocument();
  });

  test("leave and machine cards: counts, the first items and links with their filters", async () => {
    renderDashboard();
    expect(await screen.findByText("คำขอลารออนุมัติ (7)")).toBeInTheDocument();
    expect(screen.getByText("นายสมชาย ใจดี · ลาป่วย")).toBeInTheDocument();
    expect(screen.getByText("และอีก 6 รายการ")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "พิจารณาคำขอ" })).toHaveAttribute("href", "/admin/leave-work?tab=pending");
    expect(screen.getByText("ลาในสัปดาห์นี้ (1 คน)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ปฏิทินการลา" })).toHaveAttribute("href", "/admin/leave-work?tab=calendar&month=2026-11");

    expect(screen.getByText("เลยกำหนดเข้าดูแล 1 ตู้")).toBeInTheDocument();
    expect(screen.getByText("M01 · ตู้หน้าโรงงาน")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ดูตู้ที่เลยกำหนด" })).toHaveAttribute("href", "/admin/vending-machine?overdue=1");
    expect(screen.getByText("มีปัญหาค้างอยู่ 1 ตู้")).toBeInTheDocument();
    expect(screen.getByText(/^ชำรุด เมื่อ/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ดูรายงาน" })).toHaveAttribute("href", "/admin/vending-machine?tab=visits");
    expect(screen.getByRole("link", { name: "ดูสถิติ" })).toHaveAttribute("href", "/admin/leave-work?tab=statistics&year=2026");
  });

  test("draws both charts once in the browser", async () => {
    const { container } = renderDashboard();
    await waitFor(() => expect(container.querySelectorAll(".recharts-responsive-container")).toHaveLength(2));
  });

  test("keeps a link to every section of the menu", async () => {
    renderDashboard();
    const nav = await screen.findByRole("navigation", { name: "ไปยังส่วนต่าง ๆ" });
    for (const item of ADMIN_MENU) {
      expect(within(nav).getByRole("link", { name: item.label })).toHaveAttribute("href", item.to);
    }
  });

  test("empty states: no employees, no machines, no leave", async () => {
    renderDashboard({
      ...DATA,
      today: { ...DATA.today, headcount: 0, counts: { present: 0, late: 0, early_leave: 0, missing_checkout: 0, pending_review: 0, leave: 0, absent: 0, off: 0 } },
      pending_leave: { total: 0, items: [] },
      away: { ...DATA.away, people: 0, total: 0, items: [] },
      machines: { active: 0, overdue: { total: 0, items: [] }, problems: { total: 0, items: [] } },
      trend: [],
      leave_by_type: { year: 2026, items: DATA.leave_by_type.items.map((i) => ({ ...i, days: 0 })) },
    });
    expect(await screen.findByText("ยังไม่มีพนักงานในระบบ")).toBeInTheDocument();
    expect(screen.queryByTestId("today-present")).toBeNull();
    expect(screen.getByText("ไม่มีคำขอลาที่รออนุมัติ")).toBeInTheDocument();
    expect(screen.getByText("ไม่มีผู้ลาในสัปดาห์นี้")).toBeInTheDocument();
    expect(screen.getByText("ยังไม่มีตู้ที่ใช้งาน")).toBeInTheDocument();
    expect(screen.getByText("ยังไม่มีวันทำงานในช่วงนี้")).toBeInTheDocument();
    expect(screen.getByText("ยังไม่มีวันลาที่อนุมัติในปีนี้")).toBeInTheDocument();
  });
});
