import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { AuditTable, type AuditRow } from "~/components/audit/AuditTable";
import { HALF_LEAVE_HALF_ABSENT } from "~/models/attendance/codes";
import { DetailsSection, LeaveSection, LineFaceSection, MachinesSection, MonthSection, thaiAddress } from "./ProfileSections";

function show(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <MantineProvider>{node}</MantineProvider> }]);
  render(<Stub />);
}

const ADDRESS = { address: "99/1 ซ.สุขุมวิท 21", district_name: "คลองเตยเหนือ", amphur_name: "วัฒนา", province_name: "กรุงเทพมหานคร", zipcode: "10110" };

test("thaiAddress: แขวง/เขต in Bangkok, ต./อ./จ. elsewhere, blanks skipped", () => {
  expect(thaiAddress(ADDRESS)).toBe("99/1 ซ.สุขุมวิท 21 แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110");
  expect(thaiAddress({ address: "", district_name: "ช้างเผือก", amphur_name: "เมืองเชียงใหม่", province_name: "เชียงใหม่", zipcode: "50300" })).toBe(
    "ต.ช้างเผือก อ.เมืองเชียงใหม่ จ.เชียงใหม่ 50300",
  );
  expect(thaiAddress({ address: "", district_name: null, amphur_name: null, province_name: null, zipcode: "" })).toBe("");
});

test("details show the Thai dates and address", async () => {
  show(
    <DetailsSection
      employee={{ ...ADDRESS, code: "E001", nickname: "ต้น", phone: "0812345678", email: "", position: "พนักงานขาย", department: "ขาย", start_date: "2024-03-01", resign_date: null }}
    />,
  );
  const section = await screen.findByRole("region", { name: "ข้อมูลพนักงาน" });
  expect(section).toHaveTextContent("1 มี.ค. 2567");
  expect(section).toHaveTextContent("แขวงคลองเตยเหนือ เขตวัฒนา");
  expect(section).toHaveTextContent("0812345678");
});

test("LINE and face: the statuses and the registered face image", async () => {
  show(
    <LineFaceSection
      employee={{ full_name: "นายต้น ใจดี", line_linked: true, face_registered: true, face_url: "/uploads/employees/abc.jpg" }}
      face={{ registered_at: "2026-11-01T02:00:00.000Z", consent_at: "2026-11-01T01:59:00.000Z", confirmed_at: null }}
    />,
  );
  const section = await screen.findByRole("region", { name: "LINE และใบหน้า" });
  expect(section).toHaveTextContent("เชื่อมแล้ว");
  expect(section).toHaveTextContent("ลงทะเบียนแล้ว");
  expect(within(section).getByRole("img", { name: "ใบหน้าที่ลงทะเบียนของ นายต้น ใจดี" })).toHaveAttribute("src", "/uploads/employees/abc.jpg");
  expect(section).toHaveTextContent("ลงทะเบียนเมื่อ 1 พ.ย. 2569 09:00");
});

test("the month: totals and one row per day with its status and times", async () => {
  const day = (date: string, weekday: number, code: string, extra = {}) => ({
    date, weekday, kind: "work" as const, code, checkin_at: null, checkout_at: null, late_minutes: 0, early_minutes: 0, ...extra,
  });
  show(
    <MonthSection
      month={{
        month: "2026-11",
        days: [
          day("2026-11-02", 1, "ส", { checkin_at: "2026-11-02T01:42:00.000Z", checkout_at: "2026-11-02T10:31:00.000Z", late_minutes: 12 }),
          day("2026-11-03", 2, "ข"),
          day("2026-11-04", 3, ""),
          day("2026-11-05", 4, HALF_LEAVE_HALF_ABSENT),
        ],
        totals: { present: 1, late: 1, late_minutes: 12, early_leave: 0, absent: 1.5, missing_checkout: 0, leave_days: 0.5, overtime_hours: 0, holiday_work_hours: 0, holiday_overtime_hours: 0 },
      }}
    />,
  );
  const section = await screen.findByRole("region", { name: "การลงเวลา พฤศจิกายน 2569" });
  expect(within(section).getByTestId("month-totals")).toHaveTextContent("สาย (นาที)12");
  const rows = within(section).getAllByTestId("month-day");
  expect(rows).toHaveLength(4);
  expect(rows[0]).toHaveTextContent("จ. 2 พ.ย. 2569");
  expect(rows[0]).toHaveTextContent("มาสาย");
  expect(rows[0]).toHaveTextContent("08:42 น. (สาย 12 นาที)");
  expect(rows[0]).toHaveTextContent("17:31 น.");
  expect(rows[1]).toHaveTextContent("ขาดงาน");
  // A half day's leave with the other half not come: the sheet's own code, its label and colour.
  expect(rows[3]).toHaveTextContent("ลาครึ่งวัน ขาดงานอีกครึ่งวัน");
  expect(within(rows[3]).getByText("ลาครึ่งวัน ขาดงานอีกครึ่งวัน").closest(".mantine-Badge-root")?.getAttribute("style")).toContain("violet");
  expect(within(section).getByTestId("month-totals")).toHaveTextContent("ขาด (วัน)1.5");
});

