import { z } from "zod";
import { PageFields } from "~/lib/validation";

const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string({ error: `${label}ไม่ถูกต้อง` }).trim().max(max, `${label}ยาวเกิน ${max} ตัวอักษร`),
  );

// "" or null clears the date; a missing key leaves it alone (PATCH).
const isoDate = (label: string) =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .union([
        z.null(),
        z
          .string({ error: `${label}ไม่ถูกต้อง` })
          .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}ต้องอยู่ในรูปแบบ ปปปป-ดด-วว`)
          .refine((v) => {
            const d = new Date(`${v}T00:00:00Z`);
            return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
          }, `${label}ไม่ใช่วันที่ที่มีอยู่จริง`),
      ])
      .optional(),
  );

// "" or null clears the choice; a missing key leaves it alone (PATCH).
const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .union([
        z.null(),
        z.coerce.number({ error: `${label}ไม่ถูกต้อง` }).int(`${label}ไม่ถูกต้อง`).positive(`${label}ไม่ถูกต้อง`),
      ])
      .optional(),
  );

/** Longest text each employee field takes; the form's inputs use the same numbers. */
export const EMPLOYEE_MAX_LENGTH = {
  code: 20,
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

export const EmployeeFields = {
  code: z
    .string({ error: "กรุณากรอกรหัสพนักงาน" })
    .trim()
    .min(1, "กรุณากรอกรหัสพนักงาน")
    .max(MAX.code, `รหัสพนักงานยาวเกิน ${MAX.code} ตัวอักษร`)
    .regex(/^[A-Za-z0-9._-]+$/, "รหัสพนักงานใช้ได้เฉพาะ A-Z, 0-9 และ . _ -"),
  title: z.coerce
    .number({ error: "กรุณาเลือกคำนำหน้า" })
    .refine((v) => v === 1 || v === 2 || v === 3, "กรุณาเลือกคำนำหน้า"),
  first_name: z.string({ error: "กรุณากรอกชื่อ" }).trim().min(1, "กรุณากรอกชื่อ").max(MAX.first_name, `ชื่อยาวเกิน ${MAX.first_name} ตัวอักษร`),
  last_name: z
    .string({ error: "กรุณากรอกนามสกุล" })
    .trim()
    .min(1, "กรุณากรอกนามสกุล")
    .max(MAX.last_name, `นามสกุลยาวเกิน ${MAX.last_name} ตัวอักษร`),
  nickname: text(MAX.nickname, "ชื่อเล่น"),
  phone: text(MAX.phone, "เบอร์โทรศัพท์").refine(
    (v) => v === "" || /^[0-9+\-() ]{9,20}$/.test(v),
    "เบอร์โทรศัพท์ไม่ถูกต้อง",
  ),
  email: text(MAX.email, "อีเมล").refine((v) => v === "" || z.email().safeParse(v).success, "อีเมลไม่ถูกต้อง"),
  position: text(MAX.position, "ตำแหน่ง"),
  department: text(MAX.department, "แผนก"),
  start_date: isoDate("วันเริ่มงาน"),
  address: text(MAX.address, "ที่อยู่"),
  province_id: optionalId("จังหวัด"),
  amphur_id: optionalId("อำเภอ"),
  district_id: optionalId("ตำบล"),
  zipcode: text(5, "รหัสไปรษณีย์").refine((v) => v === "" || /^\d{5}$/.test(v), "รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก"),
};

export const EmployeeCreateSchema = z.object(EmployeeFields);
export const EmployeeUpdateSchema = z.object(EmployeeFields).partial();
export type EmployeeCreateInput = z.infer<typeof EmployeeCreateSchema>;
export type EmployeeUpdateInput = z.infer<typeof EmployeeUpdateSchema>;

export const ResignSchema = z.object({
  resign_date: isoDate("วันที่ลาออก").pipe(z.string({ error: "กรุณาเลือกวันที่ลาออก" })),
});

export const EMPLOYEE_SORTS = ["code", "name", "position", "start_date", "resign_date"] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export const EmployeeListQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  ...PageFields,
  sort: z.enum(EMPLOYEE_SORTS).catch("code"),
  order: z.enum(["asc", "desc"]).catch("asc"),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;
