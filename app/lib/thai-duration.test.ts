import { formatSecondsThai } from "./thai-duration";

test("seconds in Thai words, to the minute", () => {
  expect(formatSecondsThai(0)).toBe("ไม่ถึง 1 นาที");
  expect(formatSecondsThai(59)).toBe("ไม่ถึง 1 นาที");
  expect(formatSecondsThai(60)).toBe("1 นาที");
  expect(formatSecondsThai(301)).toBe("5 นาที");
  expect(formatSecondsThai(3600)).toBe("1 ชั่วโมง");
  expect(formatSecondsThai(2 * 3600 + 5 * 60 + 30)).toBe("2 ชั่วโมง 5 นาที");
  expect(formatSecondsThai(86_400)).toBe("1 วัน");
  expect(formatSecondsThai(3 * 86_400 + 4 * 3600 + 120)).toBe("3 วัน 4 ชั่วโมง");
  expect(formatSecondsThai(-5)).toBe("ไม่ถึง 1 นาที");
});
