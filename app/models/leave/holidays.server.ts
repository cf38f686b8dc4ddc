import { eq } from "drizzle-orm";
import { holidays } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { holidayWarnings } from "./holiday-rules";
import { holidayYearMessage, holidayYearRange, type HolidayCreateInput, type HolidayRenameInput } from "./holiday-schema";
import { holidaysBetween, seededAt, type HolidayRow } from "./holiday-table.server";
import { ensureHolidayYearsBetween, recountPetitionsOn, seedYear, type RecountedPetition } from "./holiday-years.server";
import { notifyRecounted } from "./notices.server";
import { recomputeLedger } from "~/models/attendance/ledger.server";

export { holidayDatesBetween, holidaysBetween, type HolidayRow } from "./holiday-table.server";
export {
  ensureHolidayYear,
  ensureHolidayYearsBetween,
  recountPetitionsOn,
  type HolidayYearSeed,
  type RecountedPetition,
} from "./holiday-years.server";

// The office's holiday table. Each year is seeded once (thaiPublicHolidays with the attendance
// work days, source "seed"), recorded in holiday_years, and then belongs to the admins: a removed
// day stays removed, because a seeded year is never seeded again unless an admin asks for it.
// An admin's add or rename makes the row source "admin"; a re-seed replaces only the rows still
// "seed", so the admins' own days and names survive it (a removed seeded day comes back).
// A year is seeded the first time anything counts a day of it (holiday-years.server.ts), and
// every write here that changes which dates are holidays recounts the pending and approved
// petitions on those dates in the same transaction, then tells the employees whose approved
// leave changed, after the commit (ADR 044).

export const HOLIDAY_MESSAGES = {
  exists: "วันที่นี้มีวันหยุดอยู่แล้ว",
  notFound: "ไม่พบวันหยุดในวันที่นี้",
} as const;

export function toHolidayDto(r: HolidayRow) {
  return { date: r.date, name: r.name, kind: r.kind, source: r.source };
}
export type HolidayDto = ReturnType<typeof toHolidayDto>;

/** An admin's add or remove: the day, and how many petitions' days it changed. */
export type HolidayWrite = { holiday: HolidayDto; recounted_petitions: number };

/** This year in the app's zone. */
export const currentHolidayYear = (now: Date = new Date()) => Number(workDate(now).slice(0, 4));

/** The holidays from `from` to `to` for the petition form's preview, every year of the span seeded first. */
export function holidaysForCounting(from: string, to: string): HolidayRow[] {
  notifyRecounted(ensureHolidayYearsBetween(from, to));
  return holidaysBetween(from, to);
}

/** A year's list as the tab and `GET /api/holiday` show it, with the legal-minimum warnings. */
export function listHolidays(year: number) {
  const items = holidaysBetween(`${year}-01-01`, `${year}-12-31`).map(toHolidayDto);
  const seeded = seededAt(year);
  return { year, items, warnings: holidayWarnings(year, items), seeded_at: seeded ? seeded.toISOString() : null };
}
export type HolidayList = ReturnType<typeof listHolidays>;

/**
 * Seeds a year (seedYear: once, or again with `force`), then tells the employees whose approved
 * leave it recounted.
 */
export function seedHolidayYear(year: number, options: { force?: boolean; actor?: Actor; now?: Date } = {}) {
  const { recounted, ...result } = seedYear(year, { ...options, onDatesChanged: recomputeDates });
  notifyRecounted(recounted);
  return { ...result, recounted_petitions: recounted.length };
}

/**
 * Seeds the current and the next year (the app's zone) if they are not yet: at start, and again
 * whenever it runs after a new year has begun.
 */
export function ensureHolidaySeeds(now: Date = new Date()) {
  const year = currentHolidayYear(now);
  return [year, year + 1].map((y) => seedHolidayYear(y, { now })).filter((r) => r.seeded);
}

/** An admin's re-seed of a year (`POST /api/holiday/seed`): the list after it, and how many petitions' days it changed. */
export function reseedHolidayYear(year: number, actor: Actor) {
  requireHolidayYear(year);
  const { recounted_petitions } = seedHolidayYear(year, { force: true, actor });
  return { ...listHolidays(year), recounted_petitions };
}

/** A year the holiday table covers: from the spec's first year to a few years ahead; else 400. */
export function requireHolidayYear(year: number, field = "year") {
  const { min, max } = holidayYearRange(currentHolidayYear());
  if (year < min || year > max) {
    const message = holidayYearMessage(currentHolidayYear());
    throw new DomainError(400, message, { [field]: message });
  }
}

function rowOf(date: string, tx = db()) {
  return tx.select().from(holidays).where(eq(holidays.date, date)).get();
}

/** The day ledger's rows of the dates whose holiday changed, in the holiday write's transaction. */
const recomputeDates = (tx: Db, dates: readonly string[]) => {
  for (const date of dates) recomputeLedger(tx, { from: date, to: date });
};

/** The write's answer once its transaction committed: the employees whose approved leave it recounted are told. */
function told(holiday: HolidayDto, recounted: RecountedPetition[]): HolidayWrite {
  notifyRecounted(recounted);
  return { holiday, recounted_petitions: recounted.length };
}

export function addHoliday(input: HolidayCreateInput, actor: Actor): HolidayWrite {
  requireHolidayYear(Number(input.date.slice(0, 4)), "date");
  const { dto, recounted } = immediate((tx) => {
    if (rowOf(input.date, tx)) throw new DomainError(409, HOLIDAY_MESSAGES.exists, { date: HOLIDAY_MESSAGES.exists });
    const row = tx.insert(holidays).values({ date: input.date, name: input.name, kind: input.kind, source: "admin" }).returning().get();
    const dto = toHolidayDto(row);
    recordAudit({ actor, action: "create", entity: "holiday", entityId: row.date, changes: dto });
    recomputeDates(tx, [row.date]);
    return { dto, recounted: recountPetitionsOn(tx, [row.date], actor) };
  });
  return told(dto, recounted);
}

/** A new name (and kind); a seeded day renamed becomes the admin's ("admin"), so a re-seed keeps it. */
export function renameHoliday(date: string, input: HolidayRenameInput, actor: Actor): HolidayDto {
  return immediate((tx) => {
    const before = rowOf(date, tx);
    if (!before) throw new DomainError(404, HOLIDAY_MESSAGES.notFound);
    const row = tx
      .update(holidays)
      .set({ name: input.name, kind: input.kind ?? before.kind, source: "admin", updatedAt: new Date() })
      .where(eq(holidays.date, date))
      .returning()
      .get();
    const dto = toHolidayDto(row);
    recordAudit({ actor, action: "update", entity: "holiday", entityId: date, changes: { before: toHolidayDto(before), after: dto } });
    return dto;
  });
}

export function removeHoliday(date: string, actor: Actor): HolidayWrite {
  const { dto, recounted } = immediate((tx) => {
    const before = rowOf(date, tx);
    if (!before) throw new DomainError(404, HOLIDAY_MESSAGES.notFound);
    tx.delete(holidays).where(eq(holidays.date, date)).run();
    const dto = toHolidayDto(before);
    recordAudit({ actor, action: "delete", entity: "holiday", entityId: date, changes: dto });
    recomputeDates(tx, [date]);
    return { dto, recounted: recountPetitionsOn(tx, [date], actor) };
  });
  return told(dto, recounted);
}
