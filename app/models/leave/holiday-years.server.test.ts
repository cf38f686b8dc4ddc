import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, holidays, holidayYears, leavePetitions } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { holidayDatesBetween } from "./holiday-table.server";
import { ensureHolidayYear, HOLIDAY_YEAR_MESSAGES, recountPetitionsOn, seedYear } from "./holiday-years.server";
import { createPetition } from "./leave.server";
import { PetitionSchema } from "./schema";

const admin = { type: "admin" as const, id: null };

function refused(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

const seeded = (year: number) => db().select().from(holidayYears).where(eq(holidayYears.year, year)).get() != null;
const daysOf = (id: number) => db().select().from(leavePetitions).where(eq(leavePetitions.id, id)).get()?.days;
const recounts = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "leave_petition"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "recount")))
    .all();

const file = (employeeId: number, over: Record<string, unknown>) =>
  createPetition(employeeId, PetitionSchema.parse({ type: 1, reason: "ธุระ", ...over }), null, { type: "employee", id: employeeId });

/** A petition row as one filed before this change left it: its days counted without the year's holidays. */
function storedPetition(employeeId: number, over: Partial<typeof leavePetitions.$inferInsert> & { startDate: string; endDate: string; days: number }) {
  return db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, year: Number(over.startDate.slice(0, 4)), reason: "ธุระ", status: LeaveStatus.approve, ...over })
    .returning()
    .get();
}

describe("ensureHolidayYear", () => {
  it("seeds a year the first time it is needed, and only then", () => {
    expect(seeded(2033)).toBe(false);
    const first = ensureHolidayYear(2033);
    expect(first).toMatchObject({ year: 2033, seeded: true, recounted: [] });
    expect(first.added).toBeGreaterThanOrEqual(13);
    expect(holidayDatesBetween("2033-04-13", "2033-04-15")).toEqual(["2033-04-13", "2033-04-14", "2033-04-15"]);
    expect(ensureHolidayYear(2033)).toEqual({ year: 2033, seeded: false, added: 0, recounted: [] });
  });

  it("refuses a year the lunar table cannot compute with a Thai 400, and writes nothing", () => {
    for (const year of [1913, 2158]) {
      const e = refused(() => ensureHolidayYear(year));
      expect(e.status).toBe(400);
      expect(e.message).toBe(HOLIDAY_YEAR_MESSAGES.uncomputable(year));
      expect(e.message).toMatch(/ไม่สามารถคำนวณวันหยุด/);
      expect(seeded(year)).toBe(false);
    }
  });

  it("inside a caller's transaction: the seed is part of it and rolls back with it", () => {
    expect(() =>
      immediate((tx) => {
        expect(ensureHolidayYear(2034, tx).seeded).toBe(true);
        expect(seeded(2034)).toBe(true);
        throw new Error("the caller's write failed");
      }),
    ).toThrow("the caller's write failed");
    expect(seeded(2034)).toBe(false);
    expect(holidayDatesBetween("2034-01-01", "2034-12-31")).toEqual([]);
  });
});

describe("counting a petition", () => {
  it("a year never seeded is seeded first: its holidays are not working days (both years of a span across New Year)", async () => {
    const e = newEmployee();
    // Mon 30 Dec 2030 – Thu 2 Jan 2031: 31 December and 1 January are holidays.
    const p = await file(e.id, { start_date: "2030-12-30", end_date: "2031-01-02" });
    expect(p.days).toBe(2);
    expect(seeded(2030) && seeded(2031)).toBe(true);
  });

  it("a year the holiday calendar cannot compute is a 400 on its field; nothing is written, not even the other year", async () => {
    const e = newEmployee();
    const before = db().select().from(leavePetitions).all().length;
    let error: unknown = null;
    await file(e.id, { start_date: "2157-12-29", end_date: "2158-01-02" }).catch((x: unknown) => (error = x));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 400, fields: { end_date: HOLIDAY_YEAR_MESSAGES.uncomputable(2158) } });
    expect(db().select().from(leavePetitions).all().length).toBe(before);
    expect(seeded(2157)).toBe(false);
  });
});

