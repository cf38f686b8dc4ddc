import { fullName, rowFullName } from "~/lib/enums";
import { fieldErrors } from "~/lib/validation";
import { importTitles } from "./import.server";
import { EmployeeCreateSchema, EmployeeUpdateSchema } from "./schema";

const base = { code: "E001", title: 1, first_name: "สมชาย", last_name: "ใจดี" };
const prefixOf = (name_prefix: unknown) => EmployeeCreateSchema.safeParse({ ...base, name_prefix });
const messageOf = (name_prefix: unknown) => {
  const parsed = prefixOf(name_prefix);
  return parsed.success ? null : fieldErrors(parsed.error).name_prefix;
};

describe("the displayed name", () => {
  test("without a prefix: the spec's title, first name, a space, last name", () => {
    expect(fullName({ title: 1, name_prefix: "", first_name: "สมชาย", last_name: "ใจดี" })).toBe("นายสมชาย ใจดี");
    expect(rowFullName({ title: 3, namePrefix: null, firstName: "มาลี", lastName: "มีสุข" })).toBe("นางสาวมาลี มีสุข");
  });

  test("with a prefix: the prefix and a space in the title's place, never both", () => {
    expect(fullName({ title: 1, name_prefix: "ดร.", first_name: "สมชาย", last_name: "ใจดี" })).toBe("ดร. สมชาย ใจดี");
    expect(rowFullName({ title: 2, namePrefix: "ว่าที่ ร.ต.", firstName: "มาลี", lastName: "มีสุข" })).toBe("ว่าที่ ร.ต. มาลี มีสุข");
  });
});

describe("name_prefix validation", () => {
  test("optional: missing, empty or null is none; the title stays required", () => {
    expect(EmployeeCreateSchema.parse(base).name_prefix).toBe("");
    expect(prefixOf("").data?.name_prefix).toBe("");
    expect(prefixOf(null).data?.name_prefix).toBe("");
    expect(fieldErrors(EmployeeCreateSchema.safeParse({ ...base, title: undefined, name_prefix: "ดร." }).error!).title).toBe("กรุณาเลือกคำนำหน้า");
    // An edit that does not name the prefix leaves it alone.
    expect(EmployeeUpdateSchema.parse({ nickname: "ชาย" }).name_prefix).toBeUndefined();
  });

  test("trimmed, runs of spaces made one; Thai and Latin letters, dots and spaces pass", () => {
    expect(prefixOf("  ดร.  ").data?.name_prefix).toBe("ดร.");
    expect(prefixOf("ว่าที่   ร.ต.").data?.name_prefix).toBe("ว่าที่ ร.ต.");
    for (const ok of ["ผศ.ดร.", "พล.ต.อ.", "Dr.", "Assoc. Prof. Dr.", "คุณหญิง", "ม.ร.ว."]) expect(messageOf(ok), ok).toBeNull();
  });

  test("over 40 characters is refused in Thai; 40 pass", () => {
    expect(messageOf("ก".repeat(40))).toBeNull();
    expect(messageOf("ก".repeat(41))).toBe("คำนำหน้าอื่นยาวเกิน 40 ตัวอักษร");
  });

  test("digits, other signs, dots alone, hidden characters and the title's own words are refused in Thai", () => {
    const letters = "คำนำหน้าอื่นใช้ได้เฉพาะตัวอักษรไทยหรืออังกฤษ จุด และเว้นวรรค (เช่น ดร. หรือ ว่าที่ ร.ต.)";
    for (const bad of ["ดร.1", "ดร,", "<b>", "...", "ดร.๑", "ดร.฿"]) expect(messageOf(bad), bad).toBe(letters);
    expect(messageOf("ดร.\u200B")).toMatch(/^คำนำหน้าอื่นมีอักขระที่ใช้ไม่ได้/);
    for (const word of ["นาย", "นาง", "นางสาว", "น.ส."]) {
      expect(messageOf(word), word).toBe("คำนำหน้าอื่นไม่ต้องใส่ นาย นาง หรือ นางสาว (เลือกในช่องคำนำหน้า)");
    }
    expect(messageOf(5)).toBe("คำนำหน้าอื่นไม่ถูกต้อง");
  });
});

describe("the import's title and prefix cells", () => {
  test("the title cell names the title (word or 1–3); the prefix cell may hold a prefix", () => {
    expect(importTitles("นาย", "")).toEqual({ title: 1, name_prefix: "" });
    expect(importTitles(" 3 ", "ดร.")).toEqual({ title: 3, name_prefix: "ดร." });
    expect(importTitles("น.ส.", "ว่าที่ ร.ต.")).toEqual({ title: 3, name_prefix: "ว่าที่ ร.ต." });
  });

  test("a free title (ดร.) in the title cell is the prefix when นาย/นาง/นางสาว stands beside it", () => {
    expect(importTitles("ดร.", "นาง")).toEqual({ title: 2, name_prefix: "ดร." });
    expect(importTitles("ว่าที่ ร.ต.", "1")).toEqual({ title: 1, name_prefix: "ว่าที่ ร.ต." });
  });

  test("without นาย/นาง/นางสาว in either cell the row says what to put where, in Thai", () => {
    expect(importTitles("ดร.", "")).toEqual({
      name_prefix: "ดร.",
      error: "“ดร.” ไม่ใช่ นาย นาง หรือ นางสาว: ใส่ นาย/นาง/นางสาว ในคอลัมน์ “คำนำหน้า” และ “ดร.” ในคอลัมน์ “คำนำหน้าอื่น”",
    });
    expect(importTitles("ดร.", "ผศ.").error).toBe("ไม่พบ นาย นาง หรือ นางสาว ในคอลัมน์ “คำนำหน้า” หรือ “คำนำหน้าอื่น” (ต้องมีในคอลัมน์ใดคอลัมน์หนึ่ง)");
    expect(importTitles("", "ดร.").error).toBe("กรุณากรอกคำนำหน้า");
  });
});
