// The data of the อนุมัติ / ไม่อนุมัติ buttons on LINE cards: `action=leave&id=123&decision=approve`.
// The webhook acts only on data that parses exactly (no other keys, no repeated keys, a plain
// positive id); anything else is ignored.
import { z } from "zod";

export const APPROVAL_KINDS = ["leave", "correction"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_DECISIONS = ["approve", "reject"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

const ApprovalPostbackSchema = z.strictObject({
  action: z.enum(APPROVAL_KINDS),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  decision: z.enum(APPROVAL_DECISIONS),
});
export type ApprovalPostback = z.infer<typeof ApprovalPostbackSchema>;

/** LINE's limit for a postback action's data. */
const MAX_POSTBACK_DATA = 300;

export function approvalPostbackData(action: ApprovalKind, id: number, decision: ApprovalDecision) {
  return new URLSearchParams({ action, id: String(id), decision }).toString();
}

export function parseApprovalPostback(data: unknown): ApprovalPostback | null {
  if (typeof data !== "string" || data.length > MAX_POSTBACK_DATA) return null;
  const params = new URLSearchParams(data);
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return null;
  const parsed = ApprovalPostbackSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : null;
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
