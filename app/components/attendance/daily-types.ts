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
  /** Items after the filters, of which `items` is one page (absent: `items` is the whole day). */
  total?: number;
  page?: number;
  page_size?: number;
  headcount: number;
  summary: { [K in AttendanceStatus]: number } & { pending_review: number };
  items: DailyTabItem[];
};
