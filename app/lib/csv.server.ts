import { stringify } from "csv-stringify/sync";

export type CsvColumn<T> = { label: string; value: (row: T) => string | number | null | undefined };

// A cell starting with these is run as a formula by Excel/LibreOffice (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string) {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** UTF-8 CSV with a BOM (Excel needs it for Thai) and formula-safe cells. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>): string {
  const records: string[][] = [columns.map((c) => c.label)];
  for (const row of rows) {
    records.push(columns.map((c) => neutraliseCell(String(c.value(row) ?? ""))));
  }
  return `\uFEFF${stringify(records, { record_delimiter: "\r\n" })}`;
}

export function csvResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}
