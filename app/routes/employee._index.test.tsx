import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import type { EmployeeToday } from "~/models/attendance/employee-today.server";
import { DAY_DONE_TEXT, HALF_LEAVE_TEXT, REST_DAY_TEXT } from "~/components/liff/TodayOverview";
import EmployeeHome from "./employee._index";
import { FORGOTTEN_CHECKOUT_TITLE } from "~/components/liff/ForgottenCheckouts";
import type { ForgottenCheckout } from "~/models/flows/forgotten-checkouts.server";

const DATE = "2026-11-23";

function day(over: Partial<EmployeeToday> = {}): EmployeeToday {
  return {
    work_date: DATE,
    checkin_at: null,
    checkout_at: null,
    status: "absent",
    status_label: "ยังไม่ได้ลงเวลา",
    reason: "ยังไม่ได้ลงเวลาเข้า",
    review_status: null,
    next: "in",
    leave: null,
    ...over,
  };
}

function showHome(today: EmployeeToday, forgotten: ForgottenCheckout[] = []) {
  const Stub = createRemixStub([
    {
      path: "/employee",
      Component: () => (
        <MantineProvider env="test">
          <EmployeeHome />
        </MantineProvider>
      ),
      loader: () =>
        json({
          employee: { first_name: "สมชาย", full_name: "นายสมชาย ใจดี", code: "E0001", photo_url: null, position: "", face_registered: true, face_was_reset: false },
          today,
          forgotten_checkouts: forgotten,
          leave: { year: 2026, balances: [] },
        }),
    },
  ]);
  render(<Stub initialEntries={["/employee"]} />);
  return screen.findByRole("region", { name: "การลงเวลาวันนี้" });
}

