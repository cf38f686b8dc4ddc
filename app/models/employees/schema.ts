import { z } from "zod";
import { TITLE_LABELS } from "~/lib/enums";
import { cleanText, enumInt, idField, isoDate, PageFields } from "~/lib/validation";

const text = (max: number, label: string) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), cleanText({ label, max }));

/** A department or position: runs of spaces become one, so one name is not kept in several spellings. */
export const normaliseListName = (v: string) => v.replace(/\s+/g, " ").trim();
const listName = (max: number, label: string) => text(max, label).transform(normaliseListName);

// "" or null clears the date; a missing key leaves it alone (PATCH).
const optionalDate = (label: string) =>
  z.preprocess((v) => (v === "" ? null : v), z.union([z.null(), isoDate(label)]).optional());

// "" or null clears the choice; a missing key leaves it alone (PATCH).
const optionalId = (label: string) =>
  z.preprocess((v) => (v === "" ? null : v), z.union([z.null(), idField(label)]).optional());

/** Longest text each employee field takes; the form's inputs use the same numbers. */
export const EMPLOYEE_MAX_LENGTH = {
  code: 20,
  name_prefix: 40,
  first_name: 100,
  last_name: 100,
  nickname: 50,
  phone: 20,
  email: 200,
  position: 100,
  department: 100,
  address: 300,
} as const;
const MAX = EMPLOYEE_MAX_LENGTH;

/** The spec's titles as people write them (นาย, นาง, นางสาว, น.ส.) or as their codes 1–3. */
const TITLE_BY_WORD = new Map<string, number>([
  ...Object.entries(TITLE_LABELS).flatMap(([code, word]) => [[word, Number(code)] as const, [code, Number(code)] as const]),
  ["น.ส.", 3],
]);

/** The title (1–3) a cell or a field names, if it names one. */
export const titleOfWord = (text: string): number | undefined => TITLE_BY_WORD.get(text.trim());

export const NAME_PREFIX_LABEL = "คำนำหน้าอื่น";
// Thai letters, vowels and tone marks (not digits, ฿ or the signs after ๏), Latin letters, dots, spaces.
const PREFIX_CHARS = /^[\u0E01-\u0E3A\u0E40-\u0E4EA-Za-z. ]*$/;
const PREFIX_LETTER = /[\u0E01-\u0E2EA-Za-z]/;

/**
 * A free prefix shown before the name instead of the title's word (ดร., ว่าที่ ร.ต., Assoc. Prof.):
 * trimmed, runs of spaces made one, ≤ 40, letters with dots and spaces; "" or null = none.
 * The title itself stays required (docs/decisions/037-free-name-prefix.md).
 */
export const namePrefixField = z
  .preprocess((v) => (v === null || v === undefined ? "" : v), cleanText({ label: NAME_PREFIX_LABEL, max: MAX.name_prefix }))
  .transform((v) => v.replace(/\s+/g, " "))
  .refine(
    (v) => v === "" || (PREFIX_CHARS.test(v) && PREFIX_LETTER.test(v)),
    `${NAME_PREFIX_LABEL}ใช้ได้เฉพาะตัวอักษรไทยหรืออังกฤษ จุด และเว้นวรรค (เช่น ดร. หรือ ว่าที่ ร.ต.)`,
  )
  .refine((v) => titleOfWord(v) === undefined, `${NAME_PREFIX_LABEL}ไม่ต้องใส่ นาย นาง หรือ นางสาว (เลือกในช่องคำนำหน้า)`);

/** How overtime and holiday work are paid (Labour Protection Act s.62–63); db/schema.ts's PAY_BASES. */
export const PAY_BASIS_VALUES = ["monthly", "daily"] as const;
export type PayBasis = (typeof PAY_BASIS_VALUES)[number];

/** The most offices an employee may be limited to (the settings hold at most as many). */
const MAX_EMPLOYEE_OFFICES = 20;
const OFFICE_NAMES_MESSAGE = "สำนักงานที่ลงเวลาได้ (office_names) ต้องเป็น null (ทุกสำนักงาน) หรือรายชื่อสำนักงาน";

/**
 * The offices (by name) an employee may check in at: null for every office, else 1–20 different
 * names; that each is one of the settings' offices is the model's check.
 */
