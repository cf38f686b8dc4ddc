import { ledgerDay, type LedgerInput, type LedgerLeave, type LedgerRecord } from "./ledger-day";
import { isoWeekday, type LeavePart, type StatusSettings } from "./status";

// ledgerDay's status and reason, case by case (the minute counts are in ledger-day.test.ts).

const TZ = "Asia/Bangkok";
const settings = {
  work_start: "08:30",
  work_end: "17:30",
  break_start: "12:00",
  break_end: "13:00",
  late_grace_minutes: 5,
  early_grace_minutes: 0,
  missing_checkout_hour: 23,
};

const DATE = "2026-11-23"; // a Monday
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

type Review = LedgerRecord["checkinReview"];
type RecordOver = { checkinAt?: Date | null; checkoutAt?: Date | null; reviewStatus?: Review };

const record = (over: RecordOver = {}): LedgerRecord => {
  const review = over.reviewStatus ?? "none";
  return {
    checkinAt: over.checkinAt === undefined ? at(DATE, "08:25") : over.checkinAt,
    checkoutAt: over.checkoutAt === undefined ? at(DATE, "17:35") : over.checkoutAt,
    checkinReview: review,
    checkoutReview: review,
  };
};

type StatusOver = Partial<Omit<LedgerInput, "rules" | "holiday" | "leave">> & {
  settings?: StatusSettings;
  workDay?: boolean;
  holiday?: { name: string } | null;
  leave?: { part: LeavePart; type?: string | null } | null;
};

const status = ({ settings: s = settings, workDay = true, holiday, leave, ...over }: StatusOver) => {
  const date = over.date ?? DATE;
  const l: LedgerLeave | null = leave ? { part: leave.part, type: null, label: leave.type ?? null } : null;
  const { status: st, reason } = ledgerDay({
    date,
    record: null,
    rules: { ...s, work_days: workDay ? [1, 2, 3, 4, 5, 6, 7] : [] },
    holiday: holiday ? { date, name: holiday.name } : null,
    leave: l,
    now: at("2026-11-24", "09:00"),
    timeZone: TZ,
    ...over,
  });
  return { status: st, reason };
};

