import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { CorrectionAction, type CorrectionTarget } from "./CorrectionDialog";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";
import { CorrectionRequests, type CorrectionRequestsData } from "./CorrectionRequests";

const TARGET: CorrectionTarget = {
  employee: { id: 7, code: "E0007", full_name: "นายสมชาย ใจดี" },
  date: "2026-11-20",
  // 08:45 and 16:05 in Bangkok.
  record: { checkin_at: "2026-11-20T01:45:00.000Z", checkout_at: "2026-11-20T09:05:00.000Z", corrected: true },
};

type Answer = Record<string, unknown>;
function renderWith(ui: React.ReactNode, answers: Answer[], posted: Record<string, FormDataEntryValue>[]) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            {ui}
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        const answer = answers.shift() ?? { ok: true, message: "แก้ไขเวลาแล้ว" };
        return json(answer, { status: answer.ok ? 200 : 400 });
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("CorrectionAction (daily view)", () => {
  test("shows แก้ไขแล้ว; the dialog is prefilled with the current times and posts the correct intent with the note", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderWith(<CorrectionAction target={TARGET} />, [], posted);
    expect(await screen.findByText("แก้ไขแล้ว")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "แก้ไขเวลา นายสมชาย ใจดี" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("เวลาเข้างาน")).toHaveValue("08:45");
    expect(within(dialog).getByLabelText("เวลาออกงาน")).toHaveValue("16:05");
    fireEvent.change(within(dialog).getByLabelText("เวลาออกงาน"), { target: { value: "17:40" } });
    await user.type(within(dialog).getByLabelText(/หมายเหตุ/), "ลืมลงเวลาออก");
    await user.click(within(dialog).getByRole("button", { name: "บันทึกการแก้ไข" }));
    await waitFor(() =>
      expect(posted).toEqual([
        { intent: "correct", employee_id: "7", work_date: "2026-11-20", checkin_at: "08:45", checkout_at: "17:40", note: "ลืมลงเวลาออก" },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  test("a refusal stays in the dialog beside its field", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    const refusal = { ok: false, error: "กรุณาตรวจสอบข้อมูล", fields: { checkout_at: "เวลาออกงานต้องหลังเวลาเข้างาน (วันเดียวกัน)" } };
    renderWith(<CorrectionAction target={{ ...TARGET, record: null }} />, [refusal], posted);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "แก้ไขเวลา นายสมชาย ใจดี" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("เวลาเข้างาน")).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "บันทึกการแก้ไข" }));
    expect(await within(dialog).findByText("เวลาออกงานต้องหลังเวลาเข้างาน (วันเดียวกัน)")).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(screen.queryByText("แก้ไขแล้ว")).not.toBeInTheDocument();
  });

  test("no action for a future date", async () => {
    renderWith(<CorrectionAction target={{ ...TARGET, date: "2999-01-01" }} />, [], []);
    expect(await screen.findByText("แก้ไขแล้ว")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /แก้ไขเวลา/ })).not.toBeInTheDocument();
  });
});

const REQUESTS: CorrectionRequestsData = {
  status: "pending",
  items: [
    {
      correction: {
        id: 11,
        work_date: "2026-11-20",
        checkin_at: null,
        checkout_at: "2026-11-20T10:10:00.000Z",
        reason: "ลืมลงเวลาออก",
        status: "pending",
        original_checkin_at: "2026-11-20T01:45:00.000Z",
        original_checkout_at: null,
        decision_note: null,
      },
      employee: { id: 7, code: "E0007", full_name: "นายสมชาย ใจดี", position: "ช่าง" },
      record: { checkin_at: "2026-11-20T01:45:00.000Z", checkout_at: null },
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

describe("CorrectionRequests (review tab)", () => {
  test("shows the change and the reason; approve posts the decision with the note", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderWith(<CorrectionRequests data={REQUESTS} />, [{ ok: true, message: "อนุมัติคำขอแก้ไขเวลาแล้ว" }], posted);
    const card = await screen.findByTestId("correction-card");
    expect(card).toHaveTextContent("เข้างาน 08:45 (ไม่เปลี่ยน)");
    expect(card).toHaveTextContent("ออกงาน – → 17:10");
    expect(card).toHaveTextContent("เหตุผล: ลืมลงเวลาออก");
    expect(card).toHaveTextContent("รออนุมัติ");
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText("หมายเหตุ"), "ตรวจแล้ว");
    await user.click(within(card).getByRole("button", { name: "อนุมัติ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "correction-decision", id: "11", decision: "approve", note: "ตรวจแล้ว" }]));
  });

  test("reject needs a reason: without one it says so at the note and posts nothing; with one it confirms, then posts", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderWith(<CorrectionRequests data={REQUESTS} />, [{ ok: true, message: "ไม่อนุมัติคำขอแก้ไขเวลาแล้ว" }], posted);
    const user = userEvent.setup();
    const card = await screen.findByTestId("correction-card");
    const note = within(card).getByLabelText("หมายเหตุ");
    await user.type(note, "   ");
    await user.click(within(card).getByRole("button", { name: "ไม่อนุมัติ" }));
    expect(within(card).getByRole("alert")).toHaveTextContent(REJECT_NOTE_REQUIRED);
    expect(note).toHaveAttribute("aria-invalid", "true");
    expect(note).toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.clear(note);
    await user.type(note, "เวลาออกตรงกับกล้องแล้ว");
    expect(within(card).queryByRole("alert")).toBeNull();
    await user.click(within(card).getByRole("button", { name: "ไม่อนุมัติ" }));
    const dialog = await screen.findByRole("dialog");
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "ไม่อนุมัติ" }));
    await waitFor(() =>
      expect(posted).toEqual([{ intent: "correction-decision", id: "11", decision: "reject", note: "เวลาออกตรงกับกล้องแล้ว" }]),
    );
  });
});
