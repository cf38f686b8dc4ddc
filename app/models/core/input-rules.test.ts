// The free-text and type rules of app/lib/validation.ts, as each input schema applies them.
import { fieldErrors } from "~/lib/validation";
import { EmployeeCreateSchema, EmployeeUpdateSchema, ResignSchema } from "~/models/employees/schema";
import { GroupUpdateSchema, TestMessageSchema } from "~/models/line/group.server";
import { ReplyCreateSchema } from "~/models/line/message-schema";
import { PushListQuery, PushOneSchema } from "~/models/line/notifier.server";

const FORBIDDEN = /อักขระที่ใช้ไม่ได้/;
const BAD_TEXT = ["\uD800", "\u0000", "\u001B", "\u0085", "\u200B", "\u200E", "\u202E", "\u2067", "\uFEFF", "\u2060"];
const base = { code: "E1", title: 1, first_name: "สมชาย", last_name: "ใจดี" };

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe("employee input", () => {
  test.each(BAD_TEXT.map((c) => [JSON.stringify(c), c]))("names, nickname and position refuse %s", (_, c) => {
    expect(errorsOf(EmployeeCreateSchema, { ...base, first_name: `สม${c}ชาย` }).first_name).toMatch(FORBIDDEN);
    expect(errorsOf(EmployeeCreateSchema, { ...base, last_name: `${c}ใจดี` }).last_name).toMatch(FORBIDDEN);
    expect(errorsOf(EmployeeUpdateSchema, { nickname: `ต้น${c}` }).nickname).toMatch(FORBIDDEN);
    expect(errorsOf(EmployeeUpdateSchema, { position: `ผู้จัดการ${c}` }).position).toMatch(FORBIDDEN);
  });

  test("Thai marks and emoji pass, in NFC", () => {
    const parsed = EmployeeCreateSchema.parse({ ...base, first_name: "😀น้ำผึ้ง", last_name: "👩🏽‍💻 ศรีสุข", nickname: "Zoe\u0308" });
    expect(parsed).toMatchObject({ first_name: "😀น้ำผึ้ง", last_name: "👩🏽‍💻 ศรีสุข", nickname: "Zoë" });
  });

  test("title, ids and dates take only their documented types", () => {
    expect(EmployeeCreateSchema.parse({ ...base, title: "2", province_id: "10", start_date: "2024-02-29" })).toMatchObject({
      title: 2,
      province_id: 10,
      start_date: "2024-02-29",
    });
    expect(errorsOf(EmployeeCreateSchema, { ...base, title: "0x3" }).title).toBe("กรุณาเลือกคำนำหน้า");
    expect(errorsOf(EmployeeCreateSchema, { ...base, title: true }).title).toBe("กรุณาเลือกคำนำหน้า");
    for (const bad of [[1], true, "1e0", "01", "0x1", " 1"]) {
      expect(errorsOf(EmployeeUpdateSchema, { province_id: bad }).province_id).toBeTruthy();
    }
    expect(errorsOf(EmployeeUpdateSchema, { start_date: "0000-01-01" }).start_date).toMatch(/1900/);
    expect(errorsOf(ResignSchema, { resign_date: "2024-02-30" }).resign_date).toMatch(/ไม่ใช่วันที่/);
    expect(EmployeeUpdateSchema.parse({ province_id: "", start_date: "" })).toEqual({ province_id: null, start_date: null });
  });
});

describe("auto-reply input", () => {
  const reply = (keyword: string, text: string) => ({ keyword, messages: [{ type: "text", text }] });

  test.each(BAD_TEXT.map((c) => [JSON.stringify(c), c]))("keyword and text refuse %s", (_, c) => {
    expect(errorsOf(ReplyCreateSchema, reply(`สวัสดี${c}`, "ตอบ")).keyword).toMatch(FORBIDDEN);
    expect(errorsOf(ReplyCreateSchema, reply("สวัสดี", `ตอบ${c}`))["messages.0.text"]).toMatch(FORBIDDEN);
  });

  test("multi-line Thai text with emoji passes and is stored in NFC", () => {
    const parsed = ReplyCreateSchema.parse(reply("เวลา", "เปิด 08:30 ⏰\nปิด 17:30 🏳️‍🌈 Cafe\u0301"));
    expect(parsed.messages[0]).toEqual({ type: "text", text: "เปิด 08:30 ⏰\nปิด 17:30 🏳️‍🌈 Café" });
  });
});

describe("LINE group input", () => {
  test("group names and test messages refuse invisible and control characters", () => {
    expect(errorsOf(GroupUpdateSchema, { name: "ฝ่าย\u202Eบุคคล" }).name).toMatch(FORBIDDEN);
    expect(errorsOf(TestMessageSchema, { text: "ทดสอบ\u0000" }).text).toMatch(FORBIDDEN);
    expect(GroupUpdateSchema.parse({ name: " ฝ่ายบุคคล 👥 " }).name).toBe("ฝ่ายบุคคล 👥");
  });
});

describe("push input", () => {
  test("employee_id is a number or plain digits, never a boolean, array or hex", () => {
    expect(PushOneSchema.parse({ employee_id: "3", text: "สวัสดี" }).employee_id).toBe(3);
    for (const bad of [true, [1], "0x1", "1e0", 1.5, "01"]) {
      expect(errorsOf(PushOneSchema, { employee_id: bad, text: "สวัสดี" }).employee_id).toBe("กรุณาเลือกพนักงาน");
    }
    expect(errorsOf(PushListQuery, { employee_id: "0x1" }).employee_id).toBe("รหัสพนักงานไม่ถูกต้อง");
  });

  test.each(BAD_TEXT.map((c) => [JSON.stringify(c), c]))("the text refuses %s", (_, c) => {
    expect(errorsOf(PushOneSchema, { employee_id: 1, text: `สวัสดี${c}ครับ` }).text).toMatch(FORBIDDEN);
  });

  test("Thai with emoji and line breaks passes", () => {
    expect(PushOneSchema.parse({ employee_id: 1, text: " พรุ่งนี้หยุด 🎉\nขอบคุณครับ " }).text).toBe("พรุ่งนี้หยุด 🎉\nขอบคุณครับ");
  });
});
