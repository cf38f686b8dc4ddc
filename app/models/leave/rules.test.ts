import { describe, expect, it } from "vitest";
import { LeaveStatus } from "~/lib/enums";
import {
  balanceOf,
  canTransition,
  carriedVacation,
  certificateMessage,
  defaultQuota,
  firstAnniversary,
  needsCertificate,
  spansOverlap,
  vacationEntitlement,
  type LeaveSpan,
} from "./rules";
import { LEAVE_SETTING_DEFAULTS } from "./settings";
import { LEAVE_CATALOGUE } from "./catalogue";

const typeOf = (id: number) => LEAVE_CATALOGUE.find((t) => t.id === id)!;

const full = (start: string, end = start): LeaveSpan => ({ start, end, half: null });
const half = (date: string, h: "morning" | "afternoon"): LeaveSpan => ({ start: date, end: date, half: h });

describe("spansOverlap", () => {
  it("touching boundary dates overlap, the day after does not", () => {
    expect(spansOverlap(full("2026-03-02", "2026-03-04"), full("2026-03-04", "2026-03-06"))).toBe(true);
    expect(spansOverlap(full("2026-03-02", "2026-03-04"), full("2026-03-05", "2026-03-06"))).toBe(false);
    expect(spansOverlap(full("2026-03-05"), full("2026-03-02", "2026-03-04"))).toBe(false);
    expect(spansOverlap(full("2026-03-01", "2026-03-31"), full("2026-03-15"))).toBe(true);
  });

  it("a morning and an afternoon of the same date pair; anything else on that date collides", () => {
    expect(spansOverlap(half("2026-03-02", "morning"), half("2026-03-02", "afternoon"))).toBe(false);
    expect(spansOverlap(half("2026-03-02", "afternoon"), half("2026-03-02", "morning"))).toBe(false);
    expect(spansOverlap(half("2026-03-02", "morning"), half("2026-03-02", "morning"))).toBe(true);
    expect(spansOverlap(half("2026-03-02", "morning"), full("2026-03-02"))).toBe(true);
    expect(spansOverlap(full("2026-03-01", "2026-03-03"), half("2026-03-02", "afternoon"))).toBe(true);
    expect(spansOverlap(half("2026-03-02", "morning"), half("2026-03-03", "morning"))).toBe(false);
  });
});

describe("canTransition", () => {
  const { cancel, request, approve, reject } = LeaveStatus;
  it("allows exactly the documented moves", () => {
    const allowed: string[] = [];
    for (const from of [cancel, request, approve, reject]) {
      for (const to of [cancel, request, approve, reject]) {
        for (const by of ["employee", "admin"] as const) {
          if (canTransition(from, to, by)) allowed.push(`${from}→${to} ${by}`);
        }
      }
    }
    expect(allowed.sort()).toEqual(["1→0 admin", "1→0 employee", "1→2 admin", "1→3 admin", "2→0 admin"]);
  });
});

describe("quotas", () => {
  const s = { ...LEAVE_SETTING_DEFAULTS };

  it("business and sick leave follow the settings whatever the service", () => {
    expect(defaultQuota(typeOf(1), 2026, "2026-06-01", s)).toBe(3);
    expect(defaultQuota(typeOf(2), 2026, "2026-06-01", s)).toBe(30);
    expect(defaultQuota({ ...typeOf(2), quota_days: 45 }, 2026, null, s)).toBe(45);
  });

  it("a per-event type's quota is its own; sterilisation has none (as the certificate says)", () => {
    expect(defaultQuota(typeOf(4), 2026, "2026-06-01", s)).toBe(120);
    expect(defaultQuota(typeOf(8), 2026, "2026-06-01", s)).toBeNull();
    expect(balanceOf(8, null, 2, 1)).toEqual({ type: 8, quota: null, used: 2, pending: 1, remaining: null });
  });

  it("vacation comes with one year of service: none in a year wholly inside the first year", () => {
    expect(vacationEntitlement(2026, "2026-03-10", s)).toBe(0);
    expect(vacationEntitlement(2025, "2026-03-10", s)).toBe(0);
    expect(vacationEntitlement(2027, "2026-03-10", s)).toBe(6);
    expect(vacationEntitlement(2028, "2026-03-10", s)).toBe(6);
    expect(vacationEntitlement(2026, "2020-01-01", s)).toBe(6);
    expect(vacationEntitlement(2026, null, s)).toBe(6);
  });

  it("pro-rata in the first year counts the months served, rounded down to a half day", () => {
    const p = { ...s, leave_vacation_prorata: true };
    expect(vacationEntitlement(2026, "2026-01-15", p)).toBe(6);
    expect(vacationEntitlement(2026, "2026-07-01", p)).toBe(3);
    expect(vacationEntitlement(2026, "2026-10-01", p)).toBe(1.5);
    expect(vacationEntitlement(2026, "2026-12-20", p)).toBe(0.5);
    expect(vacationEntitlement(2027, "2026-12-20", p)).toBe(6);
  });

  it("a 29 February start has its anniversary on 28 February", () => {
    expect(firstAnniversary("2024-02-29")).toBe("2025-02-28");
    expect(firstAnniversary("2025-12-31")).toBe("2026-12-31");
  });

  it("carry-over is what was left, capped, never negative, off at 0", () => {
    expect(carriedVacation(6, 2, 3)).toBe(3);
    expect(carriedVacation(6, 4.5, 3)).toBe(1.5);
    expect(carriedVacation(6, 8, 3)).toBe(0);
    expect(carriedVacation(6, 0, 0)).toBe(0);
  });

  it("remaining = quota − used − pending, and may go below zero", () => {
    expect(balanceOf(1, 3, 1, 0.5)).toEqual({ type: 1, quota: 3, used: 1, pending: 0.5, remaining: 1.5 });
    expect(balanceOf(1, 3, 3, 1).remaining).toBe(-1);
  });
});

describe("needsCertificate", () => {
  it("asks for a certificate from 3 working days of sick leave, from the first day of child care, never for business leave", () => {
    expect(needsCertificate(typeOf(2), 2.5)).toBe(false);
    expect(needsCertificate(typeOf(2), 3)).toBe(true);
    expect(needsCertificate(typeOf(1), 5)).toBe(false);
    expect(needsCertificate(typeOf(3), 5)).toBe(false);
    expect(needsCertificate(typeOf(6), 1)).toBe(true);
    expect(certificateMessage(typeOf(2))).toBe("ลาป่วยตั้งแต่ 3 วันขึ้นไป กรุณาแนบใบรับรองแพทย์ หรือเขียนคำชี้แจง");
  });
});
