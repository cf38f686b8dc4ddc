import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { PayrollMonth, type PayrollPageData } from "./PayrollMonth";

type Posted = Record<string, FormDataEntryValue>[];

const CLOSE = { month: "2026-10", closed_at: "2026-11-02T03:00:00.000Z", closed_by: 1, closed_by_name: "คุณบัญชี" };
const data = (over: Partial<PayrollPageData> = {}): PayrollPageData => ({
  month: "2026-11",
  over: true,
  closable_from: "2026-12-01",
  close: null,
  closes: [CLOSE],
  ...over,
});

function renderPage(page: PayrollPageData, { posted = [], answers = [] }: { posted?: Posted; answers?: { status: number; body: unknown }[] } = {}) {
  const Stub = createRemixStub([
    {
      path: "/admin/payroll",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <PayrollMonth data={page} />
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        const answer = answers.shift() ?? { status: 200, body: { ok: true, intent: "close", message: "เสร็จแล้ว" } };
        return json(answer.body, { status: answer.status });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/payroll"]} />);
}

describe("PayrollMonth", () => {
  test("an open month that is over: its state, the downloads, the months closed so far", async () => {
    renderPage(data());
    expect(await screen.findByTestId("payroll-state")).toHaveTextContent(/^ยังไม่ปิดงวด/);
    expect(screen.getByRole("button", { name: "ปิดงวด" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "ดาวน์โหลด Excel (XLSX)" })).toHaveAttribute("href", "/api/payroll?month=2026-11&format=xlsx");
    expect(screen.getByRole("link", { name: "ดาวน์โหลด CSV" })).toHaveAttribute("href", "/api/payroll?month=2026-11&format=csv");
    const closed = screen.getByRole("table", { name: "เดือนที่ปิดงวดแล้ว" });
    expect(within(closed).getByRole("link", { name: "ตุลาคม 2569" })).toHaveAttribute("href", "/admin/payroll?month=2026-10");
    expect(closed).toHaveTextContent("คุณบัญชี");
  });

  test("a month not over yet cannot be closed, and says from when it can", async () => {
    renderPage(data({ over: false, closes: [] }));
    expect(await screen.findByRole("button", { name: "ปิดงวด" })).toBeDisabled();
    expect(screen.getByText("เดือนนี้ยังไม่สิ้นสุด ปิดงวดได้ตั้งแต่วันที่ 1 ธ.ค. 2569")).toBeInTheDocument();
    expect(screen.getByText("ยังไม่มีเดือนที่ปิดงวด")).toBeInTheDocument();
  });

  test("closing asks first, naming the month, then posts it", async () => {
    const posted: Posted = [];
    renderPage(data(), { posted });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ปิดงวด" }));
    const dialog = await screen.findByRole("dialog", { name: "ปิดงวดเดือนพฤศจิกายน 2569" });
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "ปิดงวดเดือนพฤศจิกายน 2569" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "close", month: "2026-11" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("a closed month shows who closed it; reopening needs a reason", async () => {
    const posted: Posted = [];
    const refused = { ok: false, intent: "reopen", error: "ข้อมูลงวดเงินเดือนไม่ถูกต้อง", fields: { reason: "กรุณากรอกเหตุผลที่เปิดงวดอีกครั้ง" } };
    renderPage(data({ month: "2026-10", close: CLOSE }), { posted, answers: [{ status: 400, body: refused }] });
    expect(await screen.findByTestId("payroll-state")).toHaveTextContent("ปิดงวดแล้ว โดย คุณบัญชี เมื่อ 2 พ.ย. 2569 10:00");
    expect(screen.queryByRole("button", { name: "ปิดงวด" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "เปิดงวดอีกครั้ง" }));
    const dialog = await screen.findByRole("dialog", { name: "เปิดงวดเดือนตุลาคม 2569อีกครั้ง" });
    const reason = within(dialog).getByRole("textbox", { name: /เหตุผลที่เปิดงวดอีกครั้ง/ });
    expect(reason).toBeRequired();
    await user.click(within(dialog).getByRole("button", { name: "เปิดงวดอีกครั้ง" }));
    expect(await within(dialog).findByText("กรุณากรอกเหตุผลที่เปิดงวดอีกครั้ง")).toBeInTheDocument();
    await user.type(reason, "แก้เวลาของพนักงาน");
    await user.click(within(dialog).getByRole("button", { name: "เปิดงวดอีกครั้ง" }));
    await waitFor(() =>
      expect(posted).toEqual([
        { intent: "reopen", month: "2026-10", reason: "" },
        { intent: "reopen", month: "2026-10", reason: "แก้เวลาของพนักงาน" },
      ]),
    );
  });
});
