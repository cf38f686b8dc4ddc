// A worker thread of the attendance CSV (attendanceCsv in app/models/attendance/report.server.ts): reads its
// days' records on its own read-only connection and formats them, so a year's export uses the
// second core and leaves the request thread free. Bundled by scripts/build-workers.mjs.
import Database, { type Statement } from "better-sqlite3";
import { CSV_ROWS_PER_CHUNK, csvLines } from "~/lib/csv.server";
import { rowFullName } from "~/lib/enums";
import { statementValues } from "~/lib/portable-statement";
import { setAppTimeZone } from "~/lib/thai-date";
import { makeParts } from "~/lib/worker-parts";
import { exportColumns, exportRow, type AttendanceExportTask, type ExportRow } from "~/models/attendance/export.server";

/** EXPORT_EMPLOYEE_FIELDS' values. */
type EmployeeCells = [code: string, title: number, firstName: string, lastName: string, namePrefix: string];

function* rowsOf(raw: IterableIterator<unknown[]>): Generator<ExportRow, void, undefined> {
  for (const row of raw) yield exportRow(row);
}

makeParts<AttendanceExportTask>((task) => {
  setAppTimeZone(task.context.timeZone);
  const reader = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    // One pass over the rows reads each page once: a 2 MB cache, not the 16 MB default per connection.
    reader.pragma("cache_size = -2000");
    // One snapshot (WAL) for every day this worker reads, as one query had it.
    reader.exec("BEGIN");
    const statement = reader.prepare<unknown[], unknown[]>(task.statement.sql).raw();
    // An employee added after the context was read: looked up on a second connection, opened
    // only then (the reader's is busy with the day's rows while they are read).
    let lookups: Database.Database | null = null;
    let employee: Statement<unknown[], EmployeeCells> | null = null;
    const lookUp = (id: number) => {
      lookups ??= new Database(task.file, { readonly: true, fileMustExist: true });
      employee ??= lookups.prepare<unknown[], EmployeeCells>(task.employee.sql).raw();
      const e = employee.get(...statementValues(task.employee.params, { id }));
      return e && { code: e[0], name: rowFullName({ title: e[1], firstName: e[2], lastName: e[3], namePrefix: e[4] }) };
    };
    const values = exportColumns(task.context, lookUp).map((c) => c.value);
    return {
      make(part, emit) {
        const rows = rowsOf(statement.iterate(...statementValues(task.statement.params, { day: task.days[part] })));
        try {
          for (;;) {
            const { bytes, done } = csvLines(values, rows, CSV_ROWS_PER_CHUNK);
            if (bytes) emit(bytes);
            if (done) return;
          }
        } finally {
          rows.return();
        }
      },
      close: () => {
        lookups?.close();
        reader.close();
      },
    };
  } catch (error) {
    reader.close();
    throw error;
  }
});
