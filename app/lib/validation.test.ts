import { z } from "zod";
import { cleanText, enumInt, hasForbiddenCharacters, idField, isoDate, PageFields } from "./validation";

describe("cleanText", () => {
  const name = cleanText({ label: "ชื่อ", min: 1, max: 40 });
  const message = cleanText({ label: "ข้อความ", min: 1, max: 100, multiline: true });

  const bad: Record<string, string> = {
    "lone high surrogate": "ab\uD83Dcd",
    "lone low surrogate": "\uDE00ชื่อ",
    NUL: "สม\u0000ชาย",
    "C0 control": "สม\u0007ชาย",
    DEL: "สม\u007Fชาย",
    "C1 control": "สม\u0085ชาย",
    "zero-width space": "สม\u200Bชาย",
    "left-to-right mark": "สม\u200Eชาย",
    "right-to-left mark": "สม\u200Fชาย",
    "embedding/override": "สม\u202Eชาย",
    isolate: "สม\u2066ชาย\u2069",
    "word joiner": "สม\u2060ชาย",
    BOM: "\uFEFFสมชาย",
    "stray zero-width joiner": "สม\u200Dชาย",
  };

  test.each(Object.entries(bad))("refuses %s with a Thai message", (_, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("ชื่อมีอักขระที่ใช้ไม่ได้ (อักขระควบคุมหรืออักขระที่มองไม่เห็น) กรุณาพิมพ์ใหม่");
  });

  test("line breaks are refused in a one-line field and allowed where the field is multi-line", () => {
    expect(name.safeParse("บรรทัด\nสอง").success).toBe(false);
    expect(name.safeParse("แท็บ\tหนึ่ง").success).toBe(false);
    expect(message.parse("บรรทัดหนึ่ง\r\nบรรทัดสอง\tจบ")).toBe("บรรทัดหนึ่ง\r\nบรรทัดสอง\tจบ");
    expect(message.safeParse("บรรทัด\u0000").success).toBe(false);
  });

  test.each([
    ["Thai with tone marks and sara am", "น้ำใส ผู้ใหญ่ ก๊กเกี๊ยะ"],
    ["an emoji first", "😀สมชาย"],
    ["a ZWJ family", "👨‍👩‍👧‍👦 ครอบครัว"],
    ["a ZWJ profession with skin tone", "👩🏽‍💻 โปรแกรมเมอร์"],
    ["a variation selector", "❤️ ใจ"],
    ["a ZWJ after VS16", "🏳️‍🌈 สีรุ้ง"],
    ["a flag", "🇹🇭 ไทย"],
    ["a keycap", "1️⃣ หนึ่ง"],
  ])("accepts %s", (_, value) => {
    expect(name.parse(value)).toBe(value.normalize("NFC"));
  });

  test("normalises to NFC and trims, then measures", () => {
    expect(name.parse("  Cafe\u0301 ")).toBe("Café");
    expect(name.safeParse("   ").error?.issues[0].message).toBe("กรุณากรอกชื่อ");
    expect(name.safeParse("ก".repeat(41)).error?.issues[0].message).toBe("ชื่อยาวเกิน 40 ตัวอักษร");
    expect(name.safeParse(42).error?.issues[0].message).toBe("กรุณากรอกชื่อ");
  });

  test("hasForbiddenCharacters agrees", () => {
    expect(hasForbiddenCharacters("ปกติ 😀")).toBe(false);
    expect(hasForbiddenCharacters("a\u202Ab")).toBe(true);
  });
});

describe("idField", () => {
  const id = idField("พนักงาน");
  test("JSON numbers and plain decimal strings", () => {
    expect(id.parse(7)).toBe(7);
    expect(id.parse("12")).toBe(12);
  });
  test.each([true, false, null, [1], {}, "0x3", "1e0", "01", " 1", "1 ", "+1", "-1", "1.5", 1.5, 0, -3, "", "٣", "9007199254740993", 1e300])(
    "refuses %j",
    (value) => {
      const result = id.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("พนักงานไม่ถูกต้อง");
    },
  );
});

describe("enumInt", () => {
  const title = enumInt([1, 2, 3], "กรุณาเลือกคำนำหน้า");
  test("only the documented codes, as numbers or digits", () => {
    expect(title.parse(2)).toBe(2);
    expect(title.parse("3")).toBe(3);
    for (const bad of ["0x3", "03", "3.0", 4, 0, true, [1], "1e0", " 1"]) {
      expect(title.safeParse(bad).error?.issues[0].message).toBe("กรุณาเลือกคำนำหน้า");
    }
  });
});

describe("isoDate", () => {
  const date = isoDate("วันเริ่มงาน");
  test("real dates from 1900 to 2200", () => {
    for (const ok of ["1900-01-01", "2024-02-29", "2200-12-31", "2026-11-23"]) expect(date.parse(ok)).toBe(ok);
  });
  test.each([
    ["0000-01-01", "วันเริ่มงานต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200"],
    ["1899-12-31", "วันเริ่มงานต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200"],
    ["2201-01-01", "วันเริ่มงานต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200"],
    ["2023-02-29", "วันเริ่มงานไม่ใช่วันที่ที่มีอยู่จริง"],
    ["2024-13-01", "วันเริ่มงานไม่ใช่วันที่ที่มีอยู่จริง"],
    ["2024-1-01", "วันเริ่มงานต้องอยู่ในรูปแบบ ปปปป-ดด-วว"],
    ["2024-01-01T00:00", "วันเริ่มงานต้องอยู่ในรูปแบบ ปปปป-ดด-วว"],
    [20240101, "วันเริ่มงานไม่ถูกต้อง"],
  ])("refuses %j", (value, message) => {
    expect(date.safeParse(value).error?.issues[0].message).toBe(message);
  });
});

describe("PageFields (list query strings)", () => {
  const page = z.object(PageFields);
  test("absent or empty values give the defaults; a page size over 200 is capped", () => {
    expect(page.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(page.parse({ page: "", page_size: "" })).toEqual({ page: 1, page_size: 20 });
    expect(page.parse({ page: "3", page_size: "500" })).toEqual({ page: 3, page_size: 200 });
    expect(page.parse({ page: 2, page_size: 3 })).toEqual({ page: 2, page_size: 3 });
  });

  test.each(["abc", "0", "1e0", "02", "-1", " 1", "1.5"])("refuses page=%j with a Thai message", (bad) => {
    const result = page.safeParse({ page: bad });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("เลขหน้า (page) ต้องเป็นจำนวนเต็มบวก");
  });
});
