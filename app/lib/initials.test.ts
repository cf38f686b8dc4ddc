import { initials } from "./initials";

describe("initials", () => {
  test("takes whole graphemes: emoji, flags, ZWJ sequences and Thai with combining marks", () => {
    expect(initials("😀สมชาย")).toBe("😀");
    expect(initials("👨‍👩‍👧 ครอบครัว")).toBe("👨‍👩‍👧");
    expect(initials("🇹🇭ไทย")).toBe("🇹🇭");
    expect(initials("กี้")).toBe("กี้");
    expect(initials("สมชาย")).toBe("ส");
    expect(initials("e2e-admin", 2)).toBe("e2");
  });

  test("never returns half a surrogate pair", () => {
    const first = initials("😀x");
    expect(first).toBe("😀");
    expect(/[\uD800-\uDFFF]/.test(first.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""))).toBe(false);
  });

  test("falls back to code points when Intl.Segmenter is missing", () => {
    const segmenter = Intl.Segmenter;
    Object.defineProperty(Intl, "Segmenter", { value: undefined, configurable: true, writable: true });
    try {
      expect(initials("😀สมชาย")).toBe("😀");
      expect(initials("  ab", 2)).toBe("ab");
    } finally {
      Object.defineProperty(Intl, "Segmenter", { value: segmenter, configurable: true, writable: true });
    }
  });

  test("an empty or blank name gives an empty string", () => {
    expect(initials("")).toBe("");
    expect(initials("   ")).toBe("");
  });
});
