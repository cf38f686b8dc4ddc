import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ImportReport } from "~/models/employees/import-schema";
import { ImportDialog } from "./ImportDialog";

const PREVIEW: ImportReport = {
  mode: "preview",
  total: 3,
  valid: 2,
  invalid: 1,
  created: 0,
  problems: [{ row: 4, code: "E0009", name: "สมชาย ใจดี", fields: { code: "รหัสพนักงานนี้มีอยู่แล้วในระบบ", province_id: "ไม่พบจังหวัด “แอตแลนติส”" } }],
};

function renderDialog(onClose = () => {}) {
  const modes: string[] = [];
  const Stub = createRemixStub([
    {
      path: "/admin/employee",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <ImportDialog opened onClose={onClose} />
        </MantineProvider>
      ),
    },
    {
      path: "/api/employee/import",
      action: async ({ request }) => {
        const form = await request.formData();
        const mode = String(form.get("mode"));
        const file = form.get("file");
        // A File here comes from another realm than jsdom's (instanceof would say no).
        modes.push(`${mode}:${file !== null && typeof file !== "string" ? `${file.size} bytes` : "no file"}`);
        return mode === "preview" ? json(PREVIEW) : json({ ...PREVIEW, mode, created: 2 }, { status: 201 });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/employee"]} />);
  return modes;
}

describe("ImportDialog", () => {
  test("the preview lists each bad row's Thai errors before anything is imported; then the valid rows are imported", async () => {
    const closed = vi.fn();
    const modes = renderDialog(closed);
    const user = userEvent.setup();
    const check = await screen.findByRole("button", { name: "ตรวจสอบไฟล์" });
    expect(check).toBeDisabled();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(["รหัสพนักงาน\r\n"], "employees.csv", { type: "text/csv" }));
    await user.click(check);

    expect(await screen.findByTestId("import-summary")).toHaveTextContent("ทั้งหมด 3 แถว · ถูกต้อง 2 · มีปัญหา 1");
    const problem = within(screen.getByRole("table", { name: "แถวที่มีปัญหา" })).getByTestId("import-problem");
    expect(problem).toHaveTextContent("4E0009สมชาย ใจดีรหัสพนักงานนี้มีอยู่แล้วในระบบไม่พบจังหวัด “แอตแลนติส”");
    expect(modes).toEqual(["preview:35 bytes"]);

    await user.click(screen.getByRole("radio", { name: "ไม่นำเข้าเลย จนกว่าจะแก้ไฟล์ให้ถูกทุกแถว" }));
    expect(screen.getByRole("button", { name: "นำเข้า 2 คน" })).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: /นำเข้าเฉพาะแถวที่ถูกต้อง/ }));
    await user.click(screen.getByRole("button", { name: "นำเข้า 2 คน" }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(modes).toEqual(["preview:35 bytes", "valid_only:35 bytes"]);
    expect(await screen.findByText("นำเข้าพนักงานแล้ว 2 คน")).toBeInTheDocument();
  });
});