test("the month of someone not on the staff says so", async () => {
  show(<MonthSection month={{ month: "2026-11", days: [], totals: null }} />);
  expect(await screen.findByText("ไม่ได้อยู่ในรายชื่อพนักงานของเดือนนี้")).toBeInTheDocument();
});

test("leave: balances per type and the year's petitions", async () => {
  show(
    <LeaveSection
      leave={{
        year: 2026,
        balances: [
          { type: 1, quota: 3, used: 1, pending: 0.5, remaining: 1.5 },
          { type: 2, quota: 30, used: 0, pending: 0, remaining: 30 },
          { type: 3, quota: 6, used: 0, pending: 0, remaining: 6 },
          { type: 8, quota: null, used: 2, pending: 0, remaining: null },
        ],
        items: [{ id: 1, type_label: "ลากิจ", start_date: "2026-11-26", end_date: "2026-11-26", half: "morning", days: 0.5, reason: "ธุระ", status: 1, status_label: "ยื่นคำขอ" }],
      }}
    />,
  );
  const section = await screen.findByRole("region", { name: "การลา ปี 2569" });
  expect(within(section).getAllByTestId("leave-balance")[0]).toHaveTextContent("ลากิจสิทธิ์ 3 · ใช้ 1 · รออนุมัติ 0.5คงเหลือ 1.5 วัน");
  // Sterilisation has no fixed number of days.
  expect(within(section).getAllByTestId("leave-balance")[3]).toHaveTextContent("ลาทำหมันสิทธิ์ ตามใบรับรองแพทย์ · ใช้ 2 · รออนุมัติ 0ลาได้ตามใบรับรองแพทย์");
  expect(within(section).getByTestId("leave-row")).toHaveTextContent("26 พ.ย. 2569 (ครึ่งวันเช้า)");
});

test("cabinets with their last visit, or none", async () => {
  show(
    <MachinesSection
      machines={[
        { id: 1, code: "VM-1", name: "ตู้หน้าโรงงาน", type_label: "ทั่วไป", photo_url: null, due_date: "2026-11-20", overdue: true, last_visit: { visited_at: "2026-11-13T03:00:00.000Z", status: "refilled", status_label: "เติมสินค้า", employee_name: "นายต้น ใจดี" } },
        { id: 2, code: "VM-2", name: "ตู้ข้างลิฟต์", type_label: "ผูกกับตู้", photo_url: null, due_date: null, overdue: false, last_visit: null },
      ]}
    />,
  );
  const rows = await screen.findAllByTestId("machine-row");
  expect(rows[0]).toHaveTextContent("เข้าตู้ล่าสุด 13 พ.ย. 2569 10:00 โดย นายต้น ใจดี");
  expect(rows[0]).toHaveTextContent("เลยกำหนด");
  expect(rows[1]).toHaveTextContent("ยังไม่มีรายงานการเข้าตู้");
});

test("the audit table: who, what, the changes before → after, links to profiles", async () => {
  const rows: AuditRow[] = [
    {
      id: 2,
      created_at: "2026-11-20T03:00:00.000Z",
      actor: { type: "admin", id: 1, name: "สมหญิง ผู้ดูแล" },
      action_label: "แก้ไข",
      entity_label: "พนักงาน",
      entity_id: "7",
      entity_name: "นายต้น ใจดี (E007)",
      subject: { id: 7, code: "E007", full_name: "นายต้น ใจดี" },
      lines: [{ field: "phone", label: "เบอร์โทร", from: "-", to: "0812345678" }, { field: "note", label: "หมายเหตุ", value: "ย้ายสาขา" }],
    },
    { id: 1, created_at: "2026-11-19T03:00:00.000Z", actor: { type: "employee", id: 7, name: "นายต้น ใจดี" }, action_label: "เพิ่ม", entity_label: "ใบลา", entity_id: "3", entity_name: null, subject: null, lines: [] },
  ];
  show(<AuditTable items={rows} />);
  const [first, second] = await screen.findAllByTestId("audit-row");
  expect(first).toHaveTextContent("20 พ.ย. 2569 10:00");
  expect(first).toHaveTextContent("สมหญิง ผู้ดูแลผู้ดูแลระบบ");
  expect(within(first).getByRole("link", { name: "E007 นายต้น ใจดี" })).toHaveAttribute("href", "/admin/employee/7");
  const lines = within(first).getAllByTestId("change-line");
  expect(lines[0]).toHaveTextContent("เบอร์โทร: - → 0812345678");
  expect(lines[1]).toHaveTextContent("หมายเหตุ: ย้ายสาขา");
  expect(within(second).getByRole("link", { name: "นายต้น ใจดี" })).toHaveAttribute("href", "/admin/employee/7");
  expect(second).toHaveTextContent("ใบลา #3");
});
