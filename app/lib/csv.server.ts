export type CsvColumn<T> = { label: string; value: (row: T) => string | number | null | undefined };

// A cell starting with these is run as a formula by Excel/LibreOffice (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// Excel reads these as numbers and drops the leading zero (phone numbers, codes like "007").
const LEADING_ZERO_DIGITS = /^0\d+$/;

export function neutraliseCell(value: string) {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The text of one cell: formula starts are neutralised first; then a digits-only text with a
 * leading zero is written as the formula ="0812345678", which Excel shows as that text. Only
 * cells that are all digits take this form, so nothing a user typed ever runs as a formula.
 */
export function csvCell(value: string | number | null | undefined) {
  if (value == null) return "";
  if (typeof value === "number") return String(value);
  const safe = neutraliseCell(value);
  return LEADING_ZERO_DIGITS.test(safe) ? `="${safe}"` : safe;
}

const WRITTEN_AS_TEXT = /^="(0\d+)"$/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A cell read back from a CSV this app wrote (csvCell undone): `="0812"` is the text 0812 and a
 * quote put before a formula start is dropped. A spreadsheet that saved the file again may have
 * written the plain text already; that passes as it is.
 */
export function readCell(text: string) {
  const zero = WRITTEN_AS_TEXT.exec(text);
  if (zero) return zero[1];
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** Rows encoded per chunk: bounds both the chunk size and how far the source is read ahead. */
export const CSV_ROWS_PER_CHUNK = 1000;

const encoder = new TextEncoder();
// RFC 4180: a cell holding a comma, a quote or any line break is quoted, its quotes doubled.
// (csv-stringify with a CRLF delimiter left a lone "\n" unquoted, which splits the row in Excel,
// and took most of a large export's time.)
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;
const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text);

// First characters that make a spreadsheet formula (= + - @ tab CR), and "0".
const FORMULA_CODES = new Set([61, 43, 45, 64, 9, 13]);
const ZERO = 48;

/**
 * A cell as it goes into the file: csvCell, then quoted when needed. The same result as
 * `quoted(csvCell(value))`, checking the first character before any pattern: an export writes
 * millions of cells, and most are empty, numbers or plain text.
 */
function field(value: string | number | null | undefined): string {
  if (value == null || value === "") return "";
  if (typeof value === "number") return String(value);
  const first = value.charCodeAt(0);
  if (FORMULA_CODES.has(first)) return quoted(`'${value}`);
  if (first === ZERO && LEADING_ZERO_DIGITS.test(value)) return `"=""${value}"""`;
  return quoted(value);
}

const line = (cells: readonly (string | number | null | undefined)[]) => {
  let text = field(cells[0]);
  for (let i = 1; i < cells.length; i++) text += "," + field(cells[i]);
  return text + "\r\n";
};

/** The first bytes of every export: a UTF-8 BOM (Excel needs it for Thai) and the header row. */
export function csvHeader(columns: readonly { label: string }[]): Uint8Array {
  const header = encoder.encode(line(columns.map((c) => c.label)));
  const bytes = new Uint8Array(3 + header.length);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(header, 3);
  return bytes;
}

/**
 * Up to `max` rows of `source` as CSV lines. `done` once the source has run out. An error while
 * reading closes the source (its `finally` runs) before it is thrown on.
 */
export function csvLines<T>(values: readonly CsvColumn<T>["value"][], source: Iterator<T>, max: number) {
  let text = "";
  let count = 0;
  let done = false;
  try {
    while (count < max) {
      const next = source.next();
      if (next.done) {
        done = true;
        break;
      }
      const row = next.value;
      text += field(values[0](row));
      for (let i = 1; i < values.length; i++) text += "," + field(values[i](row));
      text += "\r\n";
      count++;
    }
  } catch (error) {
    source.return?.();
    throw error;
  }
  return { bytes: count ? encoder.encode(text) : null, done };
}

/**
 * UTF-8 CSV with a BOM and the header row first, as a byte stream that reads `rows` lazily: each
 * chunk pulls at most CSV_ROWS_PER_CHUNK rows, only when the reader (the HTTP response) asks for
 * more. Cancelling the stream closes the source (its `finally` runs).
 */
export function csvStream<T>(columns: CsvColumn<T>[], rows: Iterable<T>): ReadableStream<Uint8Array> {
  let source: Iterator<T> | undefined;
  const values = columns.map((c) => c.value);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(csvHeader(columns));
      },
      pull(controller) {
        source ??= rows[Symbol.iterator]();
        const { bytes, done } = csvLines(values, source, CSV_ROWS_PER_CHUNK);
        if (bytes) controller.enqueue(bytes);
        if (done) controller.close();
      },
      cancel() {
        source?.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

export function csvResponse(body: ReadableStream<Uint8Array>, filename: string) {
  // Header values are Latin-1: an ASCII stand-in for old clients, the real name in filename*.
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}

/** The whole stream as text (tests, small exports). */
export async function readCsv(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}
