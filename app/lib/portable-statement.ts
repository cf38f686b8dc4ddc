import { is, Placeholder } from "drizzle-orm";

/** One parameter of a statement run in another thread: a value, or a placeholder filled there. */
export type StatementParam = { value: unknown } | { placeholder: string };

/** A Drizzle query as text and parameters that a worker thread can take (structured-clonable). */
export type PortableStatement = { sql: string; params: StatementParam[] };

/** The query's SQL, with each `sql.placeholder(name)` kept by name for statementValues. */
export function portableStatement(query: { toSQL(): { sql: string; params: unknown[] } }): PortableStatement {
  const { sql, params } = query.toSQL();
  return { sql, params: params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p })) };
}

/** The statement's parameters with its placeholders filled from `values`; a missing one throws. */
export function statementValues(params: readonly StatementParam[], values: Readonly<Record<string, unknown>>) {
  return params.map((p) => {
    if (!("placeholder" in p)) return p.value;
    if (!(p.placeholder in values)) throw new Error(`no value for the placeholder "${p.placeholder}"`);
    return values[p.placeholder];
  });
}
