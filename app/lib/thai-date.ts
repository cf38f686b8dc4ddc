import dayjs from "dayjs";
import "dayjs/locale/th";
import buddhistEra from "dayjs/plugin/buddhistEra";
import timezone from "dayjs/plugin/timezone";
import updateLocale from "dayjs/plugin/updateLocale";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(buddhistEra);
dayjs.extend(updateLocale);
// dayjs's th locale has no weekStart; Thai offices start the week on Monday.
dayjs.updateLocale("th", { weekStart: 1 });

export const DEFAULT_TIME_ZONE = "Asia/Bangkok";
export const FIRST_DAY_OF_WEEK = 1;
export { dayjs };

type DateLike = Date | string | number | dayjs.Dayjs;

let appZone = DEFAULT_TIME_ZONE;

/**
 * The zone these helpers use when none is passed: the server sets APP_TIMEZONE at start
 * (app/jobs/startup.server.ts), the browser sets the same value from `<html data-time-zone>` before it
 * hydrates (entry.client.tsx), so both render the same text whatever the process's TZ is.
 */
export function setAppTimeZone(tz: string) {
  appZone = tz;
}

export function appTimeZone() {
  return appZone;
}

/**
 * The calendar date (YYYY-MM-DD) of an instant in the app's zone. Server code asks for "today"
 * with workDate() (business-day.server.ts); this is the same rule for components.
 */
export function businessDate(instant: DateLike = new Date(), tz = appZone) {
  const ms = dayjs.isDayjs(instant) ? instant.valueOf() : instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  return Number.isNaN(ms) ? dayjs(instant).tz(tz).format("YYYY-MM-DD") : formatterFor(tz, "date").format(ms);
}