describe("seeding recounts what was counted before", () => {
  it("a petition counted before its year was seeded gets its holidays when the year is seeded, audit-logged", () => {
    const e = newEmployee();
    // Mon 12 – Fri 16 April 2032, counted as five days while 2032 had no holidays; Songkran is 13–15.
    const p = storedPetition(e.id, { startDate: "2032-04-12", endDate: "2032-04-16", days: 5 });
    const result = seedYear(2032);
    expect(result.seeded).toBe(true);
    expect(result.recounted.map((r) => [r.petition.id, r.before, r.petition.days, r.dates])).toEqual([
      [p.id, 5, 2, ["2032-04-13", "2032-04-14", "2032-04-15"]],
    ]);
    expect(daysOf(p.id)).toBe(2);
    expect(recounts(p.id).map((a) => a.changes)).toEqual([{ days: { from: 5, to: 2 }, holiday_dates: ["2032-04-13", "2032-04-14", "2032-04-15"] }]);
  });

  it("a span reaching into a year never seeded: that year is seeded too, and the petition counted once with both", () => {
    const e = newEmployee();
    // Mon 29 Dec 2036 – Fri 2 Jan 2037 counted as five days; 31 Dec and 1 Jan are holidays.
    const p = storedPetition(e.id, { startDate: "2036-12-29", endDate: "2037-01-02", days: 5 });
    const result = seedYear(2036);
    expect(seeded(2037)).toBe(true);
    expect(result.recounted.map((r) => [r.petition.id, r.before, r.petition.days])).toEqual([[p.id, 5, 3]]);
    expect(daysOf(p.id)).toBe(3);
  });
});

describe("recountPetitionsOn", () => {
  it("recounts pending and approved petitions on the dates (a half day becomes 0, its row and status kept); not rejected or cancelled ones", () => {
    ensureHolidayYear(2035);
    const e = newEmployee();
    // Mon 5 – Fri 9 November 2035: no public holiday.
    const approved = storedPetition(e.id, { startDate: "2035-11-05", endDate: "2035-11-09", days: 5 });
    const pending = storedPetition(newEmployee().id, { startDate: "2035-11-07", endDate: "2035-11-08", days: 2, status: LeaveStatus.request });
    const half = storedPetition(newEmployee().id, { startDate: "2035-11-07", endDate: "2035-11-07", half: "morning", days: 0.5 });
    const rejected = storedPetition(newEmployee().id, { startDate: "2035-11-07", endDate: "2035-11-07", days: 1, status: LeaveStatus.reject });
    const cancelled = storedPetition(newEmployee().id, { startDate: "2035-11-07", endDate: "2035-11-07", days: 1, status: LeaveStatus.cancel });
    const elsewhere = storedPetition(newEmployee().id, { startDate: "2035-11-12", endDate: "2035-11-13", days: 2 });

    const changed = immediate((tx) => {
      tx.insert(holidays).values({ date: "2035-11-07", name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
      return recountPetitionsOn(tx, ["2035-11-07"], admin);
    });
    expect(changed.map((r) => [r.petition.id, r.before, r.petition.days]).sort()).toEqual(
      [
        [approved.id, 5, 4],
        [pending.id, 2, 1],
        [half.id, 0.5, 0],
      ].sort(),
    );
    const row = db().select().from(leavePetitions).where(eq(leavePetitions.id, half.id)).get();
    expect(row).toMatchObject({ days: 0, status: LeaveStatus.approve, half: "morning" });
    expect([rejected, cancelled, elsewhere].map((p) => daysOf(p.id))).toEqual([1, 1, 2]);
    expect(recounts(approved.id)).toHaveLength(1);
    expect(recounts(approved.id)[0]).toMatchObject({ actorType: "admin", changes: { days: { from: 5, to: 4 }, holiday_dates: ["2035-11-07"] } });
    expect(recounts(rejected.id)).toHaveLength(0);
  });

  it("changes nothing and logs nothing where the count stays (a date off the span's working days)", () => {
    ensureHolidayYear(2035);
    const e = newEmployee();
    const p = storedPetition(e.id, { startDate: "2035-11-19", endDate: "2035-11-25", days: 5 });
    // Saturday 24 November becomes a holiday: it was no working day anyway.
    const changed = immediate((tx) => {
      tx.insert(holidays).values({ date: "2035-11-24", name: "วันเสาร์", kind: "company", source: "admin" }).run();
      return recountPetitionsOn(tx, ["2035-11-24"], admin);
    });
    expect(changed).toEqual([]);
    expect(daysOf(p.id)).toBe(5);
    expect(recounts(p.id)).toEqual([]);
  });

  it("rolls back with the caller's transaction", () => {
    ensureHolidayYear(2035);
    const p = storedPetition(newEmployee().id, { startDate: "2035-12-17", endDate: "2035-12-18", days: 2 });
    expect(() =>
      immediate((tx) => {
        tx.insert(holidays).values({ date: "2035-12-18", name: "ชั่วคราว", kind: "company", source: "admin" }).run();
        expect(recountPetitionsOn(tx, ["2035-12-18"], admin)).toHaveLength(1);
        throw new Error("undo");
      }),
    ).toThrow("undo");
    expect(daysOf(p.id)).toBe(2);
    expect(recounts(p.id)).toEqual([]);
  });
});
