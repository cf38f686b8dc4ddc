// The employee check-in API's answers as the LIFF page reads them (GET /api/emp/checkin-out/today,
// POST /api/emp/checkin-out, GET /api/emp/checkin-out?from=&to=: the records with their day's status).
import type { Geofence } from "~/lib/geo";
import type { AttendanceStatus } from "~/models/attendance/status";

export type { Geofence };

export type NextStep = "in" | "out" | "done";

export type Office = { name: string; lat: number; lng: number; radius_m: number };

export type AttendanceRecord = {
  work_date: string;
  checkin_at: string | null;
  checkin_lat: number | null;
  checkin_lng: number | null;
  checkin_accuracy: number | null;
  checkin_distance_m: number | null;
  checkin_office: string | null;
  checkin_geofence: Geofence | null;
  checkin_address: string | null;
  checkin_photo_url: string | null;
  checkin_match: number | null;
  checkin_face_distance: number | null;
  checkout_at: string | null;
  checkout_lat: number | null;
  checkout_lng: number | null;
  checkout_accuracy: number | null;
  checkout_distance_m: number | null;
  checkout_office: string | null;
  checkout_geofence: Geofence | null;
  checkout_address: string | null;
  checkout_photo_url: string | null;
  checkout_match: number | null;
  checkout_face_distance: number | null;
  /** What placed each side: the position, the office QR, a kiosk's PIN. */
  checkin_proof?: "gps" | "qr" | "pin" | null;
  checkout_proof?: "gps" | "qr" | "pin" | null;
  late_minutes: number | null;
  early_minutes: number | null;
  flags: string[];
  checked: boolean | number | null;
  review_status?: string | null;
  corrected?: boolean;
  /** The day's status and reason from the ledger (the history's items; null before the office started counting). */
  status?: AttendanceStatus | null;
  reason?: string | null;
};

export type CheckinSettings = {
  require_selfie: boolean;
  max_accuracy_m: number;
  outside_radius: "reject" | "review";
  work_start: string;
  work_end: string;
};

export type TodayState = {
  record: AttendanceRecord | null;
  next: NextStep;
  offices: Office[];
  settings: CheckinSettings;
};
