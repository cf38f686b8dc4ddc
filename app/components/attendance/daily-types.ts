import type { AttendanceStatus } from "~/models/attendance/status";

// The daily tab's data as its loader sends it, shared by the tab and its list.
export type DailyRecord = {
  id: number;
  checkin_at: string | null;
  checkout_at: string | null;
  checkin_distance_m: number | null;
  checkin_lat: number | null;
  checkin_lng: number | null;
  checkin_address: string | null;
  checkin_photo_url: string | null;
  checkout_photo_url: string | null;
  checkin_photo_purged?: boolean;
  checkout_photo_purged?: boolean;
  checkin_match: number | null;
  checkout_match: number | null;
  /** What placed the employee (a badge for the office QR or a kiosk's PIN; GPS is the usual). */
  checkin_proof?: "gps" | "qr" | "pin" | null;
  checkout_proof?: "gps" | "qr" | "pin" | null;
  late_minutes: number;
  early_minutes: number;
  review_status: string;
  checked: number;
  corrected?: boolean;
};

export type DailyTabItem = {
  employee: { id: number; code: string; full_name: string; first_name: string; position: string; photo_url: string | null };
  status: AttendanceStatus;
  reason: string;
  record: DailyRecord | null;
};

export type DailyTabData = {
  date: string;
  headcount: number;
  summary: { [K in AttendanceStatus]: number } & { pending_review: number };
  /** One page of the rows the filters keep, in code order. */
  items: DailyTabItem[];
  /** Rows the filters keep on the whole date (all pages). */
  total: number;
  page_size: number;
  /** The keyset cursors of the pages before and after this one (null: none). */
  prev_cursor: string | null;
  next_cursor: string | null;
  /** The first date attendance counts; null while nothing counts (no office configured). */
  attendance_start: string | null;
  /** Today's work date: a later date has no rows yet. */
  today: string;
};
