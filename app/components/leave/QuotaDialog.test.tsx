import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { LEAVE_CATALOGUE } from "~/models/leave/catalogue";
import { QuotaDialog, type QuotaBalanceView } from "./QuotaDialog";
import { renderLeave, type Posted } from "./leave.test-helpers";

const balances: QuotaBalanceView[] = [
  { type: 1, quota: 3, used: 1, pending: 3, remaining: -1, base_quota: 3, default_quota: 3, custom: false },
  { type: 2, quota: 30, used: 0, pending: 0, remaining: 30, base_quota: 30, default_quota: 30, custom: false },
  { type: 3, quota: 10, used: 2, pending: 0, remaining: 8, base_quota: 8, default_quota: 6, custom: true },
];

const balance = (type: number, quota: number | null, used = 0): QuotaBalanceView => ({
  type,
  quota,
  used,
  pending: 0,
  remaining: quota === null ? null : quota - used,
  base_quota: quota,
  default_quota: quota,
  custom: false,
});

// What the API answers under the 2025 catalogue: every type that is on, and ordination (off) with days.
const TEN = [
  balance(1, 3),
  balance(2, 30),
  balance(3, 6),
  balance(4, 120, 10),
  balance(5, 15),
  balance(6, 15),
  balance(7, 60),
  balance(8, null, 2),
  balance(9, 30),
  balance(10, 15, 3),
];

function Harness() {
  const [open, setOpen] = useState(true);
  const form = useDialogFetcher("leave-dialog", () => setOpen(false));
  return (
    <QuotaDialog
      target={open ? { employee: { id: 5, code: "E0005", full_name: "นายสมชาย ใจดี" }, year: 2026 } : null}
      types={LEAVE_CATALOGUE}
      onClose={() => setOpen(false)}
      fetcher={form.fetcher}
    />
  );
}

describe("QuotaDialog", () => {
  test("shows the year's balances from the API, over quota in red, custom and carried days", async () => {
    renderLeave(() => <Harness />, { quota: { employee_id: 5, year: 2026, balances } });
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขสิทธิ์การลา" });
    expect(dialog).toHaveTextContent("นายสมชาย ใจดี (E0005) · ปี 2569");
    const table = await within(dialog).findByRole("table", { name: "สิทธิ์การลา" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("ลากิจตามค่าเริ่มต้น (ค่าเริ่มต้น 3 วัน)");
    expect(rows[0]).toHaveTextContent("-1 วัน");
    expect(rows[2]).toHaveTextContent("ลาพักร้อนกำหนดเอง (ค่าเริ่มต้น 6 วัน) · สะสมจากปีก่อน 2 วัน");
    expect(within(dialog).getByLabelText("สิทธิ์ลาพักร้อน")).toHaveValue("8");
    expect(within(dialog).getByRole("button", { name: "บันทึกสิทธิ์" })).toBeDisabled();
  });

  test("saving posts only the changed type", async () => {
    const posted: Posted = [];
    renderLeave(() => <Harness />, { posted, quota: { employee_id: 5, year: 2026, balances }, answer: { ok: true, message: "บันทึกสิทธิ์การลาแล้ว" } });
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขสิทธิ์การลา" });
    const user = userEvent.setup();
    const business = await within(dialog).findByLabelText("สิทธิ์ลากิจ");
    await user.clear(business);
    await user.type(business, "4.5");
    await user.click(within(dialog).getByRole("button", { name: "บันทึกสิทธิ์" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "quota", employee_id: "5", year: "2026", quota_1: "4.5" }]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "แก้ไขสิทธิ์การลา" })).toBeNull());
  }, 20_000);

  test("a field refused by the server shows under its input", async () => {
    renderLeave(() => <Harness />, {
      quota: { employee_id: 5, year: 2026, balances },
      status: 400,
      answer: { ok: false, intent: "quota", error: "สิทธิ์การลาต้องเป็นตัวเลข", fields: { quota_2: "สิทธิ์การลาต้องเป็นตัวเลข 0–365 วัน" } },
    });
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขสิทธิ์การลา" });
    const user = userEvent.setup();
    const sick = await within(dialog).findByLabelText("สิทธิ์ลาป่วย");
    await user.clear(sick);
    await user.type(sick, "31");
    await user.click(within(dialog).getByRole("button", { name: "บันทึกสิทธิ์" }));
    expect(await within(dialog).findByText("สิทธิ์การลาต้องเป็นตัวเลข 0–365 วัน")).toBeInTheDocument();
  }, 20_000);

  test("the 2025 catalogue: ten types, per-event quotas labelled per event, sterilisation as the certificate says", async () => {
    const posted: Posted = [];
    renderLeave(() => <Harness />, { posted, quota: { employee_id: 5, year: 2026, balances: TEN } });
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขสิทธิ์การลา" });
    const table = await within(dialog).findByRole("table", { name: "สิทธิ์การลา" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(10);
    expect(within(dialog).getByLabelText("สิทธิ์ลาคลอด")).toHaveValue("120");
    expect(within(dialog).getByLabelText("สิทธิ์ลาคลอด")).toHaveAccessibleDescription("วัน/ครั้ง");
    expect(within(dialog).getByLabelText("สิทธิ์ลาช่วยเหลือคู่สมรสคลอดบุตร")).toHaveAccessibleDescription("วัน/ครั้ง");
    expect(within(dialog).getByLabelText("สิทธิ์ลากิจ")).toHaveAccessibleDescription("วัน/ปี");
    expect(rows[3]).toHaveTextContent("110 วัน");
    // Sterilisation has no number to edit, and nothing remaining to count down.
    expect(within(dialog).queryByLabelText("สิทธิ์ลาทำหมัน")).toBeNull();
    expect(within(rows[7]).getByTestId("quota-by-certificate")).toHaveTextContent("ตามใบรับรองแพทย์");
    expect(rows[7]).toHaveTextContent("ลาทำหมันตามใบรับรองแพทย์2 วัน0 วัน-");
    expect(rows[9]).toHaveTextContent("ลาอุปสมบท (ปิดอยู่)");

    const user = userEvent.setup();
    const maternity = within(dialog).getByLabelText("สิทธิ์ลาคลอด");
    await user.clear(maternity);
    await user.type(maternity, "98");
    await user.click(within(dialog).getByRole("button", { name: "บันทึกสิทธิ์" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "quota", employee_id: "5", year: "2026", quota_4: "98" }]));
  }, 20_000);

  test("an API refusal shows in the dialog", async () => {
    renderLeave(() => <Harness />, { quota: { error: "ไม่พบพนักงาน" } });
    expect(await screen.findByText("ไม่พบพนักงาน")).toBeInTheDocument();
  });
});
