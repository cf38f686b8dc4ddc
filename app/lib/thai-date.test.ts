import {
  businessDate,
  clockFormatter,
  clockTimeOf,
  dayjs,
  formatThaiDate,
  formatThaiDateLong,
  formatThaiMonth,
  formatThaiDateTime,
  setAppTimeZone,
  startOfWeek,
  zonedTime,
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

  test("the formats agree with dayjs's for every kind of value, across zones and daylight-saving changes", () => {
    const instants = ["2026-11-23T16:59:00Z", "2026-11-23T17:00:00Z", "2026-03-08T06:59:00Z", "2026-03-08T07:00:00Z", "2027-01-01T00:00:00+07:00"];
    for (const iso of instants) {
      for (const tz of ["Asia/Bangkok", "America/New_York", "Asia/Kathmandu", "UTC"]) {
        const zoned = dayjs(iso).tz(tz).locale("th");
        for (const value of [iso, new Date(iso), Date.parse(iso), dayjs(iso)]) {
          expect(formatThaiDateTime(value, tz), `${iso} ${tz}`).toBe(zoned.format("D MMM BBBB HH:mm"));
          expect(formatThaiDate(value, tz)).toBe(zoned.format("D MMM BBBB"));
          expect(formatThaiDateLong(value, tz)).toBe(zoned.format("D MMMM BBBB"));
        }
      }
    }
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, "0")}-09`;
      expect(formatThaiDate(date)).toBe(dayjs(date).locale("th").format("D MMM BBBB"));
      expect(formatThaiDateLong(date)).toBe(dayjs(date).locale("th").format("D MMMM BBBB"));
    }
    expect(formatThaiDateTime("2026-11-21")).toBe("21 พ.ย. 2569 00:00");
    expect(formatThaiDate("not a date")).toBe(dayjs("not a date").format("D MMM BBBB"));
  });

  test("weeks start on Monday in the th locale", () => {
    // 2026-11-22 is a Sunday; its week began on Monday the 16th.
    expect(startOfWeek("2026-11-22")).toBe("2026-11-16");
    expect(startOfWeek("2026-11-16")).toBe("2026-11-16");
    expect(dayjs("2026-11-19").locale("th").startOf("week").day()).toBe(1);
  });
});

describe("clockFormatter", () => {
  test("agrees with clockTimeOf minute by minute (a Date or epoch ms), in zones with 45- and 30-minute offsets and their daylight-saving changes", () => {
    const zones = ["Asia/Bangkok", "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe", "Europe/London", "Pacific/Chatham"];
    // Around each 2026 change of those zones, and an ordinary day.
    const spans = ["2026-03-08T00:00:00Z", "2026-03-29T00:00:00Z", "2026-04-04T12:00:00Z", "2026-11-01T00:00:00Z", "2026-10-03T12:00:00Z", "2026-11-23T00:00:00Z"];
    for (const tz of zones) {
      const clock = clockFormatter(tz);
      for (const from of spans) {
        const start = Date.parse(from);
        for (let m = 0; m < 36 * 60; m += 7) {
          const at = new Date(start + m * 60_000 + 13_000);
          expect(clock(at), `${tz} ${at.toISOString()}`).toBe(clockTimeOf(at, tz));
          expect(clock(at.getTime()), `${tz} ${at.toISOString()} as epoch ms`).toBe(clockTimeOf(at, tz));
        }
      }
    }
    expect(clockFormatter("Asia/Bangkok")(null)).toBe("");
    expect(clockFormatter("Asia/Bangkok")(0)).toBe("07:00");
  });
});

describe("clockTimeOf", () => {
  test("the wall-clock time in the zone, 24-hour, midnight as 00:00", () => {
    expect(clockTimeOf("2026-11-23T01:42:00.000Z", "Asia/Bangkok")).toBe("08:42");
    expect(clockTimeOf("2026-11-23T17:00:00.000Z", "Asia/Bangkok")).toBe("00:00");
    expect(clockTimeOf(Date.UTC(2026, 10, 23, 13, 5), "America/New_York")).toBe("08:05");
    expect(clockTimeOf(new Date("2026-11-23T23:59:00.000Z"), "UTC")).toBe("23:59");
  });

  test("businessDate agrees with dayjs for instants across zones and DST", () => {
    for (const iso of ["2026-11-23T16:59:00Z", "2026-11-23T17:00:00Z", "2026-03-08T06:59:00Z", "2026-03-08T07:00:00Z"]) {
      for (const tz of ["Asia/Bangkok", "America/New_York", "Asia/Tokyo", "UTC"]) {
        expect(businessDate(iso, tz), `${iso} ${tz}`).toBe(dayjs(iso).tz(tz).format("YYYY-MM-DD"));
      }
    }
  });
});

describe("zonedTime", () => {
  const wall = (ms: number, tz: string) => dayjs(ms).tz(tz).format("YYYY-MM-DD HH:mm");

  it("is the instant of a wall-clock time in the zone", () => {
    expect(zonedTime("2026-11-26", "08:30", "Asia/Bangkok").toISOString()).toBe("2026-11-26T01:30:00.000Z");
    expect(zonedTime("2026-11-26", "00:00", "Asia/Bangkok").toISOString()).toBe("2026-11-25T17:00:00.000Z");
    expect(zonedTime("2026-07-01", "17:30", "America/New_York").toISOString()).toBe("2026-07-01T21:30:00.000Z");
    expect(zonedTime("2026-01-15", "17:30", "America/New_York").toISOString()).toBe("2026-01-15T22:30:00.000Z");
  });

  it("moves a time that a clock change skips forward by the gap, as dayjs does", () => {
    // New York skips 02:00–03:00 on 8 March 2026.
    expect(zonedTime("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(wall(zonedTime("2026-03-08", "02:30", "America/New_York").getTime(), "America/New_York")).toBe("2026-03-08 03:30");
  });

  it("equals dayjs.tz every quarter hour of clock-change days and ordinary days in many zones", () => {
    const zones = ["Asia/Bangkok", "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "America/Sao_Paulo"];
    const dates = ["2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-04-05", "2026-10-04", "2026-11-26", "2024-02-29", "2000-01-01", "1999-12-31"];
    let compared = 0;
    let twice = 0;
    for (const tz of zones) {
      for (const date of dates) {
        for (let q = 0; q < 96; q++) {
          const hhmm = `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`;
          const ours = zonedTime(date, hhmm, tz).getTime();
          const theirs = dayjs.tz(`${date}T${hhmm}:00`, tz).valueOf();
          compared++;
          if (ours === theirs) continue;
          // A time the clock passes twice has two instants; dayjs picks by today's offset.
          twice++;
          expect(wall(ours, tz), `${date} ${hhmm} ${tz}`).toBe(`${date} ${hhmm}`);
          expect(wall(theirs, tz), `${date} ${hhmm} ${tz}`).toBe(`${date} ${hhmm}`);
        }
      }
    }
    expect(compared).toBe(zones.length * dates.length * 96);
    expect(twice).toBeLessThan(20);
  });

  it("falls back to dayjs for what the fast path does not read", () => {
    expect(zonedTime("2026-11-26", "8:30", "Asia/Bangkok").getTime()).toBe(dayjs.tz("2026-11-26T8:30:00", "Asia/Bangkok").valueOf());
  });
});
