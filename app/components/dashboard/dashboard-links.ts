import type { DayKind, TodayBucket } from "~/models/dashboard/buckets";

// Where each dashboard figure leads, with the filters the target page reads from its query string.

export const BUCKET_COLORS: Record<TodayBucket, string> = {
  present: "green",
  late: "orange",
  early_leave: "yellow",
  missing_checkout: "pink",
  pending_review: "violet",
  leave: "blue",
  absent: "red",
  off: "gray",
};

/**
 * The daily view (admin.checkin-out.tsx, tab=daily) filtered to the bucket's status on `date`;
 * waiting records go to the review queue (tab=review, pending by default).
 */
export function bucketLink(bucket: TodayBucket, date: string, day: DayKind) {
  if (bucket === "pending_review") return "/admin/checkin-out?tab=review";
  const status = bucket === "off" ? (day.kind === "holiday" ? "holiday" : "day_off") : bucket;
  return `/admin/checkin-out?${new URLSearchParams({ tab: "daily", date, status })}`;
}

export const LINKS = {
  pendingLeave: "/admin/leave-work?tab=pending",
  leaveCalendar: (month: string) => `/admin/leave-work?${new URLSearchParams({ tab: "calendar", month })}`,
  leaveStatistics: (year: number) => `/admin/leave-work?${new URLSearchParams({ tab: "statistics", year: String(year) })}`,
  monthly: "/admin/checkin-out?tab=monthly",
  overdueMachines: "/admin/vending-machine?overdue=1",
  machineVisits: "/admin/vending-machine?tab=visits",
} as const;
