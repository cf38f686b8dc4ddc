import { thaiDecimal, thaiNumber } from "./thai-number";

test("thaiNumber and thaiDecimal write what toLocaleString writes for th-TH", () => {
  for (const n of [0, 0.5, 1, 1.25, 1.26, 12.05, 999.95, 1234, 1234.5, 1_000_000, -3.5, -0]) {
    expect(thaiNumber(n), String(n)).toBe(n.toLocaleString("th-TH"));
    expect(thaiDecimal(n), String(n)).toBe(n.toLocaleString("th-TH", { maximumFractionDigits: 1 }));
  }
  expect(thaiNumber(1234567)).toBe("1,234,567");
  expect(thaiDecimal(2.5)).toBe("2.5");
});