export const officeNamesField = z
  .union([
    z.null(),
    z
      .array(cleanText({ label: "ชื่อสำนักงาน", min: 1, max: 100 }), { error: OFFICE_NAMES_MESSAGE })
      .min(1, "กรุณาเลือกสำนักงานอย่างน้อย 1 แห่ง หรือเลือกทุกสำนักงาน")
      .max(MAX_EMPLOYEE_OFFICES, `เลือกสำนักงานได้ไม่เกิน ${MAX_EMPLOYEE_OFFICES} แห่ง`)
      .refine((names) => new Set(names).size === names.length, "ชื่อสำนักงานซ้ำกัน"),
  ], { error: OFFICE_NAMES_MESSAGE })
  .optional();

export const EmployeeFields = {
  code: z
    .string({ error: "กรุณากรอกรหัสพนักงาน" })
    .trim()
    .min(1, "กรุณากรอกรหัสพนักงาน")
    .max(MAX.code, `รหัสพนักงานยาวเกิน ${MAX.code} ตัวอักษร`)
    .regex(/^[A-Za-z0-9._-]+$/, "รหัสพนักงานใช้ได้เฉพาะ A-Z, 0-9 และ . _ -"),
  title: enumInt([1, 2, 3], "กรุณาเลือกคำนำหน้า"),
  name_prefix: namePrefixField,
  first_name: cleanText({ label: "ชื่อ", min: 1, max: MAX.first_name }),
  last_name: cleanText({ label: "นามสกุล", min: 1, max: MAX.last_name }),
  nickname: text(MAX.nickname, "ชื่อเล่น"),
  phone: text(MAX.phone, "เบอร์โทรศัพท์").refine(
    (v) => v === "" || /^[0-9+\-() ]{9,20}$/.test(v),
    "เบอร์โทรศัพท์ไม่ถูกต้อง",
  ),
  email: text(MAX.email, "อีเมล").refine((v) => v === "" || z.email().safeParse(v).success, "อีเมลไม่ถูกต้อง"),
  position: listName(MAX.position, "ตำแหน่ง"),
  department: listName(MAX.department, "แผนก"),
  start_date: optionalDate("วันเริ่มงาน"),
  address: text(MAX.address, "ที่อยู่"),
  province_id: optionalId("จังหวัด"),
  amphur_id: optionalId("อำเภอ"),
  district_id: optionalId("ตำบล"),
  zipcode: text(5, "รหัสไปรษณีย์").refine((v) => v === "" || /^\d{5}$/.test(v), "รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก"),
  // Optional with no default: a PATCH without them leaves them alone, a create stores the table's (monthly, every office).
  pay_basis: z.enum(PAY_BASIS_VALUES, { error: "การจ่ายค่าจ้าง (pay_basis) ต้องเป็น monthly (รายเดือน) หรือ daily (รายวัน)" }).optional(),
  office_names: officeNamesField,
};

export const EmployeeCreateSchema = z.object(EmployeeFields);
export const EmployeeUpdateSchema = z.object(EmployeeFields).partial();
export type EmployeeCreateInput = z.infer<typeof EmployeeCreateSchema>;
export type EmployeeUpdateInput = z.infer<typeof EmployeeUpdateSchema>;

export const ResignSchema = z.object({
  resign_date: optionalDate("วันที่ลาออก").pipe(z.string({ error: "กรุณาเลือกวันที่ลาออก" })),
});

export const EMPLOYEE_SORTS = ["code", "name", "position", "start_date", "resign_date"] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

/** Filters within the working or the resigned list, by what the list's badges show. */
export const EMPLOYEE_STATUS_FILTERS = ["leaving", "line_linked", "line_unlinked", "face_registered", "face_unregistered"] as const;
export type EmployeeStatusFilter = (typeof EMPLOYEE_STATUS_FILTERS)[number];

export const EmployeeListQuery = z.object({
  q: z.string().trim().max(100, { error: "คำค้นหายาวเกิน 100 ตัวอักษร" }).optional(),
  department: z
    .string()
    .max(100, { error: "ชื่อแผนกยาวเกิน 100 ตัวอักษร" })
    .transform(normaliseListName)
    .optional()
    .transform((v) => v || undefined),
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(EMPLOYEE_STATUS_FILTERS, { error: `สถานะ (status) ต้องเป็น ${EMPLOYEE_STATUS_FILTERS.join(", ")}` }).optional(),
  ),
  ...PageFields,
  sort: z.enum(EMPLOYEE_SORTS, { error: "การเรียงลำดับ (sort) ไม่ถูกต้อง" }).optional().default("code"),
  order: z.enum(["asc", "desc"], { error: "ทิศทางการเรียง (order) ต้องเป็น asc หรือ desc" }).optional().default("asc"),
  format: z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional(),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;
