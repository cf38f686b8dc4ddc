import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import { EMPLOYEE_MAX_LENGTH } from "~/models/employee-schema";
import { EmployeeFormModal } from "./EmployeeFormModal";

function renderForm() {
  vi.stubGlobal("fetch", vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: [] }) })));
  const Page = () => {
    const form = useDialogFetcher<DialogResult>("employee-test", () => {});
    return <EmployeeFormModal opened onClose={() => {}} employee={null} fetcher={form.fetcher} />;
  };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Page />
        </MantineProvider>
      ),
      action: async () =>
        json({ ok: false, error: "กรุณาตรวจสอบข้อมูล", fields: { code: "กรุณากรอกรหัสพนักงาน", first_name: "กรุณากรอกชื่อ" } }, { status: 400 }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

afterEach(() => vi.unstubAllGlobals());

describe("EmployeeFormModal", () => {
  test("every text input carries the schema's maxLength", async () => {
    renderForm();
    const limits: [string, number][] = [
      ["รหัสพนักงาน", EMPLOYEE_MAX_LENGTH.code],
      ["ชื่อ", EMPLOYEE_MAX_LENGTH.first_name],
      ["นามสกุล", EMPLOYEE_MAX_LENGTH.last_name],
      ["ชื่อเล่น", EMPLOYEE_MAX_LENGTH.nickname],
      ["เบอร์โทรศัพท์", EMPLOYEE_MAX_LENGTH.phone],
      ["อีเมล", EMPLOYEE_MAX_LENGTH.email],
      ["ตำแหน่ง", EMPLOYEE_MAX_LENGTH.position],
      ["แผนก", EMPLOYEE_MAX_LENGTH.department],
      ["ที่อยู่ (บ้านเลขที่ ถนน ซอย)", EMPLOYEE_MAX_LENGTH.address],
    ];
    for (const [label, max] of limits) {
      expect(await screen.findByRole("textbox", { name: label }, { timeout: 5_000 })).toHaveAttribute("maxLength", String(max));
    }
  }, 20_000);

  test("a field's red error clears as soon as that field is corrected", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole("button", { name: "บันทึก" }, { timeout: 5_000 }));
    expect(await screen.findByText("กรุณากรอกรหัสพนักงาน", undefined, { timeout: 5_000 })).toBeInTheDocument();
    const code = screen.getByRole("textbox", { name: "รหัสพนักงาน" });
    expect(code).toHaveAttribute("aria-invalid", "true");

    await user.type(code, "E001");
    expect(screen.queryByText("กรุณากรอกรหัสพนักงาน")).not.toBeInTheDocument();
    expect(code).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("กรุณากรอกชื่อ")).toBeInTheDocument();
  }, 20_000);
});
