import { and, eq, like, sql } from "drizzle-orm";
import { auditLog, employees } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { seedAddressData } from "~/models/core/address-seed.server";
import { listAmphurs, listDistricts, listProvinces } from "~/models/core/address.server";
import { CSV_LABELS, employeesCsv } from "./csv.server";
import { decodeImportFile, importDate, importEmployees } from "./import.server";
import { EmployeeCreateSchema, EmployeeListQuery } from "./schema";
import { createEmployee, getEmployee, resignEmployee, type EmployeeDto } from "./employee.server";

const admin = { type: "admin" as const, id: 1 };
const L = CSV_LABELS;
const HEADER = [L.code, L.title, L.first_name, L.last_name, L.phone, L.start_date, L.start_date_iso, L.district, L.amphur, L.province, L.address];

beforeAll(() => seedAddressData(), 60_000);

function csv(rows: string[][], { bom = true, eol = "\r\n" } = {}) {
  const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  return (bom ? "\uFEFF" : "") + [HEADER, ...rows].map((r) => r.map(quote).join(",")).join(eol) + eol;
}
const row = (code: string, more: Partial<Record<"phone" | "start" | "startIso" | "district" | "amphur" | "province" | "title" | "first" | "address", string>> = {}) => [
  code,
  more.title ?? "นาย",
  more.first ?? "สมชาย",
  "ใจดี",
  more.phone ?? "",
  more.start ?? "",
  more.startIso ?? "",
  more.district ?? "",
  more.amphur ?? "",
  more.province ?? "",
  more.address ?? "",
];

const countLike = (prefix: string) =>
  db().select({ n: sql<number>`count(*)` }).from(employees).where(like(employees.code, `${prefix}%`)).get()!.n;

function chiangMai() {
  const province = listProvinces().find((p) => p.name_th === "เชียงใหม่")!;
  const amphur = listAmphurs(province.id)[0];
  const district = listDistricts(amphur.id)[0];
  return { province, amphur, district };
}

describe("importDate", () => {
  test.each([
    ["2026-03-09", "2026-03-09"],
    ["9 มี.ค. 2569", "2026-03-09"],
    ["9 มีนาคม 2569", "2026-03-09"],
    ["9/3/2569", "2026-03-09"],
    ["09/03/2026", "2026-03-09"],
    ["2569-03-09", "2026-03-09"],
  ])("%s → %s", (text, iso) => expect(importDate(text)).toBe(iso));
  test("text that is no date is null", () => expect(importDate("เมื่อวาน")).toBeNull());
});

