import { formatThaiDate } from "~/lib/thai-date";
import type { LeavePer, LeaveUnit } from "./catalogue";
import type { HolidayKindValue, HolidaySource } from "./holiday-schema";

// The leave domain's Thai wording, one copy for the admin pages, the LIFF pages and the LINE cards
// (client-safe).

/** A petition's part of the day: the whole day, or one half of a one-day petition. */
export type PetitionHalf = "full" | "morning" | "afternoon";

export const HALF_LABELS: Record<PetitionHalf, string> = {
  full: "เต็มวัน",
  morning: "ครึ่งวันเช้า",
  afternoon: "ครึ่งวันบ่าย",
};

/** `2 มี.ค. 2569 – 3 มี.ค. 2569`, or one date with its half: `10 มี.ค. 2569 (ครึ่งวันเช้า)`. */
export function spanText(p: { start_date: string; end_date: string; half: PetitionHalf }) {
  const start = formatThaiDate(p.start_date);
  if (p.start_date === p.end_date) return p.half === "full" ? start : `${start} (${HALF_LABELS[p.half]})`;
  return `${start} – ${formatThaiDate(p.end_date)}`;
}

/** What a holiday write adds to its message when it changed petitions' days: ` · นับวันลาใหม่ 2 คำขอ`. */
export const recountedText = (petitions: number) => (petitions > 0 ? ` · นับวันลาใหม่ ${petitions} คำขอ` : "");

export const HOLIDAY_KIND_LABELS: Record<HolidayKindValue, string> = {
  public: "วันหยุดราชการ",
  substitution: "วันหยุดชดเชย",
  company: "วันหยุดบริษัท",
};
export const HOLIDAY_SOURCE_LABELS: Record<HolidaySource, string> = {
  seed: "ประกาศราชการ",
  admin: "ผู้ดูแลระบบ",
};

/** How a leave type counts its days (the catalogue's `unit`). */
export const LEAVE_UNIT_LABELS: Record<LeaveUnit, string> = {
  working_day: "วันทำงาน",
  calendar_day: "วันปฏิทิน",
};
/** What a leave type's quota is per (the catalogue's `per`). */
export const LEAVE_PER_LABELS: Record<LeavePer, string> = {
  year: "ต่อปี",
  event: "ต่อครั้ง",
};
