import { missingGlyphs, textPath } from "./text-path.server";

const subpaths = (d: string) => d.match(/M/g)?.length ?? 0;

describe("textPath", () => {
  test.each(["ลงเวลา", "ลางาน", "ตู้", "หน้าหลัก"])("draws %s as non-empty path data with every glyph", (text) => {
    const { d, width } = textPath(text, { cx: 100, baseline: 100, size: 100 });
    expect(width).toBeGreaterThan(0);
    expect(d).not.toMatch(/NaN|undefined|Infinity/);
    // Each character, marks included, has at least one contour of its own.
    expect(subpaths(d)).toBeGreaterThanOrEqual([...text].length);
  });

  test("keeps the marks of ตู้ (a base with a mark below and a tone mark above)", () => {
    const base = textPath("ต", { cx: 0, baseline: 100, size: 100 }).d;
    const full = textPath("ตู้", { cx: 0, baseline: 100, size: 100 }).d;
    const ys = (d: string) => [...d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0])).filter((_, i) => i % 2 === 1);
    // The tone mark reaches above the consonant, the vowel below the baseline.
    expect(Math.min(...ys(full))).toBeLessThan(Math.min(...ys(base)) - 5);
    expect(Math.max(...ys(full))).toBeGreaterThan(100);
  });

  test("centres the text on cx", () => {
    const { d, width } = textPath("หน้าหลัก", { cx: 500, baseline: 100, size: 100 });
    const xs = [...d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0])).filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(500 - width / 2 - 5);
    expect(Math.max(...xs)).toBeLessThanOrEqual(500 + width / 2 + 5);
  });

  test("refuses characters the Thai font has no glyph for instead of drawing boxes", () => {
    expect(missingGlyphs("ตู้ A")).toEqual(["A"]);
    expect(() => textPath("Menu", { cx: 0, baseline: 0, size: 10 })).toThrow(/No glyph/);
  });
});
