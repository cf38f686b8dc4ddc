import { CSV_ROWS_PER_CHUNK, csvCell, csvResponse, csvStream, neutraliseCell, readCsv, type CsvColumn, readCell } from "./csv.server";

const toCsv = <T,>(columns: CsvColumn<T>[], rows: Iterable<T>) => readCsv(csvStream(columns, rows));

describe("CSV", () => {
  test("starts with a UTF-8 BOM and keeps Thai text intact", async () => {
    const csv = await toCsv([{ label: "ชื่อ", value: (r: { n: string }) => r.n }], [{ n: "สมชาย" }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("ชื่อ\r\nสมชาย\r\n");
  });

  test("cells that would run as formulas are neutralised", async () => {
    for (const evil of ["=1+1", "+66812345678", "-2", "@SUM(A1)", "\t=x"]) {
      expect(neutraliseCell(evil)).toBe(`'${evil}`);
      expect(csvCell(evil)).toBe(`'${evil}`);
    }
    expect(neutraliseCell("081-234-5678")).toBe("081-234-5678");
    const csv = await toCsv([{ label: "a", value: (r: { v: string }) => r.v }], [{ v: "=HYPERLINK(1)" }, { v: "-0812" }]);
    expect(csv.slice(1)).toBe("a\r\n'=HYPERLINK(1)\r\n'-0812\r\n");
  });

  test("quotes commas, quotes and new lines", async () => {
    const csv = await toCsv([{ label: "a", value: (r: { v: string }) => r.v }], [{ v: 'x, "y"\nz' }]);
    expect(csv).toContain('"x, ""y""\nz"');
  });

  test("a lone line break is quoted too, so a multi-line note stays in its row", async () => {
    const csv = await toCsv(
      [
        { label: "note", value: (r: { v: string }) => r.v },
        { label: "n", value: () => 1 },
      ],
      [{ v: "บรรทัดแรก\nบรรทัดสอง" }, { v: "a\rb" }, { v: "" }],
    );
    expect(csv.slice(1)).toBe('note,n\r\n"บรรทัดแรก\nบรรทัดสอง",1\r\n"a\rb",1\r\n,1\r\n');
  });

  test("digits-only text with a leading zero stays text in Excel; nothing else changes", async () => {
    expect(csvCell("0812345678")).toBe('="0812345678"');
    expect(csvCell("007")).toBe('="007"');
    for (const plain of ["10110", "0", "081-234-5678", "0812 345 678", "0a1", ""]) expect(csvCell(plain)).toBe(plain);
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    const csv = await toCsv([{ label: "โทร", value: (r: { p: string }) => r.p }], [{ p: "0812345678" }]);
    expect(csv.slice(1)).toBe('โทร\r\n"=""0812345678"""\r\n');
  });

  test("every cell in the file is csvCell's text, quoted by RFC 4180 when needed", async () => {
    const corpus: (string | number | null | undefined)[] = [
      "", null, undefined, 0, 12.5, -3, "plain", "ไทย", "0", "007", "0812345678", "0a1", "081-234-5678",
      "=SUM(A1)", "+1", "-2", "@x", "\tlead", "\rlead", 'say "hi"', "a,b", "line\nbreak", "cr\rhere", '=HYPERLINK("x")', "'quoted",
    ];
    const rfc = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    const csv = await toCsv(
      corpus.map((_, i) => ({ label: `c${i}`, value: (r: { cells: typeof corpus }) => r.cells[i] })),
      [{ cells: corpus }],
    );
    const body = csv.slice(csv.indexOf("\r\n") + 2);
    expect(body).toBe(corpus.map((v) => rfc(csvCell(v))).join(",") + "\r\n");
  });

  test("reads rows lazily: the first chunk pulls a bounded number of rows from an endless source", async () => {
    let pulled = 0;
    let closed = false;
    function* endless() {
      try {
        for (;;) yield { n: ++pulled };
      } finally {
        closed = true;
      }
    }
    const stream = csvStream([{ label: "n", value: (r: { n: number }) => r.n }], endless());
    const reader = stream.getReader();
    const header = await reader.read();
    expect([...header.value!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value!).startsWith("1\r\n2\r\n3\r\n")).toBe(true);
    // What was read plus at most one chunk buffered ahead.
    expect(pulled).toBeLessThanOrEqual(2 * CSV_ROWS_PER_CHUNK);
    await reader.cancel();
    expect(closed).toBe(true);
  });

  test("a failing source errors the stream and is closed", async () => {
    let closed = false;
    function* failing() {
      try {
        yield { v: "a" };
        throw new Error("boom");
      } finally {
        closed = true;
      }
    }
    await expect(readCsv(csvStream([{ label: "v", value: (r: { v: string }) => r.v }], failing()))).rejects.toThrow("boom");
    expect(closed).toBe(true);
  });

  test("csvResponse sends the stream as a CSV attachment with a Thai-safe file name", async () => {
    const response = csvResponse(csvStream([{ label: "ก", value: (r: { v: string }) => r.v }], [{ v: "ข" }]), "พนักงาน.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("พนักงาน.csv")}`);
    expect(await response.text()).toBe("ก\r\nข\r\n"); // Response.text() strips the BOM
  });
});

describe("readCell", () => {
  test.each(["0812345678", "007", "=SUM(A1)", "+66 81 234 5678", "-5", "@home", "plain", "", "'quoted"])(
    "reads back what csvCell wrote: %s",
    (value) => expect(readCell(csvCell(value))).toBe(value),
  );
  test("a cell a spreadsheet saved again as plain text passes as it is", () => {
    expect(readCell("0812345678")).toBe("0812345678");
  });
});
