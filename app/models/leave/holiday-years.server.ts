import { and, eq, gte, inArray, like, lte, sql } from "drizzle-orm";
import { holidays, holidayYears, leavePetitions } from "../../../db/schema";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addDays } from "~/lib/iso-day";
import { THAI_LUNAR_FIRST_YEAR, THAI_LUNAR_LAST_YEAR } from "~/lib/thai-lunar";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { getSetting } from "~/models/core/settings.server";
import type { LeaveUnit } from "./catalogue";
import { countLeaveDays, countPetitionDays, daysAfterStartYear, type LeaveDayCount, type LeaveHalf } from "./days";
import { leaveTypeOf } from "./leave-types.server";
import { holidayDatesBetween, holidayDatesOfYear, seededAt } from "./holiday-table.server";
import { ACTIVE_LEAVE_STATUSES } from "./rules";
import { MAX_PETITION_CALENDAR_DAYS } from "./schema";
import { thaiPublicHolidays } from "./thai-holidays";

// A year's holidays are in the table before anything is counted against it, and a change of the
// table recounts what was counted (ADR 044):
// - ensureHolidayYear seeds a year the first time anything needs it (a petition's count, the
//   petition form, the attendance ledger), not only this year and next at start and nightly;
// - every write of the table (a seed or re-seed here, an admin's add or remove in
//   holidays.server.ts) calls recountPetitionsOn in its own transaction: each pending or approved
//   petition whose span holds a changed date gets its days counted again, audit-logged.
// Nothing here speaks to LINE: whoever commits tells the employees afterwards
// (notices.server.ts notifyRecounted), as every leave notice is sent after its commit.

const SYSTEM: Actor = { type: "system" };

export const HOLIDAY_YEAR_MESSAGES = {
  uncomputable: (year: number) =>
    `ไม่สามารถคำนวณวันหยุดของปี พ.ศ. ${year + 543} ได้ (ระบบคำนวณวันหยุดได้ตั้งแต่ปี พ.ศ. ${THAI_LUNAR_FIRST_YEAR + 543} ถึง ${THAI_LUNAR_LAST_YEAR + 543})`,
} as const;

/**
 * 400 for a year whose Buddhist holy days the lunar table cannot give: its holidays would be
 * incomplete, and leave in it would be counted as if they were working days.
 */
export function requireComputableYear(year: number, field?: string) {
  if (Number.isInteger(year) && year >= THAI_LUNAR_FIRST_YEAR && year <= THAI_LUNAR_LAST_YEAR) return;
  const message = HOLIDAY_YEAR_MESSAGES.uncomputable(year);
  throw new DomainError(400, message, field ? { [field]: message } : undefined);
}

type PetitionRow = typeof leavePetitions.$inferSelect;

/** A petition whose days a holiday change altered: the row after it, its days before, the changed dates in its span. */
export type RecountedPetition = { petition: PetitionRow; before: number; dates: string[] };

export type HolidayYearSeed = { year: number; seeded: boolean; added: number; recounted: RecountedPetition[] };

/** The years from `start`'s to `end`'s (a counted span is at most two). */
function spanYears(start: string, end: string): number[] {
  const years: number[] = [];
  for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) years.push(y);
  return years;
}

/** Dates in one set and not the other: what a seed or re-seed changed. */
function changedDates(before: readonly string[], after: readonly string[]) {
  const was = new Set(before);
  const is = new Set(after);
  return [...before.filter((d) => !is.has(d)), ...after.filter((d) => !was.has(d))];
}

/**
 * Puts the year's Thai public holidays (and substitution days, by the work days of the attendance
 * settings) into the table and recounts the petitions on the dates that changed. A year already
 * seeded is left alone unless `force`; `force` replaces the year's "seed" rows and keeps the
 * admins' rows (a date an admin holds is not seeded over). Runs in its own immediate()
 * transaction, a savepoint inside a caller's.
 */
/** What a write that changed which dates are holidays does next in its transaction (the day ledger's recompute). */
export type HolidayDatesChanged = (tx: Db, dates: readonly string[]) => void;

export function seedYear(
  year: number,
  options: { force?: boolean; actor?: Actor; now?: Date; onDatesChanged?: HolidayDatesChanged } = {},
): HolidayYearSeed {
  const { force = false, actor = SYSTEM, now = new Date(), onDatesChanged } = options;
  requireComputableYear(year);
  const days = thaiPublicHolidays(year, getSetting("work_days"));
  return immediate((tx) => {
    if (seededAt(year, tx) && !force) return { year, seeded: false, added: 0, recounted: [] };
    const before = holidayDatesOfYear(year, tx);
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
    // Recorded before the recount, so that a petition reaching into this year does not seed it again.
    tx.insert(holidayYears)
      .values({ year, seededAt: now })
      .onConflictDoUpdate({ target: holidayYears.year, set: { seededAt: now } })
      .run();
    recordAudit({ actor, action: force ? "reseed" : "seed", entity: "holiday_year", entityId: year, changes: { added, offered: days.length } });
    const changed = changedDates(before, holidayDatesOfYear(year, tx));
    const recounted = recountPetitionsOn(tx, changed, actor);
    onDatesChanged?.(tx, changed);
    return { year, seeded: true, added, recounted };
  });
}

