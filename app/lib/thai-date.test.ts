import {
  businessDate,
  dayjs,
  formatThaiDate,
  formatThaiDateLong,
  formatThaiMonth,
  formatThaiDateTime,
  setAppTimeZone,
  startOfWeek,
} from "./thai-date";

describe("Thai dates", () => {
  test("formats with Buddhist Era years and Thai month names", () => {
    expect(formatThaiDate("2026-11-21")).toBe("21 พ.ย. 2569");
    expect(formatThaiDateLong("2026-11-21")).toBe("21 พฤศจิกายน 2569");
    expect(formatThaiMonth("2026-03")).toBe("มีนาคม 2569");
    expect(formatThaiMonth("2027-01")).toBe("มกราคม 2570");
    expect(formatThaiDate("2024-01-01")).toBe("1 ม.ค. 2567");
  });

  test("an instant is shown in Asia/Bangkok time, whatever the server's zone", () => {
    // 2026-11-21 20:30 UTC is 03:30 on the 22nd in Bangkok.
    const instant = new Date("2026-11-21T20:30:00Z");
    expect(formatThaiDateTime(instant)).toBe("22 พ.ย. 2569 03:30");
    expect(businessDate(instant)).toBe("2026-11-22");
  });

  test("today in Bangkok changes at Bangkok midnight, not UTC midnight", () => {
    expect(businessDate(new Date("2026-11-21T16:59:59Z"))).toBe("2026-11-21");
    expect(businessDate(new Date("2026-11-21T17:00:00Z"))).toBe("2026-11-22");
  });

  test("the app's zone, once set, is every helper's default; a calendar date never shifts", () => {
    const instant = new Date("2026-11-21T15:30:00Z");
    try {
      setAppTimeZone("Asia/Tokyo");
      expect(formatThaiDateTime(instant)).toBe("22 พ.ย. 2569 00:30");
      expect(businessDate(instant)).toBe("2026-11-22");
      expect(formatThaiDate("2026-11-21")).toBe("21 พ.ย. 2569");
      expect(formatThaiDateTime(instant, "Asia/Bangkok")).toBe("21 พ.ย. 2569 22:30");
    } finally {
      setAppTimeZone("Asia/Bangkok");
    }
    expect(formatThaiDateTime(instant)).toBe("21 พ.ย. 2569 22:30");
  });

  test("weeks start on Monday in the th locale", () => {
    // 2026-11-22 is a Sunday; its week began on Monday the 16th.
    expect(startOfWeek("2026-11-22")).toBe("2026-11-16");
    expect(startOfWeek("2026-11-16")).toBe("2026-11-16");
    expect(dayjs("2026-11-19").locale("th").startOf("week").day()).toBe(1);
  });
});