// dayjs's tz() builds a new Intl formatter on every call (~0.5 ms); a check-in or a page of
// times asks many times, so the formatters are made once per zone and reused.
const FORMATS = {
  // en-CA writes dates as YYYY-MM-DD; en-GB writes 24-hour HH:mm; en-CA both as "YYYY-MM-DD, HH:mm".
  date: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  time: ["en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
  dateTime: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
} satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string, kind: keyof typeof FORMATS) {
  const key = `${tz}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    const [locale, parts] = FORMATS[kind];
    f = new Intl.DateTimeFormat(locale, { timeZone: tz, ...parts });
    formatters.set(key, f);
  }
  return f;
}

/** `08:42`: the wall-clock time of an instant in the app's zone. */
export function clockTimeOf(instant: Date | string | number, tz = appZone) {
  return formatterFor(tz, "time").format(new Date(instant));
}

const QUARTER_MS = 15 * 60_000;

/**
 * clockTimeOf for many instants (an export): Intl formats the start of each quarter hour once and
 * the minutes into it are added. Every zone's offset, and every change of it, is a whole number
 * of quarter hours, so those minutes never carry into the hour.
 */
export function clockFormatter(tz = appZone) {
  const quarters = new Map<number, string>();
  return (at: Date | number | null) => {
    if (at == null) return "";
    const ms = typeof at === "number" ? at : at.getTime();
    const quarter = Math.floor(ms / QUARTER_MS);
    let start = quarters.get(quarter);
    if (start === undefined) {
      if (quarters.size >= 50_000) quarters.clear();
      start = clockTimeOf(quarter * QUARTER_MS, tz);
      quarters.set(quarter, start);
    }
    const extra = Math.floor((ms - quarter * QUARTER_MS) / 60_000);
    return extra === 0 ? start : `${start.slice(0, 3)}${String(Number(start.slice(3)) + extra).padStart(2, "0")}`;
  };
}

function inZone(value: DateLike, tz: string) {
  // A bare YYYY-MM-DD is a calendar date, not an instant: no zone shift.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dayjs(value).locale("th");
  }
  return dayjs(value).tz(tz).locale("th");
}

// The th locale's month names, which dayjs's "MMM" and "MMMM" write.
const THAI_MONTHS_SHORT = dayjs.Ls.th.monthsShort as string[];
const THAI_MONTHS = dayjs.Ls.th.months as string[];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONED_PARTS = /^(\d{4})-(\d{2})-(\d{2}), (\d{2}:\d{2})$/;

type Parts = { day: number; month: number; year: number; time: string };

/**
 * The date and time of a value in the zone, read from one cached Intl formatter: dayjs's tz()
 * costs a new formatter per call, and a page of a hundred rows asks a hundred times. Null when the
 * value is not one these fast paths read, and the caller lets dayjs do it.
 */
function partsOf(value: DateLike, tz: string): Parts | null {
  if (typeof value === "string") {
    const date = CALENDAR_DATE.exec(value);
    if (date) return { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]), time: "00:00" };
  }
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : dayjs(value).valueOf();
  if (!Number.isFinite(ms)) return null;
  const parts = ZONED_PARTS.exec(formatterFor(tz, "dateTime").format(ms));
  return parts ? { year: Number(parts[1]), month: Number(parts[2]), day: Number(parts[3]), time: parts[4] } : null;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{2}):(\d{2})$/;

/** Minutes east of UTC in the zone at an instant (whole minutes), or null past the formatter's years. */
function offsetAt(ms: number, tz: string): number | null {
  const minute = Math.floor(ms / 60_000) * 60_000;
  const p = ZONED_PARTS.exec(formatterFor(tz, "dateTime").format(minute));
  if (!p) return null;
  const local = Date.UTC(Number(p[1]), Number(p[2]) - 1, Number(p[3]), Number(p[4].slice(0, 2)), Number(p[4].slice(3)));
  return (local - minute) / 60_000;
}

/**
 * The instant of a wall-clock time on a date in the zone (`2026-11-26`, `08:30`, Bangkok →
 * 01:30Z). The rule is dayjs.tz's: guess an offset, fix it up twice; a time that a clock change
 * skips comes out as if the clock had not changed yet. dayjs builds two Intl formatters per call
 * (a check-in asks twice); this reads the cached one.
 */
export function zonedTime(date: string, hhmm: string, tz = appZone): Date {
  const d = WALL_CLOCK.exec(date);
  const t = HH_MM.exec(hhmm);
  const local = d && t ? Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])) : NaN;
  const o1 = Number.isFinite(local) ? offsetAt(local, tz) : null;
  if (o1 === null) return dayjs.tz(`${date}T${hhmm}:00`, tz).toDate();
  const first = local - o1 * 60_000;
  const o2 = offsetAt(first, tz);
  if (o2 === null || o2 === o1) return new Date(first);
  const second = local - o2 * 60_000;
  const o3 = offsetAt(second, tz);
  if (o3 === o2) return new Date(second);
  return new Date(local - Math.min(o2, o3 ?? o2) * 60_000);
}

/** `21 พ.ย. 2569` */
export function formatThaiDate(value: DateLike, tz = appZone) {
  const p = partsOf(value, tz);
  return p ? `${p.day} ${THAI_MONTHS_SHORT[p.month - 1]} ${p.year + 543}` : inZone(value, tz).format("D MMM BBBB");
}

/** `21 พฤศจิกายน 2569` */
export function formatThaiDateLong(value: DateLike, tz = appZone) {
  const p = partsOf(value, tz);
  return p ? `${p.day} ${THAI_MONTHS[p.month - 1]} ${p.year + 543}` : inZone(value, tz).format("D MMMM BBBB");
}

/** A calendar month `2026-03` → `มีนาคม 2569` (no time zone: it is already a date). */
export function formatThaiMonth(month: string) {
  return dayjs(`${month}-01`).locale("th").format("MMMM BBBB");
}

/** `21 พ.ย. 2569 08:30` */
export function formatThaiDateTime(value: DateLike, tz = appZone) {
  const p = partsOf(value, tz);
  return p ? `${p.day} ${THAI_MONTHS_SHORT[p.month - 1]} ${p.year + 543} ${p.time}` : inZone(value, tz).format("D MMM BBBB HH:mm");
}

/** Monday of the week containing the date, as YYYY-MM-DD. */
export function startOfWeek(date: string) {
  return dayjs(date).locale("th").startOf("week").format("YYYY-MM-DD");
}
