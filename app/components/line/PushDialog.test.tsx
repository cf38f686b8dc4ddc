import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { cardRow, flexCard } from "~/models/line/card.server";
import { PUSH_LINE_OFF, PushDialog, type PushTarget } from "./PushDialog";
import { AWAITING_RESEND, PushLog } from "./PushLog";

const EMPLOYEE: PushTarget = { id: 7, full_name: "นางสาวปราณี รับข้อความ", line_linked: true, working: true };

function push(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    retry_key: "5b7c1f5e-8f0e-4c33-9a43-8d0f6a3f1b2c",
    to: "Uabc",
    employee_id: 7,
    group_id: null,
    kind: "manual",
    messages: [{ type: "text", text: "สวัสดี" }],
    status: "sent",
    attempts: 1,
    last_error: null,
    created_at: "2026-11-21T02:30:00.000Z",
    sent_at: "2026-11-21T02:30:01.000Z",
    ...overrides,
  };
}

function renderDialog(
  answer: (body: { employee_id: number; text: string }) => Response,
  employee: PushTarget = EMPLOYEE,
  lineConfigured = true,
) {
  const received: { contentType: string | null; body: { employee_id: number; text: string } }[] = [];
  const onClose = vi.fn();
  const onSent = vi.fn();
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <PushDialog employee={employee} onClose={onClose} onSent={onSent} lineConfigured={lineConfigured} />
        </MantineProvider>
      ),
    },
    {
      path: "/api/line/push-one",
      action: async ({ request }) => {
        const body = await request.json();
        received.push({ contentType: request.headers.get("content-type"), body });
        return answer(body);
      },
    },
    // The dialog shows the recent-push log beside the form.
    { path: "/api/line/push", loader: () => Response.json({ items: [], total: 0, page: 1, page_size: 5 }) },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { received, onClose, onSent };
}

