import Database from "better-sqlite3";
import { Column, is, SQL } from "drizzle-orm";
import { databasePath, db } from "./db.server";

type FlatSelect<R> = {
  toSQL(): { sql: string; params: unknown[] };
  _: { result: R[]; selectedFields: Record<string, unknown> };
};

type Decode = (value: unknown) => unknown;
const asIs: Decode = (value) => value;

/** A field's decoder, looked up once per query (Drizzle's `is()` walks the prototype chain). */
function decoderOf(field: unknown): Decode {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  // sql`…`.mapWith(fn) keeps its decoder on the SQL object (not in Drizzle's public types).
  const decoder: unknown = is(field, SQL) ? Reflect.get(field, "decoder") : undefined;
  if (decoder && typeof decoder === "object" && "mapFromDriverValue" in decoder && typeof decoder.mapFromDriverValue === "function") {
    const map = decoder.mapFromDriverValue;
    return (value) => map.call(decoder, value);
  }
  return asIs;
}

/**
 * The rows of a Drizzle select with a flat selection (`db().select({ a: t.a, b: sql… })`), read one
 * at a time with better-sqlite3's `iterate()` for exports that must stream in bounded memory.
 *
 * It runs on its own read-only connection: while an iterator is open its connection refuses every
 * other statement ("This database connection is busy executing a query"), and a download paced by
 * a slow client must not block the app's writes on the shared one. The connection is opened at the
 * first row and closed when the rows run out, or when the consumer stops early (`return()`, which a
 * cancelled csvStream calls). The whole export reads one consistent snapshot (WAL).
 */
export function* iterateSelect<R>(query: FlatSelect<R>): Generator<R, void, undefined> {
  const entries = Object.entries(query._.selectedFields);
  const keys = entries.map(([key]) => key);
  const decoders = entries.map(([, field]) => decoderOf(field));
  const { sql, params } = query.toSQL();
  db(); // the shared connection creates and migrates the file
  const reader = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    // One pass over the rows reads each page once: a 2 MB cache, not the 16 MB default per connection.
    reader.pragma("cache_size = -2000");
    const rows: IterableIterator<unknown[]> = reader.prepare<unknown[], unknown[]>(sql).raw().iterate(...params);
    for (const row of rows) {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        record[keys[i]] = value === null ? null : decoders[i](value);
      }
      yield record as R; // the keys and decoders are the query's own selection
    }
  } finally {
    reader.close();
  }
}
