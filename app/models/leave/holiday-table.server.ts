import { asc, between, eq, like, sql } from "drizzle-orm";
import { holidays, holidayYears } from "../../../db/schema";
import { db, preparedQuery, type Db } from "~/lib/db.server";

// Reading the holiday table: the rows of a span, a year's dates, and whether a year was seeded.
// The bottom of the leave domain's holiday files, so that the seeding and the recount
// (holiday-years.server.ts) and the admin's writes (holidays.server.ts) read it the same way.

export type HolidayRow = typeof holidays.$inferSelect;

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

/** Every holiday date of `year`. */
export function holidayDatesOfYear(year: number, tx: Db = db()): string[] {
  return tx
    .select({ date: holidays.date })
    .from(holidays)
    .where(like(holidays.date, `${year}-%`))
    .all()
    .map((r) => r.date);
}

/** When `year` was seeded, or null while it never was. */
export function seededAt(year: number, tx: Db = db()): Date | null {
  return tx.select().from(holidayYears).where(eq(holidayYears.year, year)).get()?.seededAt ?? null;
}
