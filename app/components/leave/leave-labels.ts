import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { thaiDecimal } from "~/lib/thai-number";
import type { PetitionHalf } from "~/models/leave/labels";

export const STATUS_COLORS: Record<number, string> = {
  [LeaveStatus.cancel]: "gray",
  [LeaveStatus.request]: "yellow",
  [LeaveStatus.approve]: "green",
  [LeaveStatus.reject]: "red",
};

export const statusLabel = (status: number) => LEAVE_STATUS_LABELS[status] ?? String(status);
export const typeLabel = (type: number) => LEAVE_TYPE_LABELS[type] ?? String(type);

/** `1.5 วัน` */
export const daysText = (days: number) => `${thaiDecimal(days)} วัน`;

/** The fields every petition view shows (the page's loader data after serialisation). */
export type PetitionView = {
  id: number;
  employee_id: number;
  type: number;
  start_date: string;
  end_date: string;
  half: PetitionHalf;
  days: number;
  year: number;
  reason: string;
  attachment_url: string | null;
  certificate_note: string | null;
  status: number;
  decided_at: string | null;
  decision_note: string | null;
  cancelled_by: "employee" | "admin" | null;
  created_at: string | null;
  employee: { id: number; code: string; full_name: string };
};

/** What a row asks the page to open. */
export type PetitionAction =
  | { kind: "accept" | "reject" | "cancel"; petition: PetitionView }
  | { kind: "quota"; employee: { id: number; code: string; full_name: string }; year: number };