describe("PushDialog", () => {
  test("LINE not configured: the top of the dialog says why in Thai (no tooltip), nothing can be written or sent", async () => {
    const { received } = renderDialog(() => json({ push: push() }), EMPLOYEE, false);
    const dialog = await screen.findByRole("dialog", { name: "ส่งข้อความ LINE ถึง นางสาวปราณี รับข้อความ" });
    const alert = within(dialog).getByRole("alert");
    expect(alert).toHaveTextContent(PUSH_LINE_OFF);
    // Seen without hovering anything, above the form.
    expect(alert.compareDocumentPosition(within(dialog).getByRole("textbox", { name: /ข้อความ/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(PUSH_LINE_OFF).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(screen.queryByTestId("needs-line")).toBeNull();
    expect(within(dialog).getByRole("textbox", { name: /ข้อความ/ })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "ส่งข้อความ" })).toBeDisabled();
    expect(received).toHaveLength(0);
  });

  test("Thai title, a live counter, and no request for blank text", async () => {
    const user = userEvent.setup();
    const { received } = renderDialog(() => json({ push: push() }));
    expect(await screen.findByText("ส่งข้อความ LINE ถึง นางสาวปราณี รับข้อความ")).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: /ข้อความ/ });
    expect(box).toHaveAttribute("maxlength", "2000");
    expect(screen.getByTestId("push-counter")).toHaveTextContent("0/2,000 ตัวอักษร");
    await user.type(box, "   ");
    expect(screen.getByTestId("push-counter")).toHaveTextContent("3/2,000");
    await user.click(screen.getByRole("button", { name: "ส่งข้อความ" }));
    expect(await screen.findByText("กรุณากรอกข้อความ")).toBeInTheDocument();
    expect(received).toHaveLength(0);
  });

  test("posts JSON {employee_id, text}; success calls onSent and closes", async () => {
    const user = userEvent.setup();
    const sent = push({ messages: [{ type: "text", text: "ประชุม 9 โมง" }] });
    const { received, onSent, onClose } = renderDialog(() => json({ push: sent }));
    await user.type(await screen.findByRole("textbox", { name: /ข้อความ/ }), "  ประชุม 9 โมง ");
    await user.click(screen.getByRole("button", { name: "ส่งข้อความ" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ contentType: expect.stringContaining("application/json"), body: { employee_id: 7, text: "ประชุม 9 โมง" } }]);
    expect(onSent).toHaveBeenCalledWith(sent);
  });

  test("a LINE failure stays inline in Thai; the dialog stays open", async () => {
    const user = userEvent.setup();
    const { onClose, onSent } = renderDialog(() =>
      json({ error: "ส่งข้อความ LINE ไม่สำเร็จ: Internal error (ลองส่ง 3 ครั้ง)", push: push({ status: "failed" }) }, { status: 502 }),
    );
    await user.type(await screen.findByRole("textbox", { name: /ข้อความ/ }), "ทดสอบ");
    await user.click(screen.getByRole("button", { name: "ส่งข้อความ" }));
    expect(await screen.findByText(/ส่งข้อความ LINE ไม่สำเร็จ: Internal error/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });

  test("a server field error shows on the textarea", async () => {
    const user = userEvent.setup();
    renderDialog(() => json({ error: "ข้อมูลไม่ถูกต้อง", fields: { text: "ข้อความยาวเกิน 2000 ตัวอักษร" } }, { status: 400 }));
    await user.type(await screen.findByRole("textbox", { name: /ข้อความ/ }), "ยาว");
    await user.click(screen.getByRole("button", { name: "ส่งข้อความ" }));
    expect(await screen.findByText("ข้อความยาวเกิน 2000 ตัวอักษร")).toBeInTheDocument();
  });

  test("an employee without LINE cannot be sent to", async () => {
    renderDialog(() => json({ push: push() }), { ...EMPLOYEE, line_linked: false });
    expect(await screen.findByText("พนักงานคนนี้ยังไม่ได้เชื่อมบัญชี LINE")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ส่งข้อความ" })).toBeDisabled();
  });

  test("an employee who has left cannot be sent to; one whose resignation is still ahead can", async () => {
    renderDialog(() => json({ push: push() }), { ...EMPLOYEE, working: false });
    expect(await screen.findByText("พนักงานคนนี้ลาออกแล้ว ส่งข้อความ LINE ไม่ได้")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ส่งข้อความ" })).toBeDisabled();
    cleanup();

    renderDialog(() => json({ push: push() }), { ...EMPLOYEE, working: true });
    await userEvent.setup().type(await screen.findByRole("textbox"), "แจ้งเตือน");
    expect(screen.getByRole("button", { name: "ส่งข้อความ" })).toBeEnabled();
    expect(screen.queryByText(/ลาออกแล้ว/)).not.toBeInTheDocument();
  });
});

describe("PushLog", () => {
  function renderLog(items: unknown[]) {
    const urls: string[] = [];
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <MantineProvider env="test">
            <PushLog employeeId={7} />
          </MantineProvider>
        ),
      },
      {
        path: "/api/line/push",
        loader: ({ request }) => {
          urls.push(request.url);
          return json({ items, total: items.length });
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    return urls;
  }

  test("lists the employee's pushes with Thai dates and statuses", async () => {
    const urls = renderLog([
      push({ id: 2, status: "failed", last_error: "ส่งข้อความ LINE ไม่สำเร็จ: HTTP 400", messages: [{ type: "text", text: "ครั้งที่สอง" }] }),
      push({ id: 1 }),
    ]);
    const table = await screen.findByRole("table", { name: "ประวัติการส่งข้อความ LINE" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("ครั้งที่สอง");
    expect(rows[0]).toHaveTextContent("ไม่สำเร็จ");
    expect(rows[0]).toHaveTextContent("HTTP 400");
    expect(rows[1]).toHaveTextContent("21 พ.ย. 2569 09:30");
    expect(rows[1]).toHaveTextContent("ส่งแล้ว");
    expect(new URL(urls[0]).searchParams.get("employee_id")).toBe("7");
  });

  test("shows a Flex card as its altText and its header and body texts, not JSON", async () => {
    const card = flexCard({
      title: "อนุมัติคำขอลา",
      color: "#2F9E44",
      altText: "อนุมัติคำขอลา: ลาป่วย 2 ก.พ. 2569",
      rows: [cardRow("ประเภท", "ลาป่วย"), cardRow("วันที่", "2 ก.พ. 2569"), cardRow("จำนวน", "1 วัน"), cardRow("คงเหลือ", "29 วัน"), cardRow("หมายเหตุ", "หายไว ๆ")],
    });
    renderLog([push({ kind: "leave_decision", messages: [card] })]);
    const table = await screen.findByRole("table", { name: "ประวัติการส่งข้อความ LINE" });
    const summary = within(table).getByTestId("flex-summary");
    expect(summary).toHaveTextContent("อนุมัติคำขอลา: ลาป่วย 2 ก.พ. 2569");
    expect(within(summary).getByText("อนุมัติคำขอลา")).toBeInTheDocument();
    expect(within(summary).getByText("ประเภท: ลาป่วย")).toBeInTheDocument();
    expect(within(summary).getByText("วันที่: 2 ก.พ. 2569")).toBeInTheDocument();
    expect(within(summary).getByText("อีก 2 บรรทัด")).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/[{}"]|backgroundColor|bubble/);
  });

  test("a push LINE did not answer waits for the re-send and says so, with the last error", async () => {
    renderLog([push({ id: 3, status: "pending", attempts: 1, last_error: "ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 10 วินาที (HTTP -)" }), push({ id: 4, status: "pending", last_error: null })]);
    const table = await screen.findByRole("table", { name: "ประวัติการส่งข้อความ LINE" });
    const [waiting, sending] = within(table).getAllByRole("row").slice(1);
    expect(waiting).toHaveTextContent(AWAITING_RESEND.label);
    expect(waiting).toHaveTextContent(AWAITING_RESEND.note);
    expect(waiting).toHaveTextContent("LINE ไม่ตอบภายใน 10 วินาที");
    expect(sending).toHaveTextContent("กำลังส่ง");
    expect(sending).not.toHaveTextContent(AWAITING_RESEND.note);
  });

  test("says so when nothing was sent yet", async () => {
    renderLog([]);
    expect(await screen.findByText("ยังไม่เคยส่งข้อความ LINE ถึงพนักงานคนนี้")).toBeInTheDocument();
  });
});
