import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import "~/lib/thai-date";
import { useDialogFetcher } from "~/components/dialog-fetcher";
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

  test("reject posts action reject with an empty note allowed", async () => {
    const posted: Posted = [];
    renderLeave(() => <Harness kind="reject" />, { posted });
    const dialog = await screen.findByRole("dialog", { name: "ไม่อนุมัติคำขอลา" });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "ไม่อนุมัติ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "decide", id: "7", action: "reject", note: "" }]));
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