/**
 * Seeds `year` if it never was (`seeded: false` and nothing written otherwise), so that its
 * holidays are known before a day of it is counted. A year the lunar table cannot compute is a
 * 400 (Thai message). Usable inside a caller's transaction (`tx`: the seed is a savepoint of it);
 * the petitions it recounted are returned for the caller to tell after its commit
 * (notices.server.ts notifyRecounted).
 */
export function ensureHolidayYear(year: number, tx: Db = db()): HolidayYearSeed {
  requireComputableYear(year);
  if (seededAt(year, tx)) return { year, seeded: false, added: 0, recounted: [] };
  return seedYear(year);
}

/** ensureHolidayYear for every year from `from`'s to `to`'s (YYYY-MM-DD); the petitions recounted. */
export function ensureHolidayYearsBetween(from: string, to: string, tx: Db = db()): RecountedPetition[] {
  return spanYears(from, to).flatMap((y) => ensureHolidayYear(y, tx).recounted);
}

/**
 * The working days of a span with the office's work days and holiday table, every year it touches
 * seeded first. `fields` name the input fields a refused year is reported on.
 */
export function countWorkingDays(
  span: { start: string; end: string; half: LeaveHalf | null },
  fields: { start: string; end: string } = { start: "start", end: "end" },
  tx: Db = db(),
  unit: LeaveUnit = "working_day",
): LeaveDayCount {
  const range = { start: span.start, end: span.end, half: span.half };
  // An impossible span is refused (400) before any year is seeded for it.
  countLeaveDays(range, { workDays: [], holidays: [] });
  const years = spanYears(span.start, span.end);
  for (const year of years) requireComputableYear(year, year === years[0] ? fields.start : fields.end);
  for (const year of years) ensureHolidayYear(year, tx);
  return countPetitionDays(range, { workDays: getSetting("work_days"), holidays: holidayDatesBetween(span.start, span.end) }, unit);
}

/** Pending and approved petitions whose span holds one of `dates` (sorted), by the dates index as petitionsOverlapping reads it. */
function petitionsOn(tx: Db, dates: readonly string[]): PetitionRow[] {
  const from = dates[0];
  const to = dates[dates.length - 1];
  return tx
    .select()
    .from(leavePetitions)
    .where(
      and(
        gte(leavePetitions.startDate, addDays(from, -(MAX_PETITION_CALENDAR_DAYS - 1))),
        lte(leavePetitions.startDate, to),
        gte(leavePetitions.endDate, from),
        inArray(sql`+${leavePetitions.status}`, [...ACTIVE_LEAVE_STATUSES]),
      ),
    )
    .all()
    .filter((p) => dates.some((d) => p.startDate <= d && d <= p.endDate));
}

/** One entry per petition: its first days before, its last row, every changed date; none whose days came back. */
function merged(changes: RecountedPetition[]): RecountedPetition[] {
  const byId = new Map<number, RecountedPetition>();
  for (const c of changes) {
    const seen = byId.get(c.petition.id);
    byId.set(c.petition.id, seen ? { petition: c.petition, before: seen.before, dates: [...new Set([...seen.dates, ...c.dates])].sort() } : c);
  }
  return [...byId.values()].filter((c) => c.before !== c.petition.days);
}

/**
 * Counts again, with the holiday table as it now stands in `tx`, every pending or approved
 * petition whose span holds one of `dates` (holidays just added or removed), and stores the new
 * `days` where it differs, each with an audit row (`recount`, entity `leave_petition`, the days
 * before and after and the changed dates). A half day on a date that became a holiday counts 0
 * and keeps its row and status. Call it inside the transaction that changed the holidays; the
 * petitions returned are for the caller to tell after its commit.
 */
export function recountPetitionsOn(tx: Db, dates: readonly string[], actor: Actor): RecountedPetition[] {
  const changed = [...new Set(dates)].sort();
  if (changed.length === 0) return [];
  // A span reaching into a year never seeded: that year is seeded first (and recounts on its own).
  const years = new Set(petitionsOn(tx, changed).flatMap((p) => spanYears(p.startDate, p.endDate)));
  const seeded = [...years].flatMap((y) => ensureHolidayYear(y, tx).recounted);

  const workDays = getSetting("work_days");
  const now = new Date();
  const own = petitionsOn(tx, changed).flatMap((p): RecountedPetition[] => {
    // Calendar days (maternity) count holidays anyway.
    if (leaveTypeOf(p.type, tx)?.unit === "calendar_day") return [];
    const count = countLeaveDays(
      { start: p.startDate, end: p.endDate, half: p.half },
      { workDays, holidays: holidayDatesBetween(p.startDate, p.endDate) },
    );
    const { days } = count;
    if (days === p.days) return [];
    const nextYearDays = daysAfterStartYear(count, p.startDate);
    const petition = tx
      .update(leavePetitions)
      .set({ days, nextYearDays, updatedAt: now })
      .where(eq(leavePetitions.id, p.id))
      .returning()
      .get();
    const inSpan = changed.filter((d) => p.startDate <= d && d <= p.endDate);
    recordAudit({
      actor,
      action: "recount",
      entity: "leave_petition",
      entityId: p.id,
      changes: { days: { from: p.days, to: days }, holiday_dates: inSpan },
    });
    return [{ petition, before: p.days, dates: inSpan }];
  });
  return merged([...seeded, ...own]);
}
