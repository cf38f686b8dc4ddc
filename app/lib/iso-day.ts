// Calendar-date arithmetic on `YYYY-MM-DD` strings as whole day numbers (days since 1970-01-01),
// so no time zone or daylight-saving shift can move a date.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The day number of a real calendar date, or null when the text is not one. */
export function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a day number; day 0 (1970-01-01) was a Thursday. */
export function weekdayOfDayNumber(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a calendar date: ${date}`);
  return fromDayNumber(day + days);
}

/** `YYYY-MM` of the month before or after. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Every date from `first` to `last`, both included (none when `last` is before `first`). */
export function isoDaysBetween(first: string, last: string): string[] {
  const from = dayNumber(first);
  const to = dayNumber(last);
  if (from === null || to === null) throw new RangeError(`not a calendar date: ${from === null ? first : last}`);
  const days: string[] = [];
  for (let day = from; day <= to; day++) days.push(fromDayNumber(day));
  return days;
}
