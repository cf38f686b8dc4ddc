import { describe, expect, it } from "vitest";
import { ATTENDANCE_SETTING_DEFAULTS } from "./settings";
import { dayThresholds, ledgerDay, type DayRules, type LedgerInput, type LedgerRecord } from "./ledger-day";

// Night shifts and the overtime split (Labour Protection Act s.61–63): what the ledger counts
// from an accepted check-in and check-out, the schedule's hours and the approved windows.

const TZ = "Asia/Bangkok";
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const office: DayRules = {
  ...ATTENDANCE_SETTING_DEFAULTS,
  work_start: "08:30",
  work_end: "17:30",
  break_start: "12:00",
  break_end: "13:00",
  late_grace_minutes: 0,
  early_grace_minutes: 0,
  work_days: [1, 2, 3, 4, 5],
};
const night: DayRules = { ...office, work_start: "22:00", work_end: "06:00", break_start: "02:00", break_end: "02:30", work_days: [1, 2, 3, 4, 5] };
const WED = "2026-11-18";
const THU = "2026-11-19";
const SAT = "2026-11-21";

const record = (checkin: Date | null, checkout: Date | null): LedgerRecord => ({
  checkinAt: checkin,
  checkoutAt: checkout,
  checkinReview: "none",
  checkoutReview: "none",
});
const day = (over: Partial<LedgerInput>) =>
  ledgerDay({ date: WED, rules: office, holiday: null, leave: null, record: null, now: at("2026-11-25", "09:00"), timeZone: TZ, ...over });

describe("a night shift (22:00–06:00)", () => {
  it("counts a 22:05 check-in 5 minutes late and the 06:10 check-out the next morning as the shift's work date", () => {
    const result = day({ rules: night, record: record(at(WED, "22:05"), at(THU, "06:10")) });
    expect(result).toMatchObject({ status: "late", lateMinutes: 5, earlyMinutes: 0 });
    expect(result.scheduledMinutes).toBe(450); // 8 h less the 30-minute break
    expect(result.workedMinutes).toBe(485 - 30);
  });

  it("is not absent before the shift ends the next morning, and not missing its check-out until 6 hours after", () => {
    expect(day({ rules: night, now: at(THU, "03:00") })).toMatchObject({ status: "absent", absentFraction: 0 });
    expect(day({ rules: night, now: at(THU, "06:01") })).toMatchObject({ status: "absent", absentFraction: 1 });
    const open = record(at(WED, "21:58"), null);
    expect(day({ rules: night, record: open, now: at(THU, "11:59") }).status).toBe("present");
    expect(day({ rules: night, record: open, now: at(THU, "12:00") }).status).toBe("missing_checkout");
  });

  it("goes stale at the next morning's end and at the missing-check-out time", () => {
    const thresholds = dayThresholds(WED, night, TZ);
    expect(thresholds).toContain(at(THU, "06:00").getTime());
    expect(thresholds).toContain(at(THU, "12:00").getTime());
  });

  it("counts an early leave against the next morning's end", () => {
    expect(day({ rules: night, record: record(at(WED, "22:00"), at(THU, "05:00")) })).toMatchObject({ status: "early_leave", earlyMinutes: 60 });
  });
});

describe("overtime", () => {
  it("counts approved 17:30–20:00 on a working day as 150 minutes at 1.5×, not the minutes outside the window", () => {
    const result = day({ record: record(at(WED, "08:20"), at(WED, "20:10")), overtime: [{ start: "17:30", end: "20:00" }] });
    expect(result).toMatchObject({ status: "present", overtimeMinutes: 150, holidayWorkMinutes: 0, holidayOvertimeMinutes: 0 });
  });

  it("counts nothing without an approved window, and only what was worked inside one", () => {
    expect(day({ record: record(at(WED, "08:20"), at(WED, "20:10")) }).overtimeMinutes).toBe(0);
    expect(day({ record: record(at(WED, "08:20"), at(WED, "19:00")), overtime: [{ start: "17:30", end: "20:00" }] }).overtimeMinutes).toBe(90);
  });

  it("does not count a window inside the day's hours as overtime, nor two overlapping windows twice", () => {
    const windows = [
      { start: "16:00", end: "19:00" },
      { start: "18:00", end: "20:00" },
    ];
    expect(day({ record: record(at(WED, "08:30"), at(WED, "20:00")), overtime: windows }).overtimeMinutes).toBe(150);
  });

  it("splits a public holiday worked 09:00–20:00 into 8 h of holiday work and 2 h at 3× with overtime approved to 20:00", () => {
    const hours: DayRules = { ...office, work_start: "09:00", work_end: "18:00" };
    const result = day({
      rules: hours,
      holiday: { date: WED, name: "วันปิยมหาราช" },
      record: record(at(WED, "09:00"), at(WED, "20:00")),
      overtime: [{ start: "18:00", end: "20:00" }],
    });
    expect(result).toMatchObject({ status: "present", holidayWorkMinutes: 480, holidayOvertimeMinutes: 120, overtimeMinutes: 0, lateMinutes: 0 });
  });

  it("counts a day off's work within the schedule's hours as holiday work", () => {
    const result = day({ date: SAT, record: record(at(SAT, "10:00"), at(SAT, "15:00")) });
    expect(result).toMatchObject({ status: "present", holidayWorkMinutes: 240, holidayOvertimeMinutes: 0 });
  });

  it("puts a window after a night shift on the next morning", () => {
    const result = day({ rules: night, record: record(at(WED, "22:00"), at(THU, "08:00")), overtime: [{ start: "06:00", end: "08:00" }] });
    expect(result.overtimeMinutes).toBe(120);
  });
});
