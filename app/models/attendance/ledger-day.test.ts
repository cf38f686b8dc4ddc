import { describe, expect, it } from "vitest";
import { ATTENDANCE_SETTING_DEFAULTS } from "./settings";
import { absentSoFar, freshUntil, ledgerDay, type LedgerInput, type LedgerRecord } from "./ledger-day";

const TZ = "Asia/Bangkok";
const rules = {
  ...ATTENDANCE_SETTING_DEFAULTS,
  work_start: "08:30",
  break_start: "12:00",
  break_end: "13:00",
  work_end: "17:30",
};
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const DAY = "2026-11-18"; // a Wednesday
const LATER = at("2026-11-19", "09:00");

const record = (checkin: string | null, checkout: string | null, review: Partial<LedgerRecord> = {}): LedgerRecord => ({
  checkinAt: checkin ? at(DAY, checkin) : null,
  checkoutAt: checkout ? at(DAY, checkout) : null,
  checkinReview: "none",
  checkoutReview: "none",
  ...review,
});

const day = (over: Partial<LedgerInput>) =>
  ledgerDay({ date: DAY, rules, holiday: null, leave: null, record: null, now: LATER, timeZone: TZ, ...over });

const morning = { part: "morning" as const, type: 2, label: "ลาป่วย" };
const afternoon = { part: "afternoon" as const, type: 1, label: "ลากิจ" };

describe("ledgerDay", () => {
  it("counts late from the afternoon's start under approved morning leave (12:55 is not late)", () => {
    const result = day({ leave: morning, record: record("12:55", "17:40") });
    expect(result).toMatchObject({ status: "present", lateMinutes: 0, leaveFraction: 0.5, leaveHalf: "morning", absentFraction: 0 });
    expect(result.scheduledMinutes).toBe(270);
    expect(result.workedMinutes).toBe(280); // 12:55–17:40 less the 5 break minutes it spans
    expect(day({ leave: morning, record: record("13:20", "17:40") }).lateMinutes).toBe(20);
  });

  it("counts early from the break's start under approved afternoon leave (12:55 is not early)", () => {
    const result = day({ leave: afternoon, record: record("08:20", "12:05") });
    expect(result).toMatchObject({ status: "present", earlyMinutes: 0, lateMinutes: 0, scheduledMinutes: 210 });
    expect(day({ leave: afternoon, record: record("08:20", "11:30") })).toMatchObject({ status: "early_leave", earlyMinutes: 30 });
  });

  it("counts no lateness on a public holiday and says it was worked", () => {
    const result = day({ holiday: { date: DAY, name: "วันหยุดบริษัท" }, record: record("10:00", "15:00") });
    expect(result).toMatchObject({ status: "present", lateMinutes: 0, earlyMinutes: 0, holidayDate: DAY, scheduledMinutes: 0 });
    expect(result.reason).toContain("ทำงานวันหยุด");
    expect(result.workedMinutes).toBe(240);
  });

  it("makes a morning's leave with no show in the afternoon half leave and half absence", () => {
    const result = day({ leave: morning });
    expect(result).toMatchObject({ status: "absent", leaveFraction: 0.5, absentFraction: 0.5 });
    expect(result.reason).toContain("ลาครึ่งวันเช้า");
    expect(result.reason).toContain("ขาดงานครึ่งวันบ่าย");
  });

  it("keeps the half day 'not yet' while its working half lasts", () => {
    const result = day({ leave: morning, now: at(DAY, "15:00") });
    expect(result).toMatchObject({ status: "leave", absentFraction: 0, leaveFraction: 0.5 });
    const plain = day({ now: at(DAY, "10:00") });
    expect(plain).toMatchObject({ status: "absent", absentFraction: 0 });
    expect(absentSoFar(plain)).toBe(true);
    expect(absentSoFar(day({}))).toBe(false);
  });

  it("rejects the check-out on its own: the check-in stands and the day misses its check-out", () => {
    const result = day({ record: record("08:20", "17:40", { checkoutReview: "rejected" }) });
    expect(result).toMatchObject({ status: "missing_checkout", checkinReview: "none", checkoutReview: "rejected", absentFraction: 0, workedMinutes: 0 });
  });

  it("rejects the check-in on its own: an absence that says why", () => {
    const result = day({ record: record("08:20", "17:40", { checkinReview: "rejected", checkoutReview: "accepted" }) });
    expect(result).toMatchObject({ status: "absent", absentFraction: 1 });
    expect(result.reason).toContain("การลงเวลาเข้าไม่ผ่านการตรวจสอบ");
  });

  it("counts worked minutes less the break and late and early with the grace", () => {
    const result = day({ rules: { ...rules, late_grace_minutes: 10 }, record: record("08:40", "17:00") });
    expect(result).toMatchObject({ status: "early_leave", lateMinutes: 0, earlyMinutes: 30, workedMinutes: 440, scheduledMinutes: 480 });
    expect(day({ rules: { ...rules, late_grace_minutes: 10 }, record: record("08:41", "17:30") })).toMatchObject({ status: "late", lateMinutes: 11 });
  });

  it("gives day off and holiday rows nothing to count", () => {
    expect(day({ date: "2026-11-21" })).toMatchObject({ status: "day_off", scheduledMinutes: 0, absentFraction: 0 });
    expect(day({ holiday: { date: DAY, name: "วันพ่อ" }, leave: morning })).toMatchObject({ status: "holiday", leaveFraction: 0, absentFraction: 0 });
  });

  it("goes stale at the day's clock thresholds and is settled the day after", () => {
    expect(freshUntil(DAY, rules, at(DAY, "09:00"), TZ)).toBe(at(DAY, "12:00").getTime());
    expect(freshUntil(DAY, rules, at(DAY, "12:00"), TZ)).toBe(at(DAY, "17:30").getTime());
    expect(freshUntil(DAY, rules, at(DAY, "23:30"), TZ)).toBe(at("2026-11-19", "00:00").getTime());
    expect(freshUntil(DAY, rules, LATER, TZ)).toBeNull();
  });
});
