import Database from "better-sqlite3";
import { Column, fillPlaceholders, getTableColumns, is, SQL, Table } from "drizzle-orm";
import { databasePath, db, preparedQuery, type Db } from "./db.server";

/** A Drizzle select, as these readers use it: its SQL and its selection. */
type SelectQuery<R> = {
  toSQL(): { sql: string; params: unknown[] };
  _: { result: R[]; selectedFields: Record<string, unknown> };
};

type Decode = (value: unknown) => unknown;

/**
 * A field's decoder, looked up once per query (Drizzle's `is()` walks the prototype chain); null
 * when the driver's value is the result already (a text, integer or real column, plain `sql`):
 * an export calls these millions of times.
 */
function decoderOf(field: unknown): Decode | null {
  if (is(field, Column)) {
    if (field.mapFromDriverValue === Column.prototype.mapFromDriverValue) return null;
    return (value) => field.mapFromDriverValue(value);
  }
  // sql`…`.mapWith(fn) keeps its decoder on the SQL object (not in Drizzle's public types).
  const decoder: unknown = is(field, SQL) ? Reflect.get(field, "decoder") : undefined;
  if (decoder && typeof decoder === "object" && "mapFromDriverValue" in decoder && typeof decoder.mapFromDriverValue === "function") {
    const map = decoder.mapFromDriverValue;
    return (value) => map.call(decoder, value);
  }
  return null;
}

type Selection = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Selection =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A decoder of a select's raw rows (arrays, in the selection's order) into its result objects.
 * A selection is flat (`{ a: t.a, b: sql… }`) or has groups one level down (`{ e: { … }, a: table }`);
 * a group whose values are all null (a LEFT JOIN that found nothing) is null, as Drizzle makes it.
 */
function rowDecoder(selection: Selection): (row: unknown[]) => unknown {
  const groups = Object.entries(selection).map(([key, field]) => {
    const group = is(field, Table) ? getTableColumns(field) : isPlainObject(field) ? field : null;
    if (!group) return { key, names: null, decoders: [decoderOf(field)] };
    return { key, names: Object.keys(group), decoders: Object.values(group).map(decoderOf) };
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    let i = 0;
    for (const { key, names, decoders } of groups) {
      if (!names) {
        const value = row[i++];
        const decode = decoders[0];
        result[key] = value === null || !decode ? value : decode(value);
        continue;
      }
      const group: Record<string, unknown> = {};
      let empty = true;
      for (let k = 0; k < names.length; k++, i++) {
        const value = row[i];
        const decode = decoders[k];
        if (value !== null) empty = false;
        group[names[k]] = value === null || !decode ? value : decode(value);
      }
      result[key] = empty ? null : group;
    }
    return result;
  };
}

/**
 * A select compiled once into a better-sqlite3 statement on the app's connection, answering its
 * rows for the given `sql.placeholder` values. For lists of hundreds of rows read on every
 * request: Drizzle's own `.all()` checks every value's column type again on every row, which
 * cost a 1,000-row read more than SQLite did.
 */
export function rawSelect<R, V extends Record<string, unknown>>(build: (d: Db) => SelectQuery<R>) {
  const compiled = preparedQuery((d) => {
    const query = build(d);
    const { sql, params } = query.toSQL();
    const statement = d.$client.prepare<unknown[], unknown[]>(sql).raw();
    const decode = rowDecoder(query._.selectedFields);
    return (values: V) => statement.all(...fillPlaceholders(params, values)).map(decode) as R[];
  });
  return (values: V): R[] => compiled()(values);
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
 *
 * `decode` turns a raw row (an array in the selection's order) into the result; by default the
 * selection's own decoders. An export of hundreds of thousands of rows can pass a literal of its
 * own: one object of a fixed shape per row, no decoder called per value.
 */
export function* iterateSelect<R>(
  query: SelectQuery<R>,
  decode: (row: unknown[]) => R = rowDecoder(query._.selectedFields) as (row: unknown[]) => R,
): Generator<R, void, undefined> {
  const { sql, params } = query.toSQL();
  db(); // the shared connection creates and migrates the file
  const reader = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    // One pass over the rows reads each page once: a 2 MB cache, not the 16 MB default per connection.
    reader.pragma("cache_size = -2000");
    const rows: IterableIterator<unknown[]> = reader.prepare<unknown[], unknown[]>(sql).raw().iterate(...params);
    for (const row of rows) yield decode(row);
  } finally {
    reader.close();
  }
}
