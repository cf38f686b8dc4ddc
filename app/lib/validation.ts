import { z } from "zod";
import { DomainError } from "./errors";

/** zod issues → one Thai message per field (the first one wins). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses input with the domain's schema, or throws a 400 DomainError carrying the field messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new DomainError(400, message, fieldErrors(result.error));
  return result.data;
}

/** An on/off value from a form or JSON: true/false, "true"/"false", "on"/"off", "1"/"0", 1/0. */
export const formFlag = z.preprocess((v) => {
  if (v === "true" || v === "on" || v === "1" || v === 1) return true;
  if (v === "false" || v === "off" || v === "0" || v === 0) return false;
  return v;
}, z.boolean({ error: "ค่าเปิด/ปิดไม่ถูกต้อง" }));

/** A query-string value left empty counts as not given. */
export const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

/**
 * A positive whole number written plainly in a query string ("3"; not "abc", "1e0", "03", "-1"),
 * or given as a number by code; empty or absent gives `fallback`. Above `cap` it is capped, not
 * refused (a page size asked too big).
 */
export function queryInt(message: string, { cap = 1_000_000_000, fallback }: { cap?: number; fallback: number }) {
  const whole = z.number({ error: message }).int({ error: message }).min(1, { error: message });
  const digits = z.string({ error: message }).regex(/^[1-9]\d{0,9}$/, { error: message }).transform(Number);
  return z.preprocess(
    blankAsMissing,
    z
      .union([whole, digits], { error: message })
      .optional()
      .transform((n): number => (n === undefined ? fallback : Math.min(n, cap))),
  );
}

/** `page` (from 1) and `page_size` (1–200, more is capped, default 20) of a list query; anything else is a 400. */
export const PageFields = {
  page: queryInt("เลขหน้า (page) ต้องเป็นจำนวนเต็มบวก", { fallback: 1 }),
  page_size: queryInt("จำนวนต่อหน้า (page_size) ต้องเป็นจำนวนเต็มบวก (สูงสุด 200)", { cap: 200, fallback: 20 }),
};

/** A list route's query string through its schema; a bad value is a 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.infer<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return parseOrThrow(schema, params, "พารามิเตอร์ของรายการไม่ถูกต้อง");
}

/** One page of a list, as every list endpoint answers it. */
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const pageOffset = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;

// Code points no stored text may hold: lone surrogates (invalid UTF-8 once written), C0/C1
// controls and DEL, and the invisible direction and zero-width controls that make one text look
// like another (U+200B, U+200E/F, U+202A–202E, U+2060, U+2066–2069, U+FEFF, and U+061C).
const LONE_SURROGATE = /\p{Cs}/u;
const CONTROL = /\p{Cc}/u; // C0, DEL and C1
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
// U+200D (zero-width joiner) belongs inside emoji sequences (👩‍💻): after an emoji, its modifier
// or VS16, and before another emoji. Anywhere else it is an invisible character.
const STRAY_JOINER = /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D|\u200D(?!\p{Extended_Pictographic})/u;

/** Whether text holds a character that is refused (see above); `multiline` allows tab and line breaks. */
export function hasForbiddenCharacters(text: string, multiline = false) {
  return (
    LONE_SURROGATE.test(text) ||
    (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(text) ||
    INVISIBLE.test(text) ||
    STRAY_JOINER.test(text)
  );
}

export const forbiddenCharactersMessage = (label: string) =>
  `${label}มีอักขระที่ใช้ไม่ได้ (อักขระควบคุมหรืออักขระที่มองไม่เห็น) กรุณาพิมพ์ใหม่`;

/**
 * Free text from a person: refused when it holds a forbidden character, else normalised to NFC
 * and (unless `trim: false`) trimmed, then measured. Thai marks and emoji pass.
 */
export function cleanText(options: {
  label: string;
  max: number;
  min?: number;
  multiline?: boolean;
  trim?: boolean;
  tooLong?: string;
}) {
  const { label, max, min = 0, multiline = false, trim = true } = options;
  const missing = min > 0 ? `กรุณากรอก${label}` : `${label}ไม่ถูกต้อง`;
  return z
    .string({ error: missing })
    .refine((v) => !hasForbiddenCharacters(v, multiline), forbiddenCharactersMessage(label))
    .transform((v) => {
      const normal = v.normalize("NFC");
      return trim ? normal.trim() : normal;
    })
    .pipe(
      z
        .string()
        .refine((v) => v.trim().length >= min, min > 1 ? `${label}ต้องยาวอย่างน้อย ${min} ตัวอักษร` : missing)
        .refine((v) => v.length <= max, options.tooLong ?? `${label}ยาวเกิน ${max} ตัวอักษร`),
    );
}

const DECIMAL = /^(?:0|[1-9]\d{0,15})$/;

export const NOTHING_TO_CHANGE = "ไม่มีข้อมูลที่จะเปลี่ยน";

/** An edit naming no field it knows is refused, rather than written as an empty change. */
export function requireSomeChange(input: object) {
  if (Object.values(input).every((v) => v === undefined)) throw new DomainError(400, NOTHING_TO_CHANGE);
}

/** A JSON number stays as it is; a plain decimal string (a form field) becomes a number; anything else is left to fail. */
function decimalToNumber(value: unknown) {
  return typeof value === "string" && DECIMAL.test(value) ? Number(value) : value;
}

/**
 * A positive integer id: a JSON number or a form's plain decimal digits. Booleans, arrays, hex,
 * exponents, signs, leading zeros and whitespace are refused, never coerced.
 */
export function idField(label: string, message = `${label}ไม่ถูกต้อง`) {
  return z.preprocess(
    decimalToNumber,
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
}

/** One of the documented integer codes of an enumeration (e.g. title 1, 2, 3), same input rules as `idField`. */
export function enumInt<const T extends number>(values: readonly T[], message: string) {
  return z.preprocess(decimalToNumber, z.literal([...values], { error: message }));
}

export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2200-12-31";

/** A real calendar date written `YYYY-MM-DD`, between 1900 and 2200. */
export function isoDate(label: string) {
  return z
    .string({ error: `${label}ไม่ถูกต้อง` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}ต้องอยู่ในรูปแบบ ปปปป-ดด-วว`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${label}ไม่ใช่วันที่ที่มีอยู่จริง`)
    .refine((v) => v >= DATE_MIN && v <= DATE_MAX, `${label}ต้องอยู่ระหว่างปี ค.ศ. 1900 ถึง 2200`);
}
