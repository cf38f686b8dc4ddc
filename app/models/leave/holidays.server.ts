import { and, asc, between, eq, like, sql } from "drizzle-orm";
import { holidays, holidayYears } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, preparedQuery } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { holidayWarnings } from "./holiday-rules";
import { holidayYearMessage, holidayYearRange, type HolidayCreateInput, type HolidayRenameInput } from "./holiday-schema";
import { getSetting } from "~/models/core/settings.server";
import { thaiPublicHolidays } from "./thai-holidays";

// The office's holiday table. Each year is seeded once (thaiPublicHolidays with the attendance
// work days, source "seed"), recorded in holiday_years, and then belongs to the admins: a removed
// day stays removed, because a seeded year is never seeded again unless an admin asks for it.
// An admin's add or rename makes the row source "admin"; a re-seed replaces only the rows still
// "seed", so the admins' own days and names survive it (a removed seeded day comes back).

export type HolidayRow = typeof holidays.$inferSelect;

export const HOLIDAY_MESSAGES = {
  exists: "วันที่นี้มีวันหยุดอยู่แล้ว",
  notFound: "ไม่พบวันหยุดในวันที่นี้",
} as const;

const SYSTEM: Actor = { type: "system" };

export function toHolidayDto(r: HolidayRow) {
  return { date: r.date, name: r.name, kind: r.kind, source: r.source };
}
export type HolidayDto = ReturnType<typeof toHolidayDto>;

/** The office's holidays from `from` to `to` inclusive, in date order. */
const holidayRowsBetween = preparedQuery((d) =>
  d
    .select()
    .from(holidays)
    .where(between(holidays.date, sql.placeholder("from"), sql.placeholder("to")))
    .orderBy(asc(holidays.date))
    .prepare(),
);

export function holidaysBetween(from: string, to: string): HolidayRow[] {
  return holidayRowsBetween().all({ from, to });
}

/** The dates alone, for day counting. */
export const holidayDatesBetween = (from: string, to: string): string[] => holidaysBetween(from, to).map((h) => h.date);

/** This year in the app's zone. */
export const currentHolidayYear = (now: Date = new Date()) => Number(workDate(now).slice(0, 4));

function seededAt(year: number, tx = db()) {
  return tx.select().from(holidayYears).where(eq(holidayYears.year, year)).get()?.seededAt ?? null;
}

/** A year's list as the tab and `GET /api/holiday` show it, with the legal-minimum warnings. */
export function listHolidays(year: number) {
  const items = holidaysBetween(`${year}-01-01`, `${year}-12-31`).map(toHolidayDto);
  const seeded = seededAt(year);
  return { year, items, warnings: holidayWarnings(year, items), seeded_at: seeded ? seeded.toISOString() : null };
}
export type HolidayList = ReturnType<typeof listHolidays>;

/**
 * Puts the year's Thai public holidays (and substitution days, by the work days of the attendance
 * settings) into the table. A year already seeded is left alone unless `force`; `force` replaces
 * the year's "seed" rows and keeps the admins' rows (a date an admin holds is not seeded over).
 */
export function seedHolidayYear(year: number, options: { force?: boolean; actor?: Actor; now?: Date } = {}) {
  const { force = false, actor = SYSTEM, now = new Date() } = options;
  const days = thaiPublicHolidays(year, getSetting("work_days"));
  return immediate((tx) => {
    const before = seededAt(year, tx);
    if (before && !force) return { year, seeded: false, added: 0 };
    if (force) {
      tx.delete(holidays)
        .where(and(like(holidays.date, `${year}-%`), eq(holidays.source, "seed")))
        .run();
    }
    let added = 0;
    for (const day of days) {
      const result = tx
        .insert(holidays)
        .values({ date: day.date, name: day.name, kind: day.kind, source: "seed", createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .run();
      added += result.changes;
    }
    tx.insert(holidayYears)
      .values({ year, seededAt: now })
      .onConflictDoUpdate({ target: holidayYears.year, set: { seededAt: now } })
      .run();
    recordAudit({ actor, action: force ? "reseed" : "seed", entity: "holiday_year", entityId: year, changes: { added, offered: days.length } });
    return { year, seeded: true, added };
  });
}

/**
 * Seeds the current and the next year (the app's zone) if they are not yet: at start, and again
 * whenever it runs after a new year has begun.
 */
export function ensureHolidaySeeds(now: Date = new Date()) {
  const year = currentHolidayYear(now);
  return [year, year + 1].map((y) => seedHolidayYear(y, { now })).filter((r) => r.seeded);
}

/** An admin's re-seed of a year (`POST /api/holiday/seed`): the list after it. */
export function reseedHolidayYear(year: number, actor: Actor) {
  requireHolidayYear(year);
  seedHolidayYear(year, { force: true, actor });
  return listHolidays(year);
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

export function addHoliday(input: HolidayCreateInput, actor: Actor): HolidayDto {
  requireHolidayYear(Number(input.date.slice(0, 4)), "date");
  return immediate((tx) => {
    if (rowOf(input.date, tx)) throw new DomainError(409, HOLIDAY_MESSAGES.exists, { date: HOLIDAY_MESSAGES.exists });
    const row = tx.insert(holidays).values({ date: input.date, name: input.name, kind: input.kind, source: "admin" }).returning().get();
    const dto = toHolidayDto(row);
    recordAudit({ actor, action: "create", entity: "holiday", entityId: row.date, changes: dto });
    return dto;
  });
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

export function removeHoliday(date: string, actor: Actor): HolidayDto {
  return immediate((tx) => {
    const before = rowOf(date, tx);
    if (!before) throw new DomainError(404, HOLIDAY_MESSAGES.notFound);
    tx.delete(holidays).where(eq(holidays.date, date)).run();
    const dto = toHolidayDto(before);
    recordAudit({ actor, action: "delete", entity: "holiday", entityId: date, changes: dto });
    return dto;
  });
}
