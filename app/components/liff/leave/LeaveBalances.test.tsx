import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { LEAVE_CATALOGUE } from "~/models/leave/catalogue";
import { LeaveBalanceCard, LeaveBalanceSummary } from "./LeaveBalances";

const BALANCES = [
  { type: 1, quota: 3, used: 1, pending: 3, remaining: -1 },
  { type: 2, quota: 30, used: 0, pending: 0.5, remaining: 29.5 },
  { type: 3, quota: 6, used: 0, pending: 0, remaining: 6 },
];

test("the home card: days left per type this year (Buddhist Era), over-quota in red, leading to the leave page", async () => {
  const Stub = createRemixStub([
    {
      path: "/employee",
      Component: () => (
        <MantineProvider env="test">
          <LeaveBalanceSummary balances={BALANCES} year={2026} />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/employee"]} />);
  const card = await screen.findByRole("region", { name: "วันลาคงเหลือ" });
  expect(card).toHaveTextContent("วันลาคงเหลือ ปี 2569");
  expect(within(screen.getByTestId("home-balance-1")).getByText("-1 วัน").getAttribute("style")).toMatch(/red/);
  expect(screen.getByTestId("home-balance-2")).toHaveTextContent("ลาป่วย29.5 วัน");
  expect(screen.getByTestId("home-balance-3")).toHaveTextContent("ลาพักร้อน6 วัน");
  expect(within(card).getByRole("link", { name: "ดูประวัติการลา" })).toHaveAttribute("href", "/employee/petition?tab=history");
});

test("the leave page's card: quota, approved, pending and remaining per type", () => {
  render(
    <MantineProvider env="test">
      <LeaveBalanceCard balances={BALANCES} year={2026} />
    </MantineProvider>,
  );
  const business = screen.getByTestId("balance-1");
  expect(business).toHaveTextContent("ลากิจสิทธิ์ 3 · อนุมัติแล้ว 1 · รออนุมัติ 3");
  expect(within(business).getByTestId("remaining")).toHaveTextContent("คงเหลือ -1 วัน");
  expect(within(business).getByTestId("remaining").getAttribute("style")).toMatch(/red/);
  expect(within(screen.getByTestId("balance-3")).getByTestId("remaining").getAttribute("style") ?? "").not.toMatch(/red/);
});

describe("a type with no fixed number of days (sterilisation) and per-event types", () => {
  const CATALOGUE_BALANCES = [
    ...BALANCES,
    { type: 4, quota: 120, used: 0, pending: 0, remaining: 120 },
    { type: 8, quota: null, used: 2, pending: 1, remaining: null },
    { type: 9, quota: 30, used: 0, pending: 0, remaining: 30 },
  ];

  test("the leave page's card says ตามใบรับรองแพทย์ for the quota and what remains, and marks per-event quotas", () => {
    render(
      <MantineProvider env="test">
        <LeaveBalanceCard balances={CATALOGUE_BALANCES} year={2026} types={LEAVE_CATALOGUE} />
      </MantineProvider>,
    );
    const sterilisation = screen.getByTestId("balance-8");
    expect(sterilisation).toHaveTextContent("ลาทำหมันสิทธิ์ ตามใบรับรองแพทย์ · อนุมัติแล้ว 2 · รออนุมัติ 1");
    expect(within(sterilisation).getByTestId("remaining")).toHaveTextContent(/^ตามใบรับรองแพทย์$/);
    expect(within(sterilisation).getByTestId("remaining").getAttribute("style") ?? "").not.toMatch(/red/);
    expect(screen.getByTestId("balance-4")).toHaveTextContent("ลาคลอดสิทธิ์ 120/ครั้ง · อนุมัติแล้ว 0 · รออนุมัติ 0");
    expect(screen.getByTestId("balance-1")).toHaveTextContent("ลากิจสิทธิ์ 3 · อนุมัติแล้ว 1");
  });

  test("the home card keeps the three everyday types and adds another once the year has leave of it", async () => {
    const Stub = createRemixStub([
      {
        path: "/employee",
        Component: () => (
          <MantineProvider env="test">
            <LeaveBalanceSummary balances={CATALOGUE_BALANCES} year={2026} />
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/employee"]} />);
    const card = await screen.findByRole("region", { name: "วันลาคงเหลือ" });
    expect(within(card).getAllByTestId(/^home-balance-/).map((e) => e.dataset.testid)).toEqual(["home-balance-1", "home-balance-2", "home-balance-3", "home-balance-8"]);
    expect(screen.getByTestId("home-balance-8")).toHaveTextContent("ลาทำหมันตามใบรับรองแพทย์");
  });
});
