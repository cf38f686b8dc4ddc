// An overtime window's arithmetic and limits (client-safe: the LIFF form and the admin page check
// with the same rules the server does). A window is "HH:mm"–"HH:mm" on its work date; an end at or
// before the start is the next morning, so one work date's window may run past midnight.

/** The longest window asked for at once (12 hours). */
export const MAX_WINDOW_MINUTES = 12 * 60;
/** How far back an employee may ask (a forgotten request of last month is still in reach). */
export const EMPLOYEE_DAYS_BACK = 31;
/** How far back an admin may record one: two months, so a month not yet closed can be completed. */
export const ADMIN_DAYS_BACK = 62;
/** How far ahead anyone may ask or record. */
export const DAYS_AHEAD = 62;
export const MAX_OVERTIME_REASON = 500;
/** Ministerial Regulation: overtime and holiday work together, at most 36 hours a week. */
export const WEEKLY_LIMIT_HOURS = 36;

export const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MINUTES = 24 * 60;

/** Minutes after midnight of an `HH:mm` (a valid one). */
export function clockMinutes(hhmm: string) {
  const match = CLOCK.exec(hhmm);
  if (!match) throw new RangeError(`not a clock time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether the window ends on the next morning (its end at or before its start). */
export const crossesMidnight = (start: string, end: string) => clockMinutes(end) <= clockMinutes(start);

/** The window's length in minutes; equal ends (refused by the schema) would be a whole day. */
export function windowMinutes(start: string, end: string) {
  const from = clockMinutes(start);
  const to = clockMinutes(end);
  return to > from ? to - from : to + DAY_MINUTES - from;
}

/** The window as minutes from its work date's midnight, `[from, to)`; `to` may pass 1440. */
export function windowSpan(start: string, end: string) {
  const from = clockMinutes(start);
  return { from, to: from + windowMinutes(start, end) };
}

/** Whether two windows, each on its work date, share a minute (`dayGap`: the second's date minus the first's, in days). */
export function windowsOverlap(a: { start: string; end: string }, b: { start: string; end: string }, dayGap = 0) {
  const x = windowSpan(a.start, a.end);
  const y = windowSpan(b.start, b.end);
  const shift = dayGap * DAY_MINUTES;
  return x.from < y.to + shift && y.from + shift < x.to;
}

/** `17:30–20:00 น.`, with `(ถึงเช้าวันถัดไป)` for a window past midnight. */
export function windowText(start: string, end: string) {
  return `${start}–${end} น.${crossesMidnight(start, end) ? " (ถึงเช้าวันถัดไป)" : ""}`;
}

/** `2 ชม. 30 นาที`, `45 นาที`, `3 ชม.` */
export function durationText(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} นาที`;
  return rest === 0 ? `${hours} ชม.` : `${hours} ชม. ${rest} นาที`;
}

/** Hours to two decimals (150 minutes → 2.5). */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
