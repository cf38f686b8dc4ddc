// A rejection must say why: the employee sees the note under "ไม่อนุมัติ" (a leave petition or a
// request to correct check-in times). Client-safe, so the decision controls check with the same
// rule and words as the server.

export const REJECT_NOTE_REQUIRED = "กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)";

/** True for a rejection whose note is missing or blank. */
export const rejectNoteMissing = (rejecting: boolean, note?: string | null) => rejecting && !note?.trim();
