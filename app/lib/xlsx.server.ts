import writeXlsxFile, { type CellObject, type SheetData } from "write-excel-file/node";

// XLSX files with write-excel-file (docs/decisions/047-payroll-close-and-export.md): one sheet of
// rows written in memory. A text cell is a shared string, never a formula, so nothing a person
// typed can run in the spreadsheet (the CSV's neutralising is not needed here).

export type { CellObject, SheetData };

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * A date shown in the Buddhist Era with Thai month names (30 พฤศจิกายน 2569): LCID 041E (Thai),
 * calendar 07 (Thai Buddhist), Western digits. LibreOffice and Excel both read this form; the
 * newer `[$-th-TH,107]` tag is shown by LibreOffice as a bare serial number.
 */
export const THAI_DATE_FORMAT = "[$-107041E]d mmmm yyyy";

/** A calendar date (YYYY-MM-DD) as a date cell: the day itself, with no time or zone in it. */
export function dateCell(date: string): CellObject {
  const [year, month, day] = date.split("-").map(Number);
  return { value: new Date(Date.UTC(year, month - 1, day)), type: Date, format: THAI_DATE_FORMAT };
}

export type XlsxSheet = {
  name: string;
  rows: SheetData;
  /** Rows kept in view while scrolling (Excel's frozen panes), from the top. */
  frozenRows?: number;
  /** Columns kept in view while scrolling sideways, from the left. */
  frozenColumns?: number;
  /** Column widths in characters. */
  widths?: number[];
};

/**
 * The workbook's bytes. The spreadsheet's own default font is kept (its Thai fallback shows Thai):
 * a default font of the file's own would give every cell a style to look up, a third of the time
 * of a thousand-row sheet.
 */
export async function xlsxBytes(sheet: XlsxSheet): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await writeXlsxFile(sheet.rows, {
    sheet: sheet.name,
    stickyRowsCount: sheet.frozenRows,
    stickyColumnsCount: sheet.frozenColumns,
    columns: sheet.widths?.map((width) => ({ width })),
  }).toBuffer();
  return new Uint8Array(buffer);
}

/** The headers of a download of an XLSX file named `filename` (a Thai name in filename*). */
export function xlsxHeaders(filename: string): HeadersInit {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    "Cache-Control": "no-store",
  };
}