describe("the employee home's today card", () => {
  test("no record yet: dashes, the daily view's status and reason, a button to check in", async () => {
    const card = await showHome(day());
    expect(card).toHaveTextContent("วันนี้ 23 พฤศจิกายน 2569");
    expect(within(card).getByTestId("today-checkin")).toHaveTextContent("—");
    expect(within(card).getByTestId("today-checkout")).toHaveTextContent("—");
    expect(within(card).getByTestId("today-status")).toHaveTextContent("ยังไม่ได้ลงเวลายังไม่ได้ลงเวลาเข้า");
    expect(within(card).getByRole("link", { name: "ลงเวลาเข้างาน" })).toHaveAttribute("href", "/employee/checkin-out");
    expect(screen.queryByText("ยังไม่มีข้อมูลการลงเวลาของวันนี้")).toBeNull();
  });

  test("checked in (late, outside the fence): the time in Bangkok, waiting for review, a button to check out", async () => {
    const card = await showHome(
      day({ checkin_at: "2026-11-23T01:42:00.000Z", status: "late", status_label: "มาสาย", reason: "สาย 12 นาที, ยังไม่ลงเวลาออก", review_status: "pending", next: "out" }),
    );
    expect(within(card).getByTestId("today-checkin")).toHaveTextContent("08:42 น.");
    expect(within(card).getByTestId("today-checkout")).toHaveTextContent("—");
    const status = within(card).getByTestId("today-status");
    expect(status).toHaveTextContent("มาสาย");
    expect(status).toHaveTextContent("รอผู้ดูแลตรวจสอบ");
    expect(status).toHaveTextContent("สาย 12 นาที, ยังไม่ลงเวลาออก");
    expect(within(card).getByRole("link", { name: "ลงเวลาออกงาน" })).toHaveAttribute("href", "/employee/checkin-out");
    expect(within(card).queryByRole("link", { name: "ลงเวลาเข้างาน" })).toBeNull();
  });

  test("checked out: both times, the day is done, no button", async () => {
    const card = await showHome(
      day({ checkin_at: "2026-11-23T01:20:00.000Z", checkout_at: "2026-11-23T10:40:00.000Z", status: "present", status_label: "มาทำงาน", reason: "ตรงเวลา", review_status: "none", next: "done" }),
    );
    expect(within(card).getByTestId("today-checkin")).toHaveTextContent("08:20 น.");
    expect(within(card).getByTestId("today-checkout")).toHaveTextContent("17:40 น.");
    expect(within(card).getByTestId("today-status")).toHaveTextContent("มาทำงาน");
    expect(within(card).getByTestId("today-status")).not.toHaveTextContent("ตรวจสอบ");
    expect(card).toHaveTextContent(DAY_DONE_TEXT);
    expect(within(card).queryByRole("link")).toBeNull();
  });

  test("a whole day of approved leave: says so, nothing to record", async () => {
    const card = await showHome(day({ status: "leave", status_label: "ลา", reason: "ลาทั้งวัน (ลาป่วย)", leave: { part: "full", type: "ลาป่วย" } }));
    expect(within(card).getByTestId("today-status")).toHaveTextContent("ลาลาทั้งวัน (ลาป่วย)");
    expect(card).toHaveTextContent(REST_DAY_TEXT);
    expect(within(card).queryByRole("link")).toBeNull();
  });

  test("half a day of leave: the other half is checked in", async () => {
    const card = await showHome(day({ status: "leave", status_label: "ลา", reason: "ลาครึ่งวันเช้า (ลากิจ)", leave: { part: "morning", type: "ลากิจ" } }));
    expect(card).toHaveTextContent(HALF_LEAVE_TEXT);
    expect(within(card).getByRole("link", { name: "ลงเวลาเข้างาน" })).toBeVisible();
  });

  test("the weekly day off: says so, nothing to record", async () => {
    const card = await showHome(day({ status: "day_off", status_label: "วันหยุดประจำสัปดาห์", reason: "วันหยุดประจำสัปดาห์" }));
    expect(within(card).getByTestId("today-status")).toHaveTextContent("วันหยุดประจำสัปดาห์");
    expect(card).toHaveTextContent(REST_DAY_TEXT);
    expect(within(card).queryByRole("link")).toBeNull();
  });

  test("a holiday: says so, nothing to record", async () => {
    const card = await showHome(day({ status: "holiday", status_label: "วันหยุด", reason: "วันหยุด: วันลอยกระทง" }));
    expect(within(card).getByTestId("today-status")).toHaveTextContent("วันหยุด: วันลอยกระทง");
    expect(card).toHaveTextContent(REST_DAY_TEXT);
    expect(within(card).queryByRole("link")).toBeNull();
  });
});

describe("forgotten check-outs on the home", () => {
  test("each day of the last week the ledger left without a check-out offers ขอแก้ไขเวลา, to that day's correction form", async () => {
    await showHome(day(), [
      { work_date: "2026-11-20", checkin_at: "2026-11-20T01:35:00.000Z" },
      { work_date: "2026-11-18", checkin_at: "2026-11-18T15:05:00.000Z" },
    ]);
    const section = screen.getByRole("region", { name: FORGOTTEN_CHECKOUT_TITLE });
    const rows = within(section).getAllByTestId("forgotten-checkout");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("20 พ.ย. 2569");
    expect(rows[0]).toHaveTextContent("เข้า 08:35 น. · ไม่ได้ลงเวลาออก");
    expect(rows[1]).toHaveTextContent("เข้า 22:05 น.");
    const link = within(rows[0]).getByRole("link", { name: "ขอแก้ไขเวลา 20 พ.ย. 2569" });
    expect(link).toHaveTextContent("ขอแก้ไขเวลา");
    expect(link).toHaveAttribute("href", "/employee/checkin-out?correct=2026-11-20#day-2026-11-20");
    expect(within(rows[1]).getByRole("link", { name: "ขอแก้ไขเวลา 18 พ.ย. 2569" })).toHaveAttribute("href", "/employee/checkin-out?correct=2026-11-18#day-2026-11-18");
  });

  test("none: no section", async () => {
    await showHome(day());
    expect(screen.queryByRole("region", { name: FORGOTTEN_CHECKOUT_TITLE })).toBeNull();
  });
});
