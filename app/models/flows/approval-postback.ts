// The data of the อนุมัติ / ไม่อนุมัติ buttons on LINE cards: `action=leave&id=123&decision=approve`
// (kinds: leave, correction, overtime).
// A rejection needs a reason: the card's ไม่อนุมัติ (no reason) only asks for one, and the reason
// buttons it answers with carry a standard reason's code (`…&decision=reject&reason=overlap`).
// The webhook acts only on data that parses exactly (no other keys, no repeated keys, a plain
// positive id, a reason only on a rejection and only one of its kind's codes); anything else is
// ignored.
import { z } from "zod";

export const APPROVAL_KINDS = ["leave", "correction", "overtime"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_DECISIONS = ["approve", "reject"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/**
 * A standard reason for a rejection from LINE: `text` is the note the employee sees, `label` the
 * button's (LINE cuts an action's label at 20 characters, counted as graphemes).
 */
export type RejectReason = { code: string; label: string; text: string };

export const REJECT_REASONS = {
  leave: [
    { code: "urgent", label: "งานเร่งด่วนในช่วงนั้น", text: "งานเร่งด่วนในช่วงนั้น" },
    { code: "overlap", label: "ผู้ลาช่วงเดียวกันมากไป", text: "มีผู้ลาในช่วงเดียวกันมากเกินไป" },
    { code: "incomplete", label: "ข้อมูลไม่ครบ กรุณายื่นใหม่", text: "ข้อมูลไม่ครบ กรุณายื่นใหม่" },
  ],
  correction: [
    { code: "no_proof", label: "ไม่มีหลักฐานยืนยันเวลา", text: "ไม่มีหลักฐานยืนยันเวลาที่ขอแก้ไข" },
    { code: "mismatch", label: "เวลาไม่ตรงกับข้อมูล", text: "เวลาที่ขอไม่ตรงกับข้อมูลที่มี" },
    { code: "incomplete", label: "ข้อมูลไม่ครบ กรุณายื่นใหม่", text: "ข้อมูลไม่ครบ กรุณายื่นใหม่" },
  ],
  overtime: [
    { code: "not_needed", label: "ไม่จำเป็นต้องทำโอที", text: "งานนี้ไม่จำเป็นต้องทำงานล่วงเวลา" },
    { code: "over_limit", label: "เกิน 36 ชม. ต่อสัปดาห์", text: "ชั่วโมงทำงานล่วงเวลาในสัปดาห์นี้เกิน 36 ชั่วโมง" },
    { code: "incomplete", label: "ข้อมูลไม่ครบ กรุณายื่นใหม่", text: "ข้อมูลไม่ครบ กรุณายื่นใหม่" },
  ],
} as const satisfies Record<ApprovalKind, readonly RejectReason[]>;

const ApprovalPostbackSchema = z.strictObject({
  action: z.enum(APPROVAL_KINDS),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  decision: z.enum(APPROVAL_DECISIONS),
  reason: z.string().optional(),
});

export type ApprovalPostback =
  | { action: ApprovalKind; id: number; decision: "approve" }
  /** Without `reason`: the card's ไม่อนุมัติ, which asks for a reason and decides nothing. */
  | { action: ApprovalKind; id: number; decision: "reject"; reason?: RejectReason };

/** LINE's limit for a postback action's data. */
const MAX_POSTBACK_DATA = 300;

export function approvalPostbackData(action: ApprovalKind, id: number, decision: ApprovalDecision, reason?: string) {
  return new URLSearchParams({ action, id: String(id), decision, ...(reason === undefined ? {} : { reason }) }).toString();
}

export const rejectReasonOf = (kind: ApprovalKind, code: string): RejectReason | undefined =>
  REJECT_REASONS[kind].find((r) => r.code === code);

export function parseApprovalPostback(data: unknown): ApprovalPostback | null {
  if (typeof data !== "string" || data.length > MAX_POSTBACK_DATA) return null;
  const params = new URLSearchParams(data);
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return null;
  const parsed = ApprovalPostbackSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return null;
  const { action, id, decision, reason } = parsed.data;
  if (reason === undefined) return { action, id, decision };
  const known = decision === "reject" ? rejectReasonOf(action, reason) : undefined;
  return known ? { action, id, decision, reason: known } : null;
}

export const APPROVAL_BUTTON_LABELS: Record<ApprovalDecision, string> = { approve: "อนุมัติ", reject: "ไม่อนุมัติ" };

/** The two footer buttons of a card that asks for a decision (the shape line-card's flexCard takes). */
export function approvalButtons(action: ApprovalKind, id: number) {
  return APPROVAL_DECISIONS.map((decision) => ({
    label: APPROVAL_BUTTON_LABELS[decision],
    data: approvalPostbackData(action, id, decision),
    displayText: APPROVAL_BUTTON_LABELS[decision],
    style: decision === "approve" ? ("primary" as const) : ("secondary" as const),
    ...(decision === "approve" ? { color: "#2F9E44" } : {}),
  }));
}

/** One button per standard reason: each rejects with that reason, and says which in the chat. */
export function rejectReasonButtons(action: ApprovalKind, id: number) {
  return REJECT_REASONS[action].map((reason) => ({
    label: reason.label,
    data: approvalPostbackData(action, id, "reject", reason.code),
    displayText: `${APPROVAL_BUTTON_LABELS.reject}: ${reason.text}`,
    style: "secondary" as const,
  }));
}
