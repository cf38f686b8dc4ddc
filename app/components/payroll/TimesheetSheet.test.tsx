import { render, screen, within } from "@testing-library/react";
import "~/lib/thai-date";
import type { Timesheet } from "~/models/payroll/timesheet.server";
import { TimesheetSheet } from "./TimesheetSheet";

const day = (date: string, weekday: number, over: Partial<Timesheet["days"][number]> = {}): Timesheet["days"][number] => ({
  date,
  weekday,
  schedule: null,
  checkin: "",
  checkout: "",
  status: null,
  status_label: "",
  late_minutes: 0,
  early_minutes: 0,
  worked_minutes: 0,
  overtime_minutes: 0,
  holiday_work_minutes: 0,
  holiday_overtime_minutes: 0,
  reason: "",
  ...over,
});

const SHEET: Timesheet = {
  employee: { id: 7, code: "E007", full_name: "นายต้น ใจดี", position: "พนักงานขาย", department: "ขาย", pay_basis: "daily" },
  month: "2026-11",
  first: "2026-11-01",
  last: "2026-11-30",
  close: { month: "2026-11", closed_at: "2026-12-01T02:00:00.000Z", closed_by: 1, closed_by_name: "คุณบัญชี" },
  days: [
    day("2026-11-01", 7, { status: "day_off", status_label: "วันหยุดประจำสัปดาห์", reason: "วันหยุดประจำสัปดาห์" }),
    day("2026-11-02", 1, { schedule: "08:30–17:30", checkin: "08:42", checkout: "20:00", status: "late", status_label: "มาสาย", late_minutes: 12, worked_minutes: 468, overtime_minutes: 150, reason: "สาย 12 นาที" }),
  ],
  totals: null,
  weeks_over: [],
  total_cells: [
    { label: "มาสาย (นาที)", value: "12" },
    { label: "ล่วงเวลาวันทำงาน 1.5 เท่า (ชม.)", value: "2.50" },
  ],
};

test("the timesheet: the employee and the month's state, a row per date, the totals and two signature lines", () => {
  render(<TimesheetSheet data={SHEET} />);
  const sheet = screen.getByRole("article", { name: "ใบลงเวลาทำงาน นายต้น ใจดี เดือนพฤศจิกายน 2569" });
  expect(within(sheet).getByRole("heading", { level: 2 })).toHaveTextContent("ใบลงเวลาทำงาน ประจำเดือนพฤศจิกายน 2569");
  expect(sheet).toHaveTextContent("นายต้น ใจดี (E007)");
  expect(sheet).toHaveTextContent("รายวัน");
  expect(sheet).toHaveTextContent("ปิดงวดแล้ว โดย คุณบัญชี เมื่อ 1 ธ.ค. 2569 09:00");
  const rows = within(screen.getByRole("region", { name: "ตารางลงเวลารายวัน" })).getAllByRole("row");
  expect(rows).toHaveLength(3);
  expect(within(rows[0]).getAllByRole("columnheader").map((c) => c.textContent)).toContain("ทำงานวันหยุด 2 เท่า (ชม.)");
  expect(within(rows[2]).getAllByRole("cell").map((c) => c.textContent)).toEqual([
    "2 พ.ย. 2569", "จ.", "08:30–17:30", "08:42", "20:00", "มาสาย", "12", "", "7.80", "2.50", "", "", "สาย 12 นาที",
  ]);
  expect(screen.getByTestId("timesheet-totals")).toHaveTextContent("ล่วงเวลาวันทำงาน 1.5 เท่า (ชม.)2.50");
  expect(sheet).toHaveTextContent("ลงชื่อ ........................................................ พนักงาน");
  expect(sheet).toHaveTextContent("( นายต้น ใจดี )");
  expect(sheet).toHaveTextContent("ลงชื่อ ........................................................ ผู้อนุมัติ");
  expect(sheet.textContent?.match(/วันที่ \.{8} \/ \.{8} \/ \.{12}/g)).toHaveLength(2);
});
