import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, holidays, holidayYears } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { HolidayCreateSchema, HolidayRenameSchema, holidaySeedSchema } from "./holiday-schema";
import {
  addHoliday,
  currentHolidayYear,
  ensureHolidaySeeds,
  HOLIDAY_MESSAGES,
  listHolidays,
  removeHoliday,
  renameHoliday,
  reseedHolidayYear,
  seedHolidayYear,
} from "./holidays.server";
import { setSetting } from "~/models/core/settings.server";

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

const yearRows = (year: number) => listHolidays(year).items;
const audits = (entity: string) => db().select().from(auditLog).where(eq(auditLog.entity, entity)).all();
const add = (over: Record<string, unknown>) => addHoliday(HolidayCreateSchema.parse({ name: "วันหยุดบริษัท", ...over }), admin).holiday;

describe("seeding a year", () => {
  it("puts in 2026's public holidays with the substitution days of the default work days (Mon–Fri)", () => {
    expect(seedHolidayYear(2026)).toMatchObject({ year: 2026, seeded: true });
    const items = yearRows(2026);
    expect(items.every((h) => h.source === "seed")).toBe(true);
    expect(items.find((h) => h.date === "2026-05-01")).toMatchObject({ name: "วันแรงงานแห่งชาติ", kind: "public" });
    expect(items.find((h) => h.date === "2026-03-03")).toMatchObject({ name: "วันมาฆบูชา", kind: "public" });
    // Visakha Bucha on Sunday 31 May → Monday 1 June; 5 December a Saturday → Monday 7 December.
    expect(items.filter((h) => h.kind === "substitution").map((h) => h.date)).toEqual(["2026-06-01", "2026-12-07"]);
    expect(items.find((h) => h.date === "2026-06-01")?.name).toBe("ชดเชยวันวิสาขบูชา");
    expect(listHolidays(2026).warnings).toEqual([]);
    expect(listHolidays(2026).seeded_at).not.toBeNull();
  });

  it("is idempotent: a second seed of the year changes nothing", () => {
    const before = yearRows(2026);
    expect(seedHolidayYear(2026)).toEqual({ year: 2026, seeded: false, added: 0, recounted_petitions: 0 });
    expect(yearRows(2026)).toEqual(before);
  });

  it("follows the work days of the attendance settings (a six-day week moves fewer days)", () => {
    setSetting("work_days", [1, 2, 3, 4, 5, 6]);
    try {
      seedHolidayYear(2030);
      const subs = yearRows(2030).filter((h) => h.kind === "substitution");
      for (const s of subs) expect(new Date(`${s.date}T00:00:00Z`).getUTCDay()).not.toBe(0);
    } finally {
      setSetting("work_days", [1, 2, 3, 4, 5]);
    }
  });

  it("ensureHolidaySeeds seeds this year and the next once, and a removed day stays removed", () => {
    const now = new Date("2027-06-15T05:00:00Z");
    const first = ensureHolidaySeeds(now).map((r) => r.year);
    expect(first).toEqual([2027, 2028]);
    removeHoliday("2027-05-01", admin);
    expect(ensureHolidaySeeds(now)).toEqual([]);
    expect(yearRows(2027).some((h) => h.date === "2027-05-01")).toBe(false);
    expect(listHolidays(2027).warnings.join(" ")).toContain("วันแรงงานแห่งชาติ");
    // A new year arriving while the server runs: only the new next year is seeded.
    expect(ensureHolidaySeeds(new Date("2028-01-01T00:30:00Z")).map((r) => r.year)).toEqual([2029]);
    expect(yearRows(2029).length).toBeGreaterThanOrEqual(13);
    // The app's zone decides the year: 31 Dec 17:30 UTC is already 1 January in Bangkok.
    expect(currentHolidayYear(new Date("2029-12-31T17:30:00Z"))).toBe(2030);
  });
});

describe("a re-seed", () => {
  it("puts back removed seed days, replaces seed names and keeps the admins' days and names", () => {
    seedHolidayYear(2025);
    removeHoliday("2025-01-01", admin);
    renameHoliday("2025-04-06", HolidayRenameSchema.parse({ name: "วันจักรี (หยุดยาว)" }), admin);
    add({ date: "2025-12-30", name: "หยุดสิ้นปีของบริษัท" });
    db().update(holidays).set({ name: "ชื่อเก่าของการดึงครั้งก่อน" }).where(eq(holidays.date, "2025-12-31")).run();

    const list = reseedHolidayYear(2025, admin);
    const byDate = new Map(list.items.map((h) => [h.date, h]));
    expect(byDate.get("2025-01-01")).toMatchObject({ source: "seed", name: "วันขึ้นปีใหม่" });
    expect(byDate.get("2025-04-06")).toMatchObject({ source: "admin", name: "วันจักรี (หยุดยาว)" });
    expect(byDate.get("2025-12-30")).toMatchObject({ source: "admin", kind: "company", name: "หยุดสิ้นปีของบริษัท" });
    expect(byDate.get("2025-12-31")).toMatchObject({ source: "seed", name: "วันสิ้นปี" });
    expect(audits("holiday_year").some((a) => a.action === "reseed" && a.entityId === "2025" && a.actorType === "admin")).toBe(true);
  });

  it("seeds a year never seeded and records it", () => {
    expect(db().select().from(holidayYears).where(eq(holidayYears.year, 2031)).get()).toBeUndefined();
    expect(reseedHolidayYear(2031, admin).items.length).toBeGreaterThanOrEqual(13);
    expect(db().select().from(holidayYears).where(eq(holidayYears.year, 2031)).get()).toBeDefined();
  });

  it("refuses a year outside 2024 … this year + 5 with 400", () => {
    const late = currentHolidayYear() + 6;
    for (const year of [2023, late]) {
      const e = refused(() => reseedHolidayYear(year, admin));
      expect(e.status).toBe(400);
      expect(e.fields?.year).toMatch(/ปี/);
    }
    expect(holidaySeedSchema(currentHolidayYear()).safeParse({ year: late }).success).toBe(false);
    expect(holidaySeedSchema(currentHolidayYear()).safeParse({ year: "2026" }).data).toEqual({ year: 2026 });
  });
});

