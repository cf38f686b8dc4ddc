import { CSV_ROWS_PER_CHUNK, readCsv } from "~/lib/csv.server";
import { employees } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { EmployeeCreateSchema, EmployeeListQuery } from "./schema";
import { employeeExportRows, employeesCsv } from "./csv.server";
import { createEmployee, listEmployees, resignEmployee } from "./employee.server";

const admin = { type: "admin" as const, id: 1 };
const query = (q: Partial<EmployeeListQuery> = {}) => EmployeeListQuery.parse(q);

let serial = 0;
function make(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const input = EmployeeCreateSchema.parse({
    code: `X${String(serial).padStart(4, "0")}`,
    title: 1,
    first_name: "สมชาย",
    last_name: "ใจดี",
    ...overrides,
  });
  return createEmployee(input, admin);
}

const lines = (csv: string) => csv.slice(1).trimEnd().split("\r\n");

describe("employee CSV", () => {
  test("a phone with a leading zero stays text; dates are Thai BE with ISO beside them", async () => {
    make({ code: "ISO-1", phone: "0812345678", start_date: "2024-01-15", last_name: "วันที่" });
    const [header, row] = lines(await readCsv(employeesCsv("active", query({ q: "ISO-1" }))));
    const labels = header.split(",");
    const cells = row.split(",");
    const at = (label: string) => cells[labels.indexOf(label)];
    expect(labels.indexOf("วันเริ่มงาน (ค.ศ.)")).toBe(labels.indexOf("วันเริ่มงาน") + 1);
    expect(labels.indexOf("วันที่ลาออก (ค.ศ.)")).toBe(labels.indexOf("วันที่ลาออก") + 1);
    expect(at("เบอร์โทรศัพท์")).toBe('"=""0812345678"""');
    expect(at("วันเริ่มงาน")).toBe("15 ม.ค. 2567");
    expect(at("วันเริ่มงาน (ค.ศ.)")).toBe("2024-01-15");
    expect(at("วันที่ลาออก (ค.ศ.)")).toBe("");
  });

  test("the resigned CSV carries the ISO resign date", async () => {
    const e = make({ code: "ISO-2", last_name: "ลาออกไป" });
    resignEmployee(e.id, "2025-03-31", admin);
    const csv = await readCsv(employeesCsv("resigned", query({ q: "ISO-2" })));
    expect(csv).toContain("31 มี.ค. 2568,2025-03-31");
  });

  test.each([
    ["code", "asc"],
    ["code", "desc"],
    ["name", "asc"],
    ["position", "desc"],
    ["start_date", "asc"],
  ] as const)("rows come in the list's order (sort %s %s), every page", (sort, order) => {
    if (!listEmployees("active", query({ q: "ORD-" })).total) {
      make({ code: "ORD-3", first_name: "ไพโรจน์", position: "ข", start_date: "2023-05-01" });
      make({ code: "ORD-1", first_name: "เอกชัย", position: "ก", start_date: "2021-05-01" });
      make({ code: "ORD-2", first_name: "กมล", position: "ค", start_date: "2022-05-01" });
    }
    const q = query({ q: "ORD-", sort, order, page_size: 1 });
    const listed = [1, 2, 3].flatMap((page) => listEmployees("active", { ...q, page }).items.map((e) => e.code));
    expect([...employeeExportRows("active", q)].map((e) => e.code)).toEqual(listed);
  });

  test("the rows are read on their own connection: the app keeps writing while an export is open", async () => {
    for (let i = 0; i < 5; i++) make({ last_name: "ระหว่างส่งออก" });
    const reader = employeesCsv("active", query({ q: "ระหว่างส่งออก" })).getReader();
    await reader.read(); // header
    await reader.read(); // the first rows: the iterator is open now
    expect(() => make({ last_name: "เพิ่มระหว่างส่งออก" })).not.toThrow();
    expect(() => immediate(() => undefined)).not.toThrow();
    await reader.cancel();
  });

  test("a long list streams in several chunks", async () => {
    const bulk = Array.from({ length: 2 * CSV_ROWS_PER_CHUNK + 50 }, (_, i) => ({ code: `BULK-${i}`, title: 1, firstName: "ก", lastName: "ข", searchText: `bulk-${i} ก ข` }));
    db().insert(employees).values(bulk).run();
    const reader = employeesCsv("active", query({ q: "bulk-" })).getReader();
    const chunks: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    expect(chunks.length).toBe(4); // the header, then two full chunks and the last 50 rows
    expect(chunks.join("").trimEnd().split("\r\n")).toHaveLength(2 * CSV_ROWS_PER_CHUNK + 51);
  });
});
