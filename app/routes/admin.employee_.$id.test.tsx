import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { qrSvg } from "~/lib/qr.server";
import EmployeeProfilePage from "./admin.employee_.$id";

const EMPLOYEE = {
  id: 7, code: "E007", title: 1, title_label: "นาย", first_name: "ต้น", last_name: "ใจดี", full_name: "นายต้น ใจดี", nickname: "ต้น",
  phone: "", email: "", position: "พนักงานขาย", department: "ขาย", start_date: "2024-03-01", resign_date: null, working: true,
  photo_url: null, line_linked: false, face_registered: false, face_url: null, address: "", province_id: null, amphur_id: null,
  district_id: null, zipcode: "", province_name: null, amphur_name: null, district_name: null, pay_basis: "monthly", office_names: null,
};

const PROFILE = {
  employee: EMPLOYEE,
  face: { registered_at: null, consent_at: null, confirmed_at: null },
  month: { month: "2026-11", days: [], totals: null },
  leave: { year: 2026, balances: [], items: [] },
  machines: [],
  choices: { departments: [], positions: [] },
  offices: ["สำนักงานใหญ่"],
  schedule: {
    current: { schedule_id: 2, name: "กะดึก", from: "2026-11-02" },
    history: [
      { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2026-12-01" },
      { schedule_id: 2, name: "กะดึก", from: "2026-11-02" },
      { schedule_id: 1, name: "เวลาทำงานปกติ", from: "2024-03-01" },
    ],
  },
  schedules: [
    { id: 1, name: "เวลาทำงานปกติ", summary: "จ.–ศ. 08:30–17:30" },
    { id: 2, name: "กะดึก", summary: "จ.–ศ. 22:00–06:00" },
  ],
  today: "2026-11-25",
  kiosk_pin: { pin_set: false, issued_at: null },
  audit: {
    items: [{ id: 1, created_at: "2026-11-20T03:00:00.000Z", actor: { type: "admin", id: 1, name: "แอดมิน" }, action: "create", action_label: "เพิ่ม", entity: "employee", entity_label: "พนักงาน", entity_id: "7", subject: null, changes: null, lines: [] }],
    total: 1,
  },
};

test("the profile's sections, and an action posted to the list's page action with the code dialog after it", async () => {
  const posted: Record<string, string>[] = [];
  const link = "http://localhost/employee/verify";
  const svg = await qrSvg(link);
  const Stub = createRemixStub([
    {
      path: "/admin/employee/:id",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <EmployeeProfilePage />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json(PROFILE),
    },
    {
      path: "/admin/employee",
      action: async ({ request }) => {
        posted.push(Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)])));
        return json({ ok: true, intent: "issue-code", message: "ออกรหัสเชื่อม LINE แล้ว", data: { code: "123456", expires_at: "2026-11-30T03:00:00.000Z", link, qr_svg: svg } });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/employee/7"]} />);

  for (const name of ["ข้อมูลพนักงาน", "LINE และใบหน้า", "การลงเวลา พฤศจิกายน 2569", "การลา ปี 2569", "ตู้ที่รับผิดชอบ", "ประวัติการแก้ไข"]) {
    expect(await screen.findByRole("region", { name })).toBeInTheDocument();
  }
  expect(screen.getByRole("heading", { name: /นายต้น ใจดี/ })).toBeInTheDocument();
  expect(screen.getByTestId("audit-row")).toHaveTextContent("แอดมิน");
  expect(screen.getByRole("link", { name: "ดูทั้งหมดในประวัติการแก้ไข" })).toHaveAttribute("href", "/admin/audit?entity=employee&entity_id=7");
  expect(screen.getByRole("link", { name: "ใบลงเวลา" })).toHaveAttribute("href", "/admin/employee/7/timesheet");

  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "จัดการ" }));
  const issue = await screen.findByRole("menuitem", { name: "ออกรหัสเชื่อม LINE" });
  expect(screen.queryByRole("menuitem", { name: "กลับเข้าทำงาน" })).toBeNull();
  await user.click(issue);
  await user.click(await screen.findByRole("button", { name: "ยืนยัน" }));

  await waitFor(() => expect(posted).toEqual([{ intent: "issue-code", id: "7" }]));
  const dialog = await screen.findByRole("dialog", { name: "รหัสเชื่อมบัญชี LINE" });
  expect(within(dialog).getByTestId("verify-code")).toHaveTextContent("123456");
  expect(within(dialog).getByTestId("verify-qr").querySelector("svg")).not.toBeNull();
});

test("the schedule section: today's schedule, its history, and a change from a date posted to the list's page action", async () => {
  const posted: Record<string, string>[] = [];
  const Stub = createRemixStub([
    {
      path: "/admin/employee/:id",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <EmployeeProfilePage />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json(PROFILE),
    },
    {
      path: "/admin/employee",
      action: async ({ request }) => {
        posted.push(Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)])));
        return json({ ok: true, intent: "schedule-assign", message: "บันทึกตารางเวลาทำงานแล้ว" });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/employee/7"]} />);

  const section = await screen.findByRole("region", { name: "ตารางเวลาทำงาน" });
  expect(within(section).getByTestId("current-schedule")).toHaveTextContent("กะดึก");
  expect(section).toHaveTextContent("จ.–ศ. 22:00–06:00");
  const rows = within(within(section).getByRole("table", { name: "ประวัติตารางเวลาทำงาน" })).getAllByRole("row").slice(1);
  expect(rows.map((r) => r.textContent)).toEqual(["1 ธ.ค. 2569 (ล่วงหน้า)เวลาทำงานปกติ", "2 พ.ย. 2569กะดึก", "1 มี.ค. 2567เวลาทำงานปกติ"]);

  const user = userEvent.setup();
  await user.click(within(section).getByRole("button", { name: "เปลี่ยนตารางเวลา" }));
  const dialog = await screen.findByRole("dialog", { name: "เปลี่ยนตารางเวลาทำงาน" });
  expect(within(dialog).getByRole("textbox", { name: /ตารางเวลาทำงาน/ })).toHaveValue("กะดึก");
  await user.click(within(dialog).getByRole("textbox", { name: /ตารางเวลาทำงาน/ }));
  await user.click(await screen.findByRole("option", { name: "เวลาทำงานปกติ" }));
  await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
  await waitFor(() => expect(posted).toEqual([{ intent: "schedule-assign", id: "7", schedule_id: "1", from: "2026-11-25" }]));
});
