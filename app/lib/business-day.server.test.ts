import { workDate } from "./business-day.server";
import { resetEnvCache } from "./env.server";

// 2026-11-21 23:59 and 2026-11-22 00:01 in Bangkok (UTC+7).
const BEFORE_MIDNIGHT = new Date("2026-11-21T16:59:00Z");
const AFTER_MIDNIGHT = new Date("2026-11-21T17:01:00Z");

const originalTz = process.env.TZ;

afterEach(() => {
  delete process.env.APP_TIMEZONE;
  resetEnvCache();
});

afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

// Node applies a TZ assigned at run time to every later Date; the offsets prove it took effect.
describe.each([
  { tz: "UTC", offset: 0 },
  { tz: "America/New_York", offset: 300 },
])("workDate with the process in $tz", ({ tz, offset }) => {
  beforeEach(() => {
    process.env.TZ = tz;
    expect(new Date(2026, 10, 21, 12).getTimezoneOffset()).toBe(offset);
  });

  test("23:59 and 00:01 Bangkok time fall on consecutive work dates", () => {
    expect(workDate(BEFORE_MIDNIGHT)).toBe("2026-11-21");
    expect(workDate(AFTER_MIDNIGHT)).toBe("2026-11-22");
  });

  test("the process's own midnight is not the boundary", () => {
    // 2026-11-22 03:00 UTC is 22:00 on the 21st in New York, 10:00 on the 22nd in Bangkok.
    expect(workDate(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-22");
    // 2026-11-21 00:30 UTC is 07:30 on the 21st in Bangkok.
    expect(workDate(new Date("2026-11-21T00:30:00Z"))).toBe("2026-11-21");
  });

  test("APP_TIMEZONE=Asia/Tokyo moves the boundary to Tokyo midnight", () => {
    process.env.APP_TIMEZONE = "Asia/Tokyo";
    resetEnvCache();
    // 23:59 Bangkok is 01:59 the next day in Tokyo (UTC+9).
    expect(workDate(BEFORE_MIDNIGHT)).toBe("2026-11-22");
    expect(workDate(new Date("2026-11-21T14:59:00Z"))).toBe("2026-11-21");
    expect(workDate(new Date("2026-11-21T15:01:00Z"))).toBe("2026-11-22");
  });

});