describe("admins' days", () => {
  it("adds a company day (source admin, audit row) and refuses the same date with 409", () => {
    const h = add({ date: "2026-08-14", name: "วันครบรอบบริษัท" });
    expect(h).toEqual({ date: "2026-08-14", name: "วันครบรอบบริษัท", kind: "company", source: "admin" });
    expect(audits("holiday").some((a) => a.action === "create" && a.entityId === "2026-08-14")).toBe(true);
    const again = refused(() => add({ date: "2026-08-14", name: "ซ้ำ", kind: "public" }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(HOLIDAY_MESSAGES.exists);
  });

  it("adds a public day (a special cabinet holiday)", () => {
    expect(add({ date: "2026-08-21", name: "วันหยุดพิเศษ (มติ ครม.)", kind: "public" }).kind).toBe("public");
  });

  it("refuses a date outside the years the table covers with 400 on date", () => {
    const e = refused(() => add({ date: "2023-05-01" }));
    expect(e.status).toBe(400);
    expect(e.fields?.date).toMatch(/ปี/);
  });

  it("renames with an optional kind; a seeded day renamed becomes the admin's; audit keeps before and after", () => {
    seedHolidayYear(2026);
    const h = renameHoliday("2026-10-23", HolidayRenameSchema.parse({ name: "วันปิยมหาราช (บริษัทหยุด)", kind: "company" }), admin);
    expect(h).toEqual({ date: "2026-10-23", name: "วันปิยมหาราช (บริษัทหยุด)", kind: "company", source: "admin" });
    const kept = renameHoliday("2026-10-23", HolidayRenameSchema.parse({ name: "วันปิยมหาราช" }), admin);
    expect(kept.kind).toBe("company");
    const row = audits("holiday").find((a) => a.action === "update" && a.entityId === "2026-10-23");
    expect(row?.changes).toMatchObject({ before: { source: "seed", name: "วันปิยมหาราช" }, after: { source: "admin" } });
  });

  it("404 when renaming or removing a date that is not a holiday", () => {
    expect(refused(() => renameHoliday("2026-09-09", HolidayRenameSchema.parse({ name: "ไม่มี" }), admin)).status).toBe(404);
    const e = refused(() => removeHoliday("2026-09-09", admin));
    expect(e.status).toBe(404);
    expect(e.message).toBe(HOLIDAY_MESSAGES.notFound);
  });

  it("removes a day with an audit row", () => {
    add({ date: "2026-09-10", name: "ลบได้" });
    expect(removeHoliday("2026-09-10", admin)).toEqual({ holiday: expect.objectContaining({ name: "ลบได้" }), recounted_petitions: 0 });
    expect(listHolidays(2026).items.some((h) => h.date === "2026-09-10")).toBe(false);
    expect(audits("holiday").some((a) => a.action === "delete" && a.entityId === "2026-09-10")).toBe(true);
  });

  it("warns when a year has fewer than 13 days", () => {
    add({ date: "2024-05-01", name: "วันแรงงานแห่งชาติ", kind: "public" });
    const { warnings } = listHolidays(2024);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("13");
  });
});

describe("the input schemas", () => {
  it("refuse an empty or too long name, an impossible date, a substitution added by hand", () => {
    expect(HolidayCreateSchema.safeParse({ date: "2026-02-30", name: "x" }).success).toBe(false);
    expect(HolidayCreateSchema.safeParse({ date: "2026-02-03", name: "  " }).success).toBe(false);
    expect(HolidayCreateSchema.safeParse({ date: "2026-02-03", name: "ก".repeat(101) }).success).toBe(false);
    expect(HolidayCreateSchema.safeParse({ date: "2026-02-03", name: "x", kind: "substitution" }).success).toBe(false);
    expect(HolidayCreateSchema.parse({ date: "2026-02-03", name: " x ", kind: "" })).toEqual({ date: "2026-02-03", name: "x", kind: "company" });
    expect(HolidayRenameSchema.safeParse({ name: "x", kind: "weekend" }).success).toBe(false);
  });
});
