// Input rules for cabinets (vending machines), shared by the API, the page action and the form
// (client-safe: no server imports).
import { z } from "zod";
import { MACHINE_TYPE_LABELS } from "~/lib/enums";
import { cleanText, enumInt, formFlag, idField, PageFields } from "~/lib/validation";

/** Longest text each machine field takes; the form's inputs use the same numbers. */
export const MACHINE_MAX_LENGTH = {
  code: 30,
  name: 100,
  address: 300,
  note: 500,
} as const;
const MAX = MACHINE_MAX_LENGTH;

export const MAX_MACHINE_RADIUS_M = 10_000;
export const MAX_VISIT_EVERY_DAYS = 365;

const TYPE_MESSAGE = `ประเภทตู้ต้องเป็น 1 (${MACHINE_TYPE_LABELS[1]}) หรือ 2 (${MACHINE_TYPE_LABELS[2]})`;

const text = (max: number, label: string, multiline = false) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), cleanText({ label, max, multiline }));

const DECIMAL = /^-?\d{1,3}(\.\d{1,15})?$/;

/** A coordinate: a JSON number or a form's plain decimal; "" or null clears it; missing leaves it alone. */
const coordinate = (label: string, limit: number) => {
  const message = `${label}ต้องเป็นตัวเลขระหว่าง -${limit} ถึง ${limit}`;
  return z.preprocess(
    (v) => {
      if (v === "" || v === null) return null;
      if (typeof v === "string") return DECIMAL.test(v.trim()) ? Number(v.trim()) : v;
      return v;
    },
    z.union([z.null(), z.number({ error: message }).min(-limit, message).max(limit, message)], { error: message }).optional(),
  );
};

/** A whole number written plainly (JSON number or form digits); "" or null becomes `blank`. */
const toWhole = (blank: null | undefined) => (v: unknown) => {
  if (v === "" || v === null) return blank;
  if (typeof v === "string") return /^-?\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v;
  return v;
};
const whole = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

const RADIUS_MESSAGE = `รัศมีต้องเป็นจำนวนเต็มเมตรมากกว่า 0 (ไม่เกิน ${MAX_MACHINE_RADIUS_M.toLocaleString("en-US")})`;
const EVERY_MESSAGE = `รอบการเข้าตู้ต้องเป็นจำนวนเต็ม 1–${MAX_VISIT_EVERY_DAYS} วัน`;

export const MachineFields = {
  code: z
    .string({ error: "กรุณากรอกรหัสตู้" })
    .trim()
    .min(1, "กรุณากรอกรหัสตู้")
    .max(MAX.code, `รหัสตู้ยาวเกิน ${MAX.code} ตัวอักษร`)
    .regex(/^[A-Za-z0-9._-]+$/, "รหัสตู้ใช้ได้เฉพาะ A-Z, 0-9 และ . _ -"),
  name: cleanText({ label: "ชื่อตู้", min: 1, max: MAX.name }),
  type: enumInt([1, 2], TYPE_MESSAGE),
  lat: coordinate("ละติจูด", 90),
  lng: coordinate("ลองจิจูด", 180),
  /** "" or missing: the default (create) or unchanged (PATCH). */
  radius_m: z.preprocess(toWhole(undefined), whole(RADIUS_MESSAGE, 1, MAX_MACHINE_RADIUS_M).optional()).optional(),
  address: text(MAX.address, "ที่อยู่ของตู้"),
  /** "" or null: no schedule. */
  visit_every_days: z.preprocess(toWhole(null), z.union([z.null(), whole(EVERY_MESSAGE, 1, MAX_VISIT_EVERY_DAYS)], { error: EVERY_MESSAGE })).optional(),
  note: text(MAX.note, "หมายเหตุ", true),
  active: formFlag.optional(),
};

export const MachineCreateSchema = z.object({
  ...MachineFields,
  address: MachineFields.address.optional(),
  note: MachineFields.note.optional(),
});
export const MachineUpdateSchema = z.object(MachineFields).partial();
export type MachineCreateInput = z.infer<typeof MachineCreateSchema>;
export type MachineUpdateInput = z.infer<typeof MachineUpdateSchema>;

export const MachineAssignSchema = z.object({
  machine_id: idField("ตู้", "กรุณาระบุตู้ (machine_id) ให้ถูกต้อง"),
  employee_id: idField("พนักงาน", "กรุณาระบุพนักงาน (employee_id) ให้ถูกต้อง"),
});
export type MachineAssignInput = z.infer<typeof MachineAssignSchema>;

const flag = (name: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(["0", "1"], { error: `${name} ต้องเป็น 1 หรือ 0` })
      .optional()
      .transform((v) => v === "1"),
  );

export const MACHINE_ACTIVE_FILTERS = ["1", "0", "all"] as const;
export type MachineActiveFilter = (typeof MACHINE_ACTIVE_FILTERS)[number];

export const MachineListQuery = z.object({
  q: z.string().trim().max(100, { error: "คำค้นหายาวเกิน 100 ตัวอักษร" }).optional(),
  type: z.preprocess((v) => (v === "" ? undefined : v), enumInt([1, 2], TYPE_MESSAGE).optional()),
  employee_id: z.preprocess((v) => (v === "" ? undefined : v), idField("พนักงาน", "พนักงาน (employee_id) ไม่ถูกต้อง").optional()),
  unassigned: flag("unassigned"),
  overdue: flag("overdue"),
  active: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(MACHINE_ACTIVE_FILTERS, { error: "active ต้องเป็น 1, 0 หรือ all" }).optional().default("1"),
  ),
  ...PageFields,
});
export type MachineListQuery = z.infer<typeof MachineListQuery>;
