import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { AuditTable, type AuditRow } from "./AuditTable";

function show(items: AuditRow[], showSubject = true) {
  const Stub = createRemixStub([{ path: "/", Component: () => <MantineProvider><AuditTable items={items} showSubject={showSubject} /></MantineProvider> }]);
  render(<Stub />);
}

const row = (id: number, values: Partial<AuditRow>): AuditRow => ({
  id,
  created_at: "2026-11-20T03:00:00.000Z",
  actor: { type: "admin", id: 1, name: "สมหญิง ผู้ดูแล" },
  action_label: "แก้ไข",
  entity_label: "ตู้",
  entity_id: String(id),
  entity_name: null,
  subject: null,
  lines: [],
  ...values,
});

test("what a row is about: the record's name when the server knows it, else its number; the employee's own rows by their link", async () => {
  show([
    row(3, { action_label: "มอบหมายตู้", entity_name: "M001 ตู้หน้าโรงงาน", lines: [{ field: "employee_id", label: "พนักงาน", value: "นายต้น ใจดี (E007)" }] }),
    row(4, { entity_label: "ใบลา", entity_name: "นายต้น ใจดี · ลากิจ 21 พ.ย. 2569" }),
    row(5, { entity_label: "ใบลา" }),
    row(7, { entity_label: "พนักงาน", entity_name: "นายต้น ใจดี (E007)", subject: { id: 7, code: "E007", full_name: "นายต้น ใจดี" } }),
  ]);
  const [map, leave, unknown, person] = await screen.findAllByTestId("audit-row");
  expect(map).toHaveTextContent("มอบหมายตู้ตู้: M001 ตู้หน้าโรงงาน");
  expect(map).not.toHaveTextContent("#3");
  expect(within(map).getByTestId("change-line")).toHaveTextContent("พนักงาน: นายต้น ใจดี (E007)");
  expect(leave).toHaveTextContent("ใบลา: นายต้น ใจดี · ลากิจ 21 พ.ย. 2569");
  expect(unknown).toHaveTextContent("ใบลา #5");
  expect(person).not.toHaveTextContent("#7");
  expect(within(person).getByRole("link", { name: "E007 นายต้น ใจดี" })).toHaveAttribute("href", "/admin/employee/7");
});

test("on the employee's own profile, their own rows name nobody again", async () => {
  show([row(7, { entity_label: "พนักงาน", entity_name: "นายต้น ใจดี (E007)", subject: { id: 7, code: "E007", full_name: "นายต้น ใจดี" } })], false);
  const [person] = await screen.findAllByTestId("audit-row");
  expect(person).not.toHaveTextContent("นายต้น ใจดี");
  expect(person).not.toHaveTextContent("#7");
});
