// A rejection must say why: the employee sees the note under "ไม่อนุมัติ". Client-safe, so the
// decision dialog checks with the same rule and words as the server (approvals.server.ts).

export const REJECT_NOTE_REQUIRED = "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)";

export const rejectNoteMissing = (input: { action: "accept" | "reject"; note?: string | null }) =>
  input.action === "reject" && !input.note?.trim();
