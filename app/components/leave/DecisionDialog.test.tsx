import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import "~/lib/thai-date";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";
import { DecisionDialog } from "./DecisionDialog";
import { petition, renderLeave, type Posted } from "./leave.test-helpers";

function Harness({ kind }: { kind: "accept" | "reject" | "cancel" }) {
  const [open, setOpen] = useState(true);
  const form = useDialogFetcher("leave-dialog", () => setOpen(false));
  return <DecisionDialog target={open ? { kind, petition: petition() } : null} onClose={() => setOpen(false)} fetcher={form.fetcher} />;
}

describe("DecisionDialog", () => {
  test("approve posts the decision with the note, then closes", async () => {
    const posted: Posted = [];
    renderLeave(() => <Harness kind="accept" />, { posted, answer: { ok: true, message: "อนุมัติคำขอลาแล้ว" } });
    const dialog = await screen.findByRole("dialog", { name: "อนุมัติคำขอลา" });
    expect(dialog).toHaveTextContent("นายสมชาย ใจดี (E0005)");
    expect(dialog).toHaveTextContent("ลากิจ · 9 มี.ค. 2569 – 11 มี.ค. 2569 · 3 วัน");
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("หมายเหตุถึงพนักงาน"), "ขอให้ส่งงานก่อนลา");
    await user.click(within(dialog).getByRole("button", { name: "อนุมัติ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "decide", id: "7", action: "accept", note: "ขอให้ส่งงานก่อนลา" }]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "อนุมัติคำขอลา" })).toBeNull());
    expect(await screen.findByText("อนุมัติคำขอลาแล้ว")).toBeInTheDocument();
  });

  test("reject needs a reason: the field says so, a blank one is not posted, a written one is", async () => {
    const posted: Posted = [];
    renderLeave(() => <Harness kind="reject" />, { posted });
    const dialog = await screen.findByRole("dialog", { name: "ไม่อนุมัติคำขอลา" });
    const reason = within(dialog).getByRole("textbox", { name: /เหตุผลที่ไม่อนุมัติ/ });
    expect(reason).toBeRequired();
    expect(dialog).toHaveTextContent("ต้องระบุ พนักงานจะเห็นเหตุผลนี้");
    const user = userEvent.setup();
    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "ไม่อนุมัติ" }));
    expect(await within(dialog).findByText(REJECT_NOTE_REQUIRED)).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    await new Promise((r) => setTimeout(r, 50));
    expect(posted).toEqual([]);

    await user.type(reason, "มีผู้ลาในช่วงเดียวกันมากเกินไป");
    expect(within(dialog).queryByText(REJECT_NOTE_REQUIRED)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "ไม่อนุมัติ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "decide", id: "7", action: "reject", note: "   มีผู้ลาในช่วงเดียวกันมากเกินไป" }]));
  });

  test("the server's refusal of a missing reason shows under the field", async () => {
    const posted: Posted = [];
    const answer = { ok: false, intent: "decide", error: "ข้อมูลการพิจารณาไม่ถูกต้อง", fields: { note: REJECT_NOTE_REQUIRED } };
    renderLeave(() => <Harness kind="reject" />, { posted, status: 400, answer });
    const dialog = await screen.findByRole("dialog", { name: "ไม่อนุมัติคำขอลา" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole("textbox", { name: /เหตุผลที่ไม่อนุมัติ/ }), "x");
    await user.click(within(dialog).getByRole("button", { name: "ไม่อนุมัติ" }));
    expect(await within(dialog).findByText(REJECT_NOTE_REQUIRED)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  test("approving and cancelling keep the note optional", async () => {
    renderLeave(() => <Harness kind="accept" />);
    const dialog = await screen.findByRole("dialog", { name: "อนุมัติคำขอลา" });
    expect(within(dialog).getByLabelText("หมายเหตุถึงพนักงาน")).not.toBeRequired();
  });

  test("cancel asks for confirmation and posts intent cancel; a refusal stays in the dialog", async () => {
    const posted: Posted = [];
    const error = 'คำขอลานี้อยู่ในสถานะ "ยกเลิก" แล้ว ไม่สามารถทำรายการนี้ได้';
    renderLeave(() => <Harness kind="cancel" />, { posted, status: 409, answer: { ok: false, intent: "cancel", error, fields: {} } });
    const dialog = await screen.findByRole("dialog", { name: "ยกเลิกคำขอลา" });
    expect(dialog).toHaveTextContent("ยกเลิกแล้วจะย้อนกลับไม่ได้");
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("หมายเหตุถึงพนักงาน"), "งานด่วน");
    await user.click(within(dialog).getByRole("button", { name: "ยืนยันการยกเลิก" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "cancel", id: "7", note: "งานด่วน" }]));
    expect(await within(dialog).findByText(error)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "ยกเลิกคำขอลา" })).toBeInTheDocument();
  });
});
