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
const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

/** A positive whole number written plainly in a query string ("3"; not "abc", "1e0", "03", "-1"). */
export function queryInt(message: string, max = 1_000_000_000) {
  const inRange = z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });
  return z.preprocess(
    blankAsMissing,
    z.union([inRange, z.string({ error: message }).regex(/^[1-9]\d{0,9}$/, { error: message }).transform(Number).pipe(inRange)], {
      error: message,
    }),
  );
}

/** `page` (from 1) and `page_size` (1–200, default 20) of a list query; anything else is a 400. */
export const PageFields = {
  page: queryInt("เลขหน้า (page) ต้องเป็นจำนวนเต็มบวก").optional().default(1),
  page_size: queryInt("จำนวนต่อหน้า (page_size) ต้องเป็นจำนวนเต็ม 1–200", 200).optional().default(20),
};

/** A list route's query string through its schema; a bad value is a 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.infer<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return parseOrThrow(schema, params, "พารามิเตอร์ของรายการไม่ถูกต้อง");
}

/** One page of a list, as every list endpoint answers it. */
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const pageOffset = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;
