import type { ScheduleDay } from "~/models/schedules/schedule-day";

// The schedule form's seven rows, Monday first: a working day with its hours, or a day off. The
// form posts the working days as the API's `days`; the server's field errors name a day by its
// place in that list, which `rowErrors` turns back into the row's weekday.

export type WeekRow = { weekday: number; on: boolean; start: string; end: string; break_start: string; break_end: string };

export const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 7] as const;

const NEW_DAY = { start: "08:30", end: "17:30", break_start: "12:00", break_end: "13:00" };

/** The rows of a schedule's days (a new schedule: Monday to Friday, office hours). */
export function rowsOf(days: readonly ScheduleDay[] | null): WeekRow[] {
  const source = days ?? [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...NEW_DAY }));
  return WEEKDAY_NUMBERS.map((weekday) => {
    const day = source.find((d) => d.weekday === weekday);
    return day
      ? { weekday, on: true, start: day.start, end: day.end, break_start: day.break_start ?? "", break_end: day.break_end ?? "" }
      : { weekday, on: false, start: "", end: "", break_start: "", break_end: "" };
  });
}

const hoursOf = (row: WeekRow) => ({ start: row.start, end: row.end, break_start: row.break_start, break_end: row.break_end });

/** A day switched on takes the hours of the first working day (or office hours), ready to edit. */
export function switchRow(rows: WeekRow[], weekday: number, on: boolean): WeekRow[] {
  const first = rows.find((r) => r.on && r.weekday !== weekday);
  return rows.map((r) => {
    if (r.weekday !== weekday) return r;
    if (!on) return { ...r, on };
    const hours = r.start || r.end ? hoursOf(r) : first ? hoursOf(first) : NEW_DAY;
    return { ...r, on, ...hours };
  });
}

/** Every working day gets the hours of the first one. */
export function sameHoursForAll(rows: WeekRow[]): WeekRow[] {
  const first = rows.find((r) => r.on);
  return first ? rows.map((r) => (r.on ? { ...r, ...hoursOf(first) } : r)) : rows;
}

/** The working days as the API takes them (an empty break is none). */
export const daysOf = (rows: WeekRow[]) =>
  rows.filter((r) => r.on).map((r) => ({ weekday: r.weekday, start: r.start, end: r.end, break_start: r.break_start, break_end: r.break_end }));

/** The server's field errors on `days.<i>.<field>` by weekday and field; `days` and `days.<i>` on the list. */
export function rowErrors(rows: WeekRow[], fields: Record<string, string>) {
  const on = rows.filter((r) => r.on);
  const byDay = new Map<number, Record<string, string>>();
  let list = fields.days;
  for (const [key, message] of Object.entries(fields)) {
    const m = /^days\.(\d+)(?:\.(\w+))?$/.exec(key);
    if (!m) continue;
    const row = on[Number(m[1])];
    if (!row || !m[2] || m[2] === "weekday") {
      list ??= message;
      continue;
    }
    byDay.set(row.weekday, { ...byDay.get(row.weekday), [m[2]]: message });
  }
  return { list, byDay };
}
