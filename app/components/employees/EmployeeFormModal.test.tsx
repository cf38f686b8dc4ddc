import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { EMPLOYEE_MAX_LENGTH } from "~/models/employees/schema";
import { EmployeeFormModal } from "./EmployeeFormModal";

const CHOICES = { departments: ["บัญชี", "ฝ่ายขาย"], positions: ["พนักงานขาย"] };

function renderForm(choices?: typeof CHOICES) {
  vi.stubGlobal("fetch", vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: [] }) })));
  const Page = () => {
    const form = useDialogFetcher<DialogResult>("employee-test", () => {});
    return <EmployeeFormModal opened onClose={() => {}} employee={null} fetcher={form.fetcher} choices={choices} />;
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
      ["คำนำหน้าอื่น (ถ้ามี)", EMPLOYEE_MAX_LENGTH.name_prefix],
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

  test("department is picked from the names in use, or added with เพิ่มใหม่; a near spelling becomes the listed name", async () => {
    const user = userEvent.setup();
    renderForm(CHOICES);
    const department = await screen.findByRole("textbox", { name: "แผนก" }, { timeout: 5_000 });
    const posted = () => (document.querySelector('input[type="hidden"][name="department"]') as HTMLInputElement).value;

    await user.click(department);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["บัญชี", "ฝ่ายขาย"]);
    await user.click(screen.getByRole("option", { name: "บัญชี" }));
    expect(posted()).toBe("บัญชี");

    await user.clear(department);
    await user.type(department, "คลังสินค้า");
    expect(screen.queryByRole("option", { name: "บัญชี" })).toBeNull();
    await user.click(screen.getByRole("option", { name: "+ เพิ่มใหม่ “คลังสินค้า”" }));
    expect(posted()).toBe("คลังสินค้า");

    await user.clear(department);
    await user.type(department, "  ฝ่ายขาย ");
    await user.tab();
    expect(posted()).toBe("ฝ่ายขาย");
    expect(department).toHaveValue("ฝ่ายขาย");

    await user.clear(department);
    await user.type(department, "พิมพ์แล้วไม่เลือก");
    await user.tab();
    expect(posted()).toBe("ฝ่ายขาย");
  }, 20_000);

  test("คำนำหน้าอื่น: a free prefix beside the required title, with its hint, shown when editing and posted as name_prefix", async () => {
    const user = userEvent.setup();
    const posted: Record<string, FormDataEntryValue>[] = [];
    const employee = {
      id: 5, code: "E005", title: 1, title_label: "นาย", name_prefix: "ดร.", first_name: "สมชาย", last_name: "ใจดี",
      full_name: "ดร. สมชาย ใจดี", nickname: "", phone: "", email: "", position: "", department: "", start_date: null,
    } as EmployeeDto;
    const Page = () => {
      const form = useDialogFetcher<DialogResult>("employee-prefix-test", () => {});
      return <EmployeeFormModal opened onClose={() => {}} employee={employee} fetcher={form.fetcher} />;
    };
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <MantineProvider env="test">
            <Page />
          </MantineProvider>
        ),
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()));
          return json({ ok: true, message: "บันทึกการแก้ไขแล้ว" });
        },
      },
    ]);
    vi.stubGlobal("fetch", vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: [] }) })));
    render(<Stub initialEntries={["/"]} />);

    const prefix = await screen.findByRole("textbox", { name: "คำนำหน้าอื่น (ถ้ามี)" }, { timeout: 5_000 });
    expect(prefix).toHaveValue("ดร.");
    expect(prefix).toHaveAccessibleDescription("เช่น ดร., ว่าที่ ร.ต. จะแสดงหน้าชื่อแทน นาย/นาง/นางสาว");
    expect(screen.getByRole("textbox", { name: "คำนำหน้า" })).toHaveValue("นาย");

    await user.clear(prefix);
    await user.type(prefix, "ว่าที่ ร.ต.");
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "update", id: "5", title: "1", name_prefix: "ว่าที่ ร.ต.", first_name: "สมชาย" });
  }, 20_000);

  test("การจ่ายค่าจ้าง and สำนักงานที่ลงเวลาได้: shown when editing, posted as pay_basis and office_names (empty for every office)", async () => {
    const user = userEvent.setup();
    const posted: Record<string, FormDataEntryValue>[] = [];
    const employee = {
      id: 6, code: "E006", title: 2, title_label: "นาง", name_prefix: "", first_name: "สมศรี", last_name: "ขยัน",
      full_name: "นางสมศรี ขยัน", nickname: "", phone: "", email: "", position: "", department: "", start_date: null,
      pay_basis: "daily", office_names: ["สาขาบางนา", "สาขาเก่า"],
    } as EmployeeDto;
    const Page = () => {
      const form = useDialogFetcher<DialogResult>("employee-office-test", () => {});
      return <EmployeeFormModal opened onClose={() => {}} employee={employee} fetcher={form.fetcher} offices={["สำนักงานใหญ่", "สาขาบางนา"]} />;
    };
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <MantineProvider env="test">
            <Page />
          </MantineProvider>
        ),
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()));
          return json({ ok: true, message: "บันทึกการแก้ไขแล้ว" });
        },
      },
    ]);
    vi.stubGlobal("fetch", vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: [] }) })));
    render(<Stub initialEntries={["/"]} />);

    expect(await screen.findByRole("textbox", { name: "การจ่ายค่าจ้าง" }, { timeout: 5_000 })).toHaveValue("รายวัน");
    expect(screen.getByRole("radio", { name: "เฉพาะสำนักงานที่เลือก" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "สำนักงานใหญ่" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "สาขาบางนา" })).toBeChecked();
    // An office the settings no longer hold stays listed, so it can be unticked.
    await user.click(screen.getByRole("checkbox", { name: "สาขาเก่า (ไม่มีในการตั้งค่าแล้ว)" }));
    await user.click(screen.getByRole("checkbox", { name: "สำนักงานใหญ่" }));
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ pay_basis: "daily", office_names: JSON.stringify(["สำนักงานใหญ่", "สาขาบางนา"]) });

    await user.click(screen.getByRole("radio", { name: "ทุกสำนักงาน" }));
    expect(screen.queryByRole("checkbox", { name: "สาขาบางนา" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].office_names).toBe("");
  }, 20_000);
});
