import { holidayWarnings, substitutionDays } from "./holiday-rules";

const MON_FRI = [1, 2, 3, 4, 5];

describe("substitutionDays", () => {
  it("moves a weekend holiday to the next working day", () => {
    // 2024-02-24 is a Saturday.
    expect(substitutionDays([{ date: "2024-02-24", name: "วันมาฆบูชา" }], MON_FRI)).toEqual([
      { date: "2024-02-26", name: "ชดเชยวันมาฆบูชา", kind: "substitution" },
    ]);
  });

  it("leaves holidays on working days alone", () => {
    expect(substitutionDays([{ date: "2024-05-22", name: "วันวิสาขบูชา" }], MON_FRI)).toEqual([]);
  });

  it("skips days that are already holidays or taken by an earlier substitution", () => {
    // Songkran 2024: Sat 13, Sun 14, Mon 15.
    const songkran = ["2024-04-13", "2024-04-14", "2024-04-15"].map((date) => ({ date, name: "วันสงกรานต์" }));
    expect(substitutionDays(songkran, MON_FRI).map((h) => h.date)).toEqual(["2024-04-16", "2024-04-17"]);
  });

  it("follows the office's own week: Saturday is a working day in a six-day week", () => {
    const songkran = ["2024-04-13", "2024-04-14", "2024-04-15"].map((date) => ({ date, name: "วันสงกรานต์" }));
    expect(substitutionDays(songkran, [1, 2, 3, 4, 5, 6]).map((h) => h.date)).toEqual(["2024-04-16"]);
    // A Sunday-to-Thursday week: Friday and Saturday are off, so Sat 13 moves to Tue 16.
    expect(substitutionDays(songkran, [7, 1, 2, 3, 4]).map((h) => h.date)).toEqual(["2024-04-16"]);
  });

  it("moves a holiday across the new year", () => {
    // 2022-12-31 Sat and 2023-01-01 Sun.
    const days = [
      { date: "2022-12-31", name: "วันสิ้นปี" },
      { date: "2023-01-01", name: "วันขึ้นปีใหม่" },
    ];
    expect(substitutionDays(days, MON_FRI)).toEqual([
      { date: "2023-01-02", name: "ชดเชยวันสิ้นปี", kind: "substitution" },
      { date: "2023-01-03", name: "ชดเชยวันขึ้นปีใหม่", kind: "substitution" },
    ]);
  });

  it("gives one substitution per date, never substitutes a substitution, and keeps its date taken", () => {
    const days = [
      { date: "2024-07-20", name: "วันอาสาฬหบูชา", kind: "public" },
      { date: "2024-07-20", name: "วันพิเศษ", kind: "public" },
      { date: "2024-07-22", name: "ชดเชยวันเดิม", kind: "substitution" },
      { date: "2024-07-27", name: "ชดเชยวันเสาร์", kind: "substitution" },
    ];
    expect(substitutionDays(days, MON_FRI)).toEqual([
      { date: "2024-07-23", name: "ชดเชยวันอาสาฬหบูชา และ วันพิเศษ", kind: "substitution" },
    ]);
  });

  it("gives nothing when no day of the week is a working day", () => {
    expect(substitutionDays([{ date: "2024-02-24", name: "วันมาฆบูชา" }], [])).toEqual([]);
  });
});

describe("holidayWarnings", () => {
  const thirteen = [
    "2027-01-01", "2027-02-21", "2027-04-06", "2027-04-13", "2027-04-14", "2027-04-15", "2027-05-01",
    "2027-05-04", "2027-05-20", "2027-06-03", "2027-07-18", "2027-07-28", "2027-12-05",
  ].map((date) => ({ date, kind: "public" }));

  it("is quiet for 13 days including 1 May", () => {
    expect(holidayWarnings(2027, thirteen)).toEqual([]);
  });

  it("warns when fewer than 13 days remain, not counting substitution days or other years", () => {
    const twelve = [
      ...thirteen.slice(1),
      { date: "2027-02-22", kind: "substitution" },
      { date: "2026-12-31", kind: "public" },
      { date: "2027-05-04", kind: "public" },
    ];
    expect(holidayWarnings(2027, twelve)).toEqual(["ปี 2570 มีวันหยุดตามประเพณี 12 วัน น้อยกว่าที่กฎหมายกำหนด (อย่างน้อย 13 วัน)"]);
  });

  it("warns when National Labour Day is missing", () => {
    const noLabourDay = thirteen.map((h) => (h.date === "2027-05-01" ? { ...h, date: "2027-10-23" } : h));
    expect(holidayWarnings(2027, noLabourDay)).toEqual(["ปี 2570 ไม่มีวันแรงงานแห่งชาติ (1 พฤษภาคม) ซึ่งกฎหมายกำหนดให้เป็นวันหยุด"]);
  });

  it("gives both warnings for an empty year", () => {
    expect(holidayWarnings(2028, [])).toHaveLength(2);
  });
});