describe("importEmployees", () => {
  test("preview checks every row and writes nothing", () => {
    const report = importEmployees(csv([row("PV-1"), row("PV-2"), row("PV-3", { title: "" })]), "preview", admin);
    expect(report).toMatchObject({ mode: "preview", total: 3, valid: 2, invalid: 1, created: 0 });
    expect(report.problems).toEqual([{ row: 4, code: "PV-3", name: "สมชาย ใจดี", fields: { title: "กรุณากรอกคำนำหน้า" } }]);
    expect(countLike("PV-")).toBe(0);
  });

  test("all_or_nothing with one bad row writes nothing and no audit rows", () => {
    const audits = () => db().select({ n: sql<number>`count(*)` }).from(auditLog).get()!.n;
    const before = audits();
    const report = importEmployees(csv([row("AN-1"), row("AN-2", { start: "31/02/2569" }), row("AN-3")]), "all_or_nothing", admin);
    expect(report).toMatchObject({ valid: 2, invalid: 1, created: 0 });
    expect(report.problems[0].fields.start_date).toBe("วันเริ่มงานไม่ใช่วันที่ที่มีอยู่จริง");
    expect(countLike("AN-")).toBe(0);
    expect(audits()).toBe(before);
  });

  test("valid_only writes the good rows, each audit-logged, and one summary row", () => {
    const report = importEmployees(csv([row("VO-1"), row("VO-2", { phone: "abc" }), row("VO-3")]), "valid_only", admin);
    expect(report).toMatchObject({ valid: 2, invalid: 1, created: 2 });
    expect(report.problems[0]).toMatchObject({ row: 3, fields: { phone: "เบอร์โทรศัพท์ไม่ถูกต้อง" } });
    expect(countLike("VO-")).toBe(2);
    const created = db().select().from(employees).where(like(employees.code, "VO-%")).all();
    for (const e of created) {
      const audit = db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "employee"), eq(auditLog.entityId, String(e.id)), eq(auditLog.action, "create")))
        .get();
      expect(audit?.actorId).toBe(1);
    }
    const summary = db().select().from(auditLog).where(eq(auditLog.action, "import")).all().at(-1);
    expect(summary?.changes).toEqual({ mode: "valid_only", total: 3, created: 2, skipped: 1 });
  });

  test("a code used twice in the file, or already in the database (any case), is refused", () => {
    createEmployee(EmployeeCreateSchema.parse({ code: "DUP-DB", title: 1, first_name: "มี", last_name: "แล้ว" }), admin);
    const report = importEmployees(csv([row("DUP-1"), row("dup-1"), row("dup-db")]), "preview", admin);
    expect(report.problems.map((p) => [p.row, p.fields.code])).toEqual([
      [3, "รหัสพนักงานซ้ำกับแถวที่ 2 ในไฟล์"],
      [4, "รหัสพนักงานนี้มีอยู่แล้วในระบบ"],
    ]);
  });

  test("with or without a BOM, CRLF or LF, a quoted cell holding a comma and a line break", () => {
    const rows = [row("FMT-1", { first: 'สม,ชาย "ชัย"' })];
    for (const text of [csv(rows), csv(rows, { bom: false }), csv(rows, { eol: "\n" })]) {
      const report = importEmployees(text, "preview", admin);
      expect(report).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    }
    const bytes = new TextEncoder().encode(csv(rows));
    expect(bytes.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(importEmployees(decodeImportFile(bytes), "preview", admin).valid).toBe(1);
    // A line break inside a quoted cell stays in its row (and the address refuses it, as the form does).
    const broken = importEmployees(csv([row("FMT-2", { address: "บ้าน 1\r\nถนน 2" }), row("FMT-3")]), "preview", admin);
    expect(broken).toMatchObject({ total: 2, valid: 1 });
    expect(broken.problems[0]).toMatchObject({ row: 2, code: "FMT-2" });
    expect(broken.problems[0].fields.address).toMatch(/^ที่อยู่มีอักขระที่ใช้ไม่ได้/);
  });

  test("a file that is not UTF-8 (Excel's Thai ANSI CSV) is a Thai 400", () => {
    const tis620 = new Uint8Array([0xca, 0xc1, 0xAA, 0xd2, 0xc2]);
    expect(() => decodeImportFile(tis620)).toThrow(new DomainError(400, "ไฟล์ต้องเป็น CSV แบบ UTF-8 (ใน Excel เลือกบันทึกเป็น “CSV UTF-8”)"));
  });

  test("a file without the export's columns, or with nothing in it, is a 400", () => {
    expect(() => importEmployees("a,b\r\n1,2\r\n", "preview", admin)).toThrow(/ไม่พบคอลัมน์ รหัสพนักงาน, คำนำหน้า, ชื่อ, นามสกุล/);
    expect(() => importEmployees(csv([Array<string>(HEADER.length).fill("")]), "preview", admin)).toThrow("ไฟล์ไม่มีข้อมูลพนักงาน");
  });

  test("more rows than the cap is a 413", () => {
    const many = Array.from({ length: 5001 }, (_, i) => row(`CAP-${i}`));
    expect(() => importEmployees(csv(many), "preview", admin)).toThrow(expect.objectContaining({ status: 413 }));
  });

  test("a free title: ดร. in คำนำหน้าอื่น, or ว่าที่ ร.ต. in คำนำหน้า with นางสาว beside it; alone or too long it is refused in Thai", () => {
    const header = [L.code, L.title, L.first_name, L.last_name, L.name_prefix];
    const text = `\uFEFF${[
      header,
      ["PX-1", "นาย", "สมชาย", "ใจดี", "ดร."],
      ["PX-2", "ว่าที่ ร.ต.", "สมหญิง", "ใจงาม", "นางสาว"],
      ["PX-3", "ดร.", "มานะ", "อดทน", ""],
      ["PX-4", "นาง", "มาลี", "มีสุข", "ก".repeat(41)],
    ]
      .map((r) => r.join(","))
      .join("\r\n")}\r\n`;
    const report = importEmployees(text, "valid_only", admin);
    expect(report).toMatchObject({ total: 4, valid: 2, invalid: 2, created: 2 });
    expect(report.problems).toEqual([
      {
        row: 4,
        code: "PX-3",
        name: "มานะ อดทน",
        fields: { title: "“ดร.” ไม่ใช่ นาย นาง หรือ นางสาว: ใส่ นาย/นาง/นางสาว ในคอลัมน์ “คำนำหน้า” และ “ดร.” ในคอลัมน์ “คำนำหน้าอื่น”" },
      },
      { row: 5, code: "PX-4", name: "มาลี มีสุข", fields: { name_prefix: "คำนำหน้าอื่นยาวเกิน 40 ตัวอักษร" } },
    ]);
    const byCode = (code: string) => getEmployee(db().select({ id: employees.id }).from(employees).where(eq(employees.code, code)).get()!.id)!;
    expect(byCode("PX-1")).toMatchObject({ title: 1, name_prefix: "ดร.", full_name: "ดร. สมชาย ใจดี" });
    expect(byCode("PX-2")).toMatchObject({ title: 3, name_prefix: "ว่าที่ ร.ต.", full_name: "ว่าที่ ร.ต. สมหญิง ใจงาม" });

    // A sheet without the คำนำหน้าอื่น column: ว่าที่ ร.ต. alone has no title.
    const alone = importEmployees(csv([row("PX-5", { title: "ว่าที่ ร.ต." })]), "preview", admin);
    expect(alone.problems[0].fields).toEqual({
      title: "“ว่าที่ ร.ต.” ไม่ใช่ นาย นาง หรือ นางสาว: ใส่ นาย/นาง/นางสาว ในคอลัมน์ “คำนำหน้า” และ “ว่าที่ ร.ต.” ในคอลัมน์ “คำนำหน้าอื่น”",
    });
  });

  test("Thai address names resolve within their province; unknown ones are named", () => {
    const { province, amphur, district } = chiangMai();
    const report = importEmployees(
      csv([
        row("ADR-1", { province: province.name_th, amphur: amphur.name_th, district: district.name_th }),
        row("ADR-2", { province: "แอตแลนติส" }),
        row("ADR-3", { province: "กรุงเทพมหานคร", amphur: amphur.name_th }),
        row("ADR-4", { province: province.name_th, amphur: amphur.name_th, district: "ไม่มีตำบลนี้" }),
      ]),
      "valid_only",
      admin,
    );
    expect(report.problems.map((p) => p.fields)).toEqual([
      { province_id: "ไม่พบจังหวัด “แอตแลนติส”" },
      { amphur_id: `ไม่พบอำเภอ/เขต “${amphur.name_th}” ในจังหวัดกรุงเทพมหานคร` },
      { district_id: `ไม่พบตำบล/แขวง “ไม่มีตำบลนี้” ใน${amphur.name_th}` },
    ]);
    const e = db().select().from(employees).where(eq(employees.code, "ADR-1")).get()!;
    expect([e.provinceId, e.amphurId, e.districtId, e.zipcode]).toEqual([province.id, amphur.id, district.id, district.zipcode]);
  });

  test("round trip: the export of employees, imported into a database without them, gives the same employees", async () => {
    const { province, amphur, district } = chiangMai();
    const made: EmployeeDto[] = [];
    for (let i = 1; i <= 6; i++) {
      made.push(
        createEmployee(
          EmployeeCreateSchema.parse({
            code: `RT-${i}`,
            title: (i % 3) + 1,
            first_name: `ทดสอบ${i}`,
            name_prefix: i === 1 ? "ดร." : i === 3 ? "ว่าที่ ร.ต." : "",
            last_name: i === 2 ? "ชื่อ, มีจุลภาค" : "นามสกุล",
            nickname: i === 3 ? "=SUM(A1)" : "",
            phone: i % 2 ? "0812345678" : "+66 81 234 5678",
            email: `rt${i}@example.com`,
            position: "พนักงานขาย",
            department: "ฝ่าย  ขาย",
            start_date: `2024-0${i}-1${i}`,
            address: i === 4 ? "12/3 หมู่ 4, ถนน \"ห้วยแก้ว\"" : "99",
            province_id: province.id,
            amphur_id: amphur.id,
            district_id: i === 5 ? null : district.id,
            zipcode: i === 5 ? "50000" : "",
          }),
          admin,
        ),
      );
    }
    resignEmployee(made[5].id, "2025-12-31", admin);
    const query = EmployeeListQuery.parse({ q: "rt-" });
    const files = [await readCsv(employeesCsv("active", query)), await readCsv(employeesCsv("resigned", query))];
    db().delete(employees).where(like(employees.code, "RT-%")).run();
    for (const file of files) {
      const report = importEmployees(`\uFEFF${file}`, "all_or_nothing", admin);
      expect(report.problems).toEqual([]);
    }
    const strip = ({ id: _id, working: _w, ...rest }: EmployeeDto) => rest;
    for (const before of made) {
      const row = db().select({ id: employees.id }).from(employees).where(eq(employees.code, before.code)).get()!;
      const after = getEmployee(row.id)!;
      const expected = before.code === "RT-6" ? { ...before, resign_date: "2025-12-31" } : before;
      expect(strip(after)).toEqual(strip(expected));
    }
    expect(made[0].department).toBe("ฝ่าย ขาย");
  });
});
