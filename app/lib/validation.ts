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

/** `page` (from 1) and `page_size` (1–200, default 20) of a list query; bad values fall back. */
export const PageFields = {
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(200).catch(20),
};

/** One page of a list, as every list endpoint answers it. */
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const pageOffset = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;