describe("ledgerDay: status and reason", () => {
  it("present: in and out on time", () => {
    expect(status({ record: record() })).toEqual({ status: "present", reason: "ตรงเวลา" });
  });

  it("late: the record's late minutes, in Thai", () => {
    expect(status({ record: record({ checkinAt: at(DATE, "08:42") }) })).toEqual({
      status: "late",
      reason: "สาย 12 นาที",
    });
  });

  it("late and early at once stays late, with both in the reason", () => {
    expect(status({ record: record({ checkinAt: at(DATE, "08:42"), checkoutAt: at(DATE, "17:00") }) })).toEqual({
      status: "late",
      reason: "สาย 12 นาที, ออกก่อนเวลา 30 นาที",
    });
  });

  it("early_leave: the record's early minutes", () => {
    expect(status({ record: record({ checkoutAt: at(DATE, "17:00") }) })).toEqual({
      status: "early_leave",
      reason: "ออกก่อนเวลา 30 นาที",
    });
  });

  it("absent: a past work day with no record", () => {
    expect(status({})).toEqual({ status: "absent", reason: "ขาดงาน" });
  });

  it("absent today before work ends says the check-in is still awaited", () => {
    expect(status({ now: at(DATE, "10:00") })).toEqual({ status: "absent", reason: "ยังไม่ได้ลงเวลาเข้า" });
    expect(status({ now: at(DATE, "18:00") })).toEqual({ status: "absent", reason: "ขาดงาน" });
  });

  it("a date not begun yet is only 'not yet' (the ledger holds no later date than today)", () => {
    expect(status({ now: at("2026-11-22", "10:00") }).reason).toBe("ยังไม่ได้ลงเวลาเข้า");
  });

  it("a rejected check-in counts as absent", () => {
    expect(status({ record: record({ reviewStatus: "rejected" }) })).toEqual({
      status: "absent",
      reason: "ขาดงาน (การลงเวลาเข้าไม่ผ่านการตรวจสอบ)",
    });
  });

  it("a pending or accepted review does not change the status", () => {
    expect(status({ record: record({ reviewStatus: "pending" }) }).status).toBe("present");
    expect(status({ record: record({ reviewStatus: "accepted", checkinAt: at(DATE, "08:36") }) }).status).toBe("late");
  });

  it("leave: full, morning and afternoon leave without a record", () => {
    expect(status({ leave: { part: "full", type: "ลาป่วย" } })).toEqual({ status: "leave", reason: "ลาทั้งวัน (ลาป่วย)" });
    // A half day's other half with no show, once it is over, is half a day's absence.
    expect(status({ leave: { part: "morning" } })).toEqual({ status: "absent", reason: "ลาครึ่งวันเช้า, ขาดงานครึ่งวันบ่าย" });
    expect(status({ leave: { part: "afternoon" } })).toEqual({ status: "absent", reason: "ลาครึ่งวันบ่าย, ขาดงานครึ่งวันเช้า" });
    expect(status({ leave: { part: "morning" }, now: at(DATE, "15:00") })).toEqual({ status: "leave", reason: "ลาครึ่งวันเช้า, ยังไม่ได้ลงเวลาเข้า" });
  });

  it("morning leave measures lateness from break_end, with the grace", () => {
    const r = record({ checkinAt: at(DATE, "12:58"), });
    expect(status({ record: r, leave: { part: "morning" } })).toEqual({ status: "present", reason: "ลาครึ่งวันเช้า" });
    const within = record({ checkinAt: at(DATE, "13:05") });
    expect(status({ record: within, leave: { part: "morning" } }).status).toBe("present");
    const late = record({ checkinAt: at(DATE, "13:10") });
    expect(status({ record: late, leave: { part: "morning" } })).toEqual({
      status: "late",
      reason: "สาย 10 นาที, ลาครึ่งวันเช้า",
    });
  });

  it("afternoon leave measures early leave from break_start", () => {
    const r = record({ checkoutAt: at(DATE, "12:01") });
    expect(status({ record: r, leave: { part: "afternoon" } }).status).toBe("present");
    const early = record({ checkoutAt: at(DATE, "11:30") });
    expect(status({ record: early, leave: { part: "afternoon" } })).toEqual({
      status: "early_leave",
      reason: "ออกก่อนเวลา 30 นาที, ลาครึ่งวันบ่าย",
    });
  });

  it("holiday: a holiday with no record, even on a work day", () => {
    expect(status({ holiday: { name: "วันพ่อแห่งชาติ" } })).toEqual({ status: "holiday", reason: "วันหยุด: วันพ่อแห่งชาติ" });
  });

  it("a holiday outranks leave and absence", () => {
    expect(status({ holiday: { name: "วันรัฐธรรมนูญ" }, leave: { part: "full" } }).status).toBe("holiday");
  });

  it("day_off: a day outside work_days with no record", () => {
    expect(status({ workDay: false })).toEqual({ status: "day_off", reason: "วันหยุดประจำสัปดาห์" });
  });

  it("work on a day off or holiday is present", () => {
    expect(status({ workDay: false, record: record({ checkinAt: at(DATE, "08:50") }) })).toEqual({
      status: "present",
      reason: "ทำงานวันหยุดประจำสัปดาห์",
    });
    expect(status({ holiday: { name: "วันพ่อ" }, record: record() }).reason).toBe("ทำงานวันหยุด: วันพ่อ");
  });

  it("missing_checkout: a past day with a check-in and no check-out", () => {
    expect(status({ record: record({ checkoutAt: null }) })).toEqual({
      status: "missing_checkout",
      reason: "ไม่ได้ลงเวลาออก",
    });
  });

  it("missing_checkout outranks lateness and keeps it in the reason", () => {
    expect(status({ record: record({ checkoutAt: null, checkinAt: at(DATE, "08:42") }) })).toEqual({
      status: "missing_checkout",
      reason: "ไม่ได้ลงเวลาออก, สาย 12 นาที",
    });
  });

  it("missing_checkout on the day itself once missing_checkout_hour has come", () => {
    const r = record({ checkoutAt: null });
    expect(status({ record: r, now: at(DATE, "22:59") }).status).toBe("present");
    expect(status({ record: r, now: at(DATE, "23:00") }).status).toBe("missing_checkout");
    const early = { ...settings, missing_checkout_hour: 20 };
    expect(status({ record: r, settings: early, now: at(DATE, "20:00") }).status).toBe("missing_checkout");
  });

  it("missing_checkout on a day off worked", () => {
    expect(status({ workDay: false, record: record({ checkoutAt: null }) })).toEqual({
      status: "missing_checkout",
      reason: "ไม่ได้ลงเวลาออก, ทำงานวันหยุดประจำสัปดาห์",
    });
  });

  it("pending check-out: checked in today before the missing hour is present or late", () => {
    const now = at(DATE, "10:00");
    expect(status({ record: record({ checkoutAt: null }), now })).toEqual({ status: "present", reason: "ยังไม่ลงเวลาออก" });
    expect(status({ record: record({ checkoutAt: null, checkinAt: at(DATE, "08:42") }), now })).toEqual({
      status: "late",
      reason: "สาย 12 นาที, ยังไม่ลงเวลาออก",
    });
  });

  it("uses the zone, not the process clock, for the day boundary", () => {
    // 00:30 Bangkok on the 24th is still the 23rd in UTC: the 23rd's check-out is missing.
    const now = new Date("2026-11-23T17:30:00Z");
    expect(status({ record: record({ checkoutAt: null }), now }).status).toBe("missing_checkout");
  });

  it("the same instant in another zone, or the next minute, is worked out again", () => {
    const open = { record: record({ checkoutAt: null }), settings: { ...settings, missing_checkout_hour: 20 } };
    expect(status({ ...open, now: at(DATE, "19:59") }).status).toBe("present");
    expect(status({ ...open, now: at(DATE, "20:00") }).status).toBe("missing_checkout");
    // 20:00 in Bangkok is 13:00 in UTC: the hour has not come there.
    expect(status({ ...open, now: at(DATE, "20:00"), timeZone: "UTC" }).status).toBe("present");
    expect(status({ ...open, now: at(DATE, "20:00") }).status).toBe("missing_checkout");
  });

  it("isoWeekday counts Monday as 1 and Sunday as 7", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
  });
});
