import { asc, desc, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { blankAsMissing } from "~/lib/validation";
import { employees } from "../../../db/schema";

// Keyset pages over employees in code order (case-insensitive, then id): the daily view and the
// monthly sheet page through 100,000 employees without an offset. lower(code) is the key of the
// unique code index, so a page seeks to its cursor and reads its rows in order.

export type EmployeeCursor = { code: string; id: number };

/** Where a page starts: from the first row, after a cursor (forwards) or before one (backwards). */
export type KeysetDirection = "first" | "after" | "before";

/** The largest page any keyset list answers. */
export const KEYSET_MAX = 200;

export const employeeCodeKey = sql`lower(${employees.code})`;

/** ORDER BY of a direction: backwards reads the rows before the cursor nearest first. */
export const keysetOrder = (direction: KeysetDirection) =>
  direction === "before" ? [sql`${employeeCodeKey} desc`, desc(employees.id)] : [employeeCodeKey, asc(employees.id)];

/**
 * The rows after (or before) the cursor given as the `code` and `id` placeholders. lower(code) is
 * unique, so the id only breaks ties the index cannot have; the first term is the index's range.
 */
export function keysetCondition(direction: KeysetDirection): SQL | undefined {
  if (direction === "first") return undefined;
  const code = sql`lower(${sql.placeholder("code")})`;
  const id = sql.placeholder("id");
  return direction === "after"
    ? sql`(${employeeCodeKey} >= ${code} and (${employeeCodeKey} > ${code} or ${employees.id} > ${id}))`
    : sql`(${employeeCodeKey} <= ${code} and (${employeeCodeKey} < ${code} or ${employees.id} < ${id}))`;
}

/** An employee's place in the order as the opaque text a client sends back. */
export const encodeCursor = (row: EmployeeCursor) => Buffer.from(JSON.stringify([row.code, row.id])).toString("base64url");

export function decodeCursor(text: string): EmployeeCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [code, id] = value;
    return typeof code === "string" && Number.isSafeInteger(id) && id > 0 ? { code, id } : null;
  } catch {
    return null;
  }
}

/** A cursor parameter (`after`, `before`): the text a page answered, or a 400 naming the parameter. */
export function cursorField(name: string) {
  const message = `ตำแหน่งหน้า (${name}) ไม่ถูกต้อง ให้ใช้ค่าที่ได้จากหน้าก่อน`;
  return z.preprocess(
    blankAsMissing,
    z
      .string({ error: message })
      .max(400, { error: message })
      .transform((text, ctx) => {
        const cursor = decodeCursor(text);
        if (cursor) return cursor;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      })
      .optional(),
  );
}

/** The placeholders' values of a direction. */
export const cursorValues = (cursor: EmployeeCursor | undefined) => ({ code: cursor?.code ?? null, id: cursor?.id ?? null });

/**
 * A keyset page from rows read with `limit + 1` in the direction's order: the page in list order,
 * and the cursors of the pages around it (null where there is none). A page read backwards came
 * from a later one, which is there; one read after a cursor has the cursor's row before it.
 */
export function keysetPage<T>(rows: T[], limit: number, direction: KeysetDirection, keyOf: (row: T) => EmployeeCursor) {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (direction === "before") page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const before = direction === "before" ? more : direction === "after";
  const after = direction === "before" || more;
  return {
    rows: page,
    prev_cursor: first !== undefined && before ? encodeCursor(keyOf(first)) : null,
    next_cursor: last !== undefined && after ? encodeCursor(keyOf(last)) : null,
  };
}

/** The direction and cursor of a query that may carry `after` or `before` (after wins). */
export function keysetStart(query: { after?: EmployeeCursor; before?: EmployeeCursor }): { direction: KeysetDirection; cursor?: EmployeeCursor } {
  if (query.after) return { direction: "after", cursor: query.after };
  if (query.before) return { direction: "before", cursor: query.before };
  return { direction: "first" };
}
