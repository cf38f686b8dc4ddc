import { asc, between } from "drizzle-orm";
import { holidays } from "../../db/schema";
import { db } from "~/lib/db.server";

export type HolidayRow = typeof holidays.$inferSelect;

/** The office's holidays from `from` to `to` inclusive, in date order. */
export function holidaysBetween(from: string, to: string): HolidayRow[] {
  return db().select().from(holidays).where(between(holidays.date, from, to)).orderBy(asc(holidays.date)).all();
}

/** The dates alone, for day counting. */
export const holidayDatesBetween = (from: string, to: string): string[] => holidaysBetween(from, to).map((h) => h.date);
