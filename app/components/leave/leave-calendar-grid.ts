import { addDays, dayNumber, weekdayOfDayNumber } from "~/lib/iso-day";

// The leave calendar's month grid (client-safe, pure): Monday-first weeks, and who is away on each
// working day.

export type CalendarPetition = {
  id: number;
  employee: { id: number; code: string; full_name: string; nickname?: string };
  type: number;
  start_date: string;
  end_date: string;
  half: "full" | "morning" | "afternoon";
  days: number;
  status: number;
};

export type CalendarDay = {
  date: string;
  inMonth: boolean;
  dayOff: boolean;
  holiday: string | null;
  away: CalendarPetition[];
};

/** Weeks (Monday to Sunday) covering the month; days outside it are marked, with nobody away. */
export function monthGrid(
  first: string,
  last: string,
  petitions: readonly CalendarPetition[],
  holidays: readonly { date: string; name: string }[],
  workDays: readonly number[],
): CalendarDay[][] {
  const holidayName = new Map(holidays.map((h) => [h.date, h.name]));
  const works = new Set(workDays);
  const firstDay = dayNumber(first) ?? 0;
  const lastDay = dayNumber(last) ?? firstDay;
  const start = firstDay - (weekdayOfDayNumber(firstDay) - 1);
  const end = lastDay + (7 - weekdayOfDayNumber(lastDay));
  const weeks: CalendarDay[][] = [];
  for (let d = start; d <= end; d += 7) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      const date = addDays(first, d + i - firstDay);
      const inMonth = date >= first && date <= last;
      const dayOff = !works.has(i + 1);
      const holiday = holidayName.get(date) ?? null;
      const away =
        inMonth && !dayOff && !holiday ? petitions.filter((p) => p.start_date <= date && date <= p.end_date) : [];
      week.push({ date, inMonth, dayOff, holiday, away });
    }
    weeks.push(week);
  }
  return weeks;
}
