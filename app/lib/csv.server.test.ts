import { neutraliseCell, toCsv } from "./csv.server";

describe("CSV", () => {
  test("starts with a UTF-8 BOM and keeps Thai text intact", () => {
    const csv = toCsv([{ label: "ชื่อ", value: (r: { n: string }) => r.n }], [{ n: "สมชาย" }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("ชื่อ\r\nสมชาย\r\n");
  });

  test("cells that would run as formulas are neutralised", () => {
    for (const evil of ["=1+1", "+66812345678", "-2", "@SUM(A1)", "\t=x"]) {
      expect(neutraliseCell(evil)).toBe(`'${evil}`);
    }
    expect(neutraliseCell("081-234-5678")).toBe("081-234-5678");
  });

  test("quotes commas, quotes and new lines", () => {
    const csv = toCsv([{ label: "a", value: (r: { v: string }) => r.v }], [{ v: 'x, "y"\nz' }]);
    expect(csv).toContain('"x, ""y""\nz"');
  });
});
