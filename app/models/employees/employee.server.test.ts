import { eq } from "drizzle-orm";
import { makeJpeg } from "../../../tests/fixtures/images";
import { employees, PAY_BASES, settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { readCsv } from "~/lib/csv.server";
import { DomainError } from "~/lib/errors";
import { getUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { fieldErrors } from "~/lib/validation";
import { seedAddressData } from "~/models/core/address-seed.server";
import { listAmphurs, listDistricts, listProvinces } from "~/models/core/address.server";
import { listAudit, listAuditEntries } from "~/models/audit/audit.server";
import { updateSettings } from "~/models/core/settings.server";
import { employeeBrief, briefEmployeeColumns } from "./brief.server";
import { EmployeeCreateSchema, EmployeeListQuery, EmployeeUpdateSchema, PAY_BASIS_VALUES } from "./schema";
import { employeesCsv } from "./csv.server";
import {
  createEmployee,
  getEmployee,
  listEmployees,
  REPEAT_CREATE_WINDOW_MS,
  reinstateEmployee,
  resignEmployee,
  setEmployeePhoto,
  updateEmployee,
} from "./employee.server";

const admin = { type: "admin" as const, id: 1 };
const query = (q: Partial<EmployeeListQuery> = {}) => EmployeeListQuery.parse(q);

let serial = 0;
function make(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const input = EmployeeCreateSchema.parse({
    code: `E${String(serial).padStart(4, "0")}`,
    title: 1,
    first_name: "สมชาย",
    last_name: "ใจดี",
    ...overrides,
  });
  return createEmployee(input, admin);
}

function domainError(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

beforeAll(async () => {
  await seedAddressData();
});

describe("validation", () => {
  test("required fields and formats have Thai messages", () => {
    const result = EmployeeCreateSchema.safeParse({ code: "", title: 9, first_name: " ", last_name: "", email: "x@", phone: "12", start_date: "2026-02-30" });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!);
    expect(fields).toMatchObject({
      code: "กรุณากรอกรหัสพนักงาน",
      title: "กรุณาเลือกคำนำหน้า",
      first_name: "กรุณากรอกชื่อ",
      last_name: "กรุณากรอกนามสกุล",
      email: "อีเมลไม่ถูกต้อง",
      phone: "เบอร์โทรศัพท์ไม่ถูกต้อง",
      start_date: "วันเริ่มงานไม่ใช่วันที่ที่มีอยู่จริง",
    });
  });

  test("empty form fields clear the value", () => {
    const parsed = EmployeeCreateSchema.parse({ code: "A1", title: "3", first_name: "ก", last_name: "ข", start_date: "", province_id: "", nickname: "" });
    expect(parsed).toMatchObject({ title: 3, start_date: null, province_id: null, nickname: "" });
  });
});

describe("create and update", () => {
  test("creates with a Thai address; the zipcode comes from the district", () => {
    const bangkok = listProvinces().find((p) => p.name_th === "กรุงเทพมหานคร")!;
    const khet = listAmphurs(bangkok.id)[0];
    const khwaeng = listDistricts(khet.id)[0];
    const e = make({ province_id: bangkok.id, amphur_id: khet.id, district_id: khwaeng.id, zipcode: "00000", address: "99/1 ซอยสุขุมวิท 1" });
    expect(e).toMatchObject({
      province_id: bangkok.id,
      amphur_id: khet.id,
      district_id: khwaeng.id,
      zipcode: khwaeng.zipcode,
      province_name: "กรุงเทพมหานคร",
      full_name: "นายสมชาย ใจดี",
      line_linked: false,
      face_registered: false,
      photo_url: null,
      resign_date: null,
    });
  });

  test("a district outside its amphur is refused and nothing is written", () => {
    const [p1, p2] = listProvinces();
    const a1 = listAmphurs(p1.id)[0];
    const dOther = listDistricts(listAmphurs(p2.id)[0].id)[0];
    const before = listEmployees("active", query()).total;
    const error = domainError(() => make({ province_id: p1.id, amphur_id: a1.id, district_id: dOther.id }));
    expect(error.status).toBe(400);
    expect(error.fields?.district_id).toBeTruthy();
    expect(listEmployees("active", query()).total).toBe(before);
  });

  test("an exact repeat of a recent create by the same admin is that create; anything else with the code is 409", () => {
    const input = EmployeeCreateSchema.parse({ code: "TWICE-1", title: 2, first_name: "ซ้ำ", last_name: "สองครั้ง", phone: "0812345678" });
    const first = createEmployee(input, admin);
    const before = listEmployees("active", query()).total;
    expect(createEmployee(input, admin)).toEqual(first);
    expect(createEmployee(EmployeeCreateSchema.parse({ ...input }), admin).id).toBe(first.id);
    expect(listEmployees("active", query()).total).toBe(before);
    expect(listAudit({ entity: "employee", entityId: first.id }).filter((a) => a.action === "create")).toHaveLength(1);

    const different = domainError(() => createEmployee({ ...input, phone: "0899999999" }, admin));
    expect(different.status).toBe(409);
    expect(different.fields?.code).toBe("รหัสพนักงานนี้มีอยู่แล้ว");
    expect(domainError(() => createEmployee({ ...input, code: "twice-1" }, admin)).status).toBe(409);
    expect(domainError(() => createEmployee(input, { type: "admin", id: 2 })).status).toBe(409);
    const later = Date.now() + REPEAT_CREATE_WINDOW_MS + 60_000;
    expect(domainError(() => createEmployee(input, admin, later)).status).toBe(409);
    updateEmployee(first.id, { nickname: "ต่าง" }, admin);
    expect(domainError(() => createEmployee(input, admin)).status).toBe(409);
  });

  test("codes are unique, case-insensitively, on create and on update", () => {
    const first = make({ code: "DUP-1" });
    expect(domainError(() => make({ code: "dup-1" })).status).toBe(409);
    const other = make({ code: "DUP-2" });
    const error = domainError(() => updateEmployee(other.id, { code: "Dup-1" }, admin));
    expect(error.status).toBe(409);
    expect(error.fields?.code).toBe("รหัสพนักงานนี้มีอยู่แล้ว");
    expect(getEmployee(first.id)?.code).toBe("DUP-1");
    expect(updateEmployee(first.id, { code: "DUP-1" }, admin).code).toBe("DUP-1");
  });

  test("updates only the given fields and audits what changed", () => {
    const e = make({ position: "พนักงานขาย", phone: "081-234-5678" });
    const after = updateEmployee(e.id, { position: "หัวหน้าฝ่ายขาย" }, admin);
    expect(after.position).toBe("หัวหน้าฝ่ายขาย");
    expect(after.phone).toBe("081-234-5678");
    const audit = listAudit({ entity: "employee", entityId: e.id });
    expect(audit[0]).toMatchObject({
      action: "update",
      actorType: "admin",
      changes: { position: { from: "พนักงานขาย", to: "หัวหน้าฝ่ายขาย" } },
    });
    expect(audit.map((a) => a.action)).toContain("create");
  });

  test("unknown employee → 404", () => {
    expect(domainError(() => updateEmployee(999999, { nickname: "x" }, admin)).status).toBe(404);
  });
});

describe("resign and reinstate", () => {
  test("resigning moves to the resigned list; twice is a conflict; reinstating brings back", () => {
    const e = make({ start_date: "2024-05-01" });
    expect(domainError(() => resignEmployee(e.id, "2024-04-30", admin)).status).toBe(400);
    const resigned = resignEmployee(e.id, "2025-11-30", admin);
    expect(resigned.resign_date).toBe("2025-11-30");
    expect(listEmployees("active", query()).items.some((x) => x.id === e.id)).toBe(false);
    expect(listEmployees("resigned", query()).items.some((x) => x.id === e.id)).toBe(true);
    expect(domainError(() => resignEmployee(e.id, "2025-12-01", admin)).status).toBe(409);

    expect(reinstateEmployee(e.id, admin).resign_date).toBeNull();
    expect(domainError(() => reinstateEmployee(e.id, admin)).status).toBe(409);
    expect(listAudit({ entity: "employee", entityId: e.id }).map((a) => a.action)).toEqual(
      expect.arrayContaining(["resign", "reinstate"]),
    );
  });
});

describe("a resignation recorded ahead of its date", () => {
  // 2026-11-21 23:59 and 2026-11-22 00:01 in Bangkok.
  const EVE = new Date("2026-11-21T16:59:00Z");
  const DAY = new Date("2026-11-21T17:01:00Z");
  const ids = (status: "active" | "resigned", q: string) => listEmployees(status, query({ q })).items.map((x) => x.id);

  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  test("keeps the employee in current staff and the CSV until the date; on the date they have left", async () => {
    vi.setSystemTime(EVE);
    const e = make({ code: "AHEAD-1", start_date: "2024-05-01" });
    expect(resignEmployee(e.id, "2026-11-22", admin)).toMatchObject({ resign_date: "2026-11-22", working: true });
    expect(ids("active", "AHEAD-1")).toEqual([e.id]);
    expect(ids("resigned", "AHEAD-1")).toEqual([]);
    const csv = await readCsv(employeesCsv("active", query({ q: "AHEAD-1" })));
    expect(csv).toContain("AHEAD-1,");
    expect(csv).toContain("22 พ.ย. 2569");
    expect((await readCsv(employeesCsv("resigned", query({ q: "AHEAD-1" })))).trim().split("\r\n")).toHaveLength(1);

    vi.setSystemTime(DAY);
    expect(getEmployee(e.id)).toMatchObject({ resign_date: "2026-11-22", working: false });
    expect(ids("active", "AHEAD-1")).toEqual([]);
    expect(ids("resigned", "AHEAD-1")).toEqual([e.id]);
    expect((await readCsv(employeesCsv("active", query({ q: "AHEAD-1" })))).trim().split("\r\n")).toHaveLength(1);
    expect(await readCsv(employeesCsv("resigned", query({ q: "AHEAD-1" })))).toContain("AHEAD-1,");
  });

  test("while ahead, the date may be moved; once come, resigning again is a conflict", () => {
    vi.setSystemTime(EVE);
    const e = make({ code: "AHEAD-2" });
    resignEmployee(e.id, "2026-12-31", admin);
    expect(resignEmployee(e.id, "2026-11-22", admin).resign_date).toBe("2026-11-22");
    expect(listAudit({ entity: "employee", entityId: e.id })[0]).toMatchObject({
      action: "resign",
      changes: { resign_date: { from: "2026-12-31", to: "2026-11-22" } },
    });
    vi.setSystemTime(DAY);
    expect(domainError(() => resignEmployee(e.id, "2026-12-01", admin)).status).toBe(409);
  });

  test("reinstating cancels a resignation still ahead", () => {
    vi.setSystemTime(EVE);
    const e = make({ code: "AHEAD-3" });
    resignEmployee(e.id, "2026-11-30", admin);
    expect(reinstateEmployee(e.id, admin)).toMatchObject({ resign_date: null, working: true });
    vi.setSystemTime(DAY);
    expect(ids("active", "AHEAD-3")).toEqual([e.id]);
  });
});

describe("search, sort and paging", () => {
  test("finds by code, Thai name, full name, nickname and phone digits", () => {
    const e = make({ code: "FIND-77", first_name: "วิไลวรรณ", last_name: "ศรีสุข", nickname: "แป้ง", phone: "089 765 4321" });
    for (const q of ["FIND-77", "find-77", "วิไล", "วิไลวรรณ ศรีสุข", "แป้ง", "0897654321", "765-4321"]) {
      const ids = listEmployees("active", query({ q })).items.map((x) => x.id);
      expect(ids, q).toContain(e.id);
    }
    expect(listEmployees("active", query({ q: "ไม่มีใครชื่อนี้" })).total).toBe(0);
    // LIKE wildcards in the query are literal
    expect(listEmployees("active", query({ q: "%" })).total).toBe(0);
  });

  test("the search text is kept by SQLite itself, whoever writes the row", () => {
    const row = db()
      .insert(employees)
      .values({ code: "RAW-9", title: 1, firstName: "ธนา", lastName: "ทองดี", nickname: "Ton", phone: "(02) 123-4567" })
      .returning()
      .get();
    expect(row.searchText).toBe("raw-9 ธนา ทองดี ton 021234567");
    expect(listEmployees("active", query({ q: "ton" })).items.map((x) => x.id)).toContain(row.id);
    updateEmployee(row.id, { nickname: "Tum" }, admin);
    expect(listEmployees("active", query({ q: "ton" })).items.map((x) => x.id)).not.toContain(row.id);
    expect(listEmployees("active", query({ q: "tum" })).items.map((x) => x.id)).toContain(row.id);
  });

  test("sorts Thai names in Thai order and pages", () => {
    make({ code: "SORT-1", first_name: "เอกชัย", last_name: "ก" });
    make({ code: "SORT-2", first_name: "กมล", last_name: "ข" });
    make({ code: "SORT-3", first_name: "ไพโรจน์", last_name: "ค" });
    const names = listEmployees("active", query({ q: "SORT-", sort: "name" })).items.map((x) => x.first_name);
    // Thai collation ignores leading vowels: กมล < เอกชัย (อ) < ไพโรจน์ (พ)... by consonant
    expect(names).toEqual(["กมล", "ไพโรจน์", "เอกชัย"]);
    const page2 = listEmployees("active", query({ q: "SORT-", sort: "code", page: 2, page_size: 2 }));
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.items.map((x) => x.code)).toEqual(["SORT-3"]);
  });
});

describe("a free name prefix (ดร., ว่าที่ ร.ต.)", () => {
  const ids = (q: string) => listEmployees("active", query({ q })).items.map((x) => x.id);

  test("is stored, shown in full_name instead of the title's word, searched, edited, cleared and audited in Thai", () => {
    const e = make({ code: "PFX-1", name_prefix: "  ดร. ", first_name: "ปรีชา", last_name: "ฉลาด" });
    expect(e).toMatchObject({ title: 1, title_label: "นาย", name_prefix: "ดร.", full_name: "ดร. ปรีชา ฉลาด" });
    expect(getEmployee(e.id)?.full_name).toBe("ดร. ปรีชา ฉลาด");
    for (const q of ["ดร.", "ดร. ปรีชา", "ปรีชา ฉลาด", "pfx-1"]) expect(ids(q), q).toContain(e.id);

    const edited = updateEmployee(e.id, { name_prefix: "ว่าที่ ร.ต." }, admin);
    expect(edited.full_name).toBe("ว่าที่ ร.ต. ปรีชา ฉลาด");
    expect(ids("ว่าที่ ร.ต. ปรีชา")).toContain(e.id);
    expect(ids("ดร.")).not.toContain(e.id);
    const entry = listAuditEntries({ entity: "employee", entity_id: String(e.id), page: 1, page_size: 1 }).items[0];
    expect(entry.lines).toEqual([{ field: "name_prefix", label: "คำนำหน้าอื่น", from: "ดร.", to: "ว่าที่ ร.ต." }]);
    expect(entry.subject?.full_name).toBe("ว่าที่ ร.ต. ปรีชา ฉลาด");

    expect(updateEmployee(e.id, { name_prefix: "" }, admin).full_name).toBe("นายปรีชา ฉลาด");
    expect(ids("ว่าที่")).not.toContain(e.id);
  });

  test("the lists' brief of an employee (daily view, reviews, corrections) uses the same name", () => {
    const e = make({ code: "PFX-2", name_prefix: "ผศ.ดร.", first_name: "วิชัย", last_name: "รู้มาก" });
    const row = db().select(briefEmployeeColumns).from(employees).where(eq(employees.id, e.id)).get()!;
    expect(employeeBrief(row).full_name).toBe("ผศ.ดร. วิชัย รู้มาก");
  });

  test("the CSV has it in its own column after the names; the title column keeps นาย/นาง/นางสาว", async () => {
    make({ code: "PFX-3", title: 3, name_prefix: "ดร.", first_name: "มาลี", last_name: "มีสุข" });
    const csv = await readCsv(employeesCsv("active", query({ q: "PFX-3" })));
    expect(csv.startsWith("\uFEFFรหัสพนักงาน,คำนำหน้า,ชื่อ,นามสกุล,คำนำหน้าอื่น,")).toBe(true);
    expect(csv).toContain("PFX-3,นางสาว,มาลี,มีสุข,ดร.,");
  });
});

describe("CSV export", () => {
  test("Thai headers, BOM, every matching row, formula-safe", async () => {
    make({ code: "CSV-1", first_name: "=HYPERLINK(\"x\")", last_name: "ทดสอบ" });
    const csv = await readCsv(employeesCsv("active", query({ q: "CSV-1" })));
    expect(csv.startsWith("\uFEFFรหัสพนักงาน,คำนำหน้า,ชื่อ,นามสกุล")).toBe(true);
    expect(csv).toContain("CSV-1,นาย,");
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.trim().split("\r\n")).toHaveLength(2);
  });
});

describe("employee photo", () => {
  test("a new photo replaces the old one, which leaves the database", async () => {
    const e = make();
    const first = await setEmployeePhoto(e.id, await makeJpeg(), admin);
    const second = await setEmployeePhoto(e.id, await makeJpeg({ width: 200, height: 200 }), admin);
    expect(getEmployee(e.id)?.photo_url).toBe(second.photo_url);
    expect(getUpload(uploadIdFromUrl(first.photo_url)!.id)).toBeNull();
    expect(getUpload(uploadIdFromUrl(second.photo_url)!.id)).not.toBeNull();
    expect(listAudit({ entity: "employee", entityId: e.id })[0]).toMatchObject({ action: "photo" });
  });

  test("the photo belongs to its employee, who may then see it", async () => {
    const e = make();
    const { photo_url } = await setEmployeePhoto(e.id, await makeJpeg(), admin);
    expect(getUpload(uploadIdFromUrl(photo_url)!.id)?.ownerEmployeeId).toBe(e.id);
  });

  test("a write refused after the image is encoded stores nothing and keeps the old photo", async () => {
    const e = make();
    const first = await setEmployeePhoto(e.id, await makeJpeg(), admin);
    const snapshot = () =>
      db().$client.prepare("select count(*) as n, coalesce(sum(length(bytes)), 0) as bytes from uploads").get();
    const before = snapshot();
    const auditsBefore = listAudit({ entity: "employee", entityId: e.id }).length;
    db().$client.exec(
      `create temp trigger refuse_photo before update of photo_upload_id on employees when new.id = ${e.id}
       begin select raise(abort, 'refused'); end`,
    );
    try {
      await expect(setEmployeePhoto(e.id, await makeJpeg({ width: 64, height: 64 }), admin)).rejects.toThrow("refused");
    } finally {
      db().$client.exec("drop trigger refuse_photo");
    }
    expect(snapshot()).toEqual(before);
    expect(getEmployee(e.id)?.photo_url).toBe(first.photo_url);
    expect(getUpload(uploadIdFromUrl(first.photo_url)!.id)).not.toBeNull();
    expect(listAudit({ entity: "employee", entityId: e.id })).toHaveLength(auditsBefore);
  });
});

describe("pay basis and offices", () => {
  const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
  const BRANCH = { ...HQ, name: "สาขาบางนา", lat: 13.67 };
  beforeEach(() => updateSettings({ offices: [HQ, BRANCH] }, admin));
  afterEach(() => db().delete(settings).run());

  test("the form's values are the table's", () => {
    expect(PAY_BASIS_VALUES).toEqual(PAY_BASES);
  });

  test("a new employee is paid monthly and may check in at every office unless told otherwise", () => {
    expect(make()).toMatchObject({ pay_basis: "monthly", office_names: null });
    expect(make({ pay_basis: "daily", office_names: ["สาขาบางนา"] })).toMatchObject({ pay_basis: "daily", office_names: ["สาขาบางนา"] });
  });

  test("an edit changes them only when given, and audits what changed", () => {
    const e = make({ office_names: ["สำนักงานใหญ่"] });
    expect(updateEmployee(e.id, EmployeeUpdateSchema.parse({ nickname: "ชาย" }), admin)).toMatchObject({ pay_basis: "monthly", office_names: ["สำนักงานใหญ่"] });
    const after = updateEmployee(e.id, EmployeeUpdateSchema.parse({ pay_basis: "daily", office_names: ["สำนักงานใหญ่", "สาขาบางนา"] }), admin);
    expect(after).toMatchObject({ pay_basis: "daily", office_names: ["สำนักงานใหญ่", "สาขาบางนา"] });
    expect(listAudit({ entity: "employee", entityId: e.id })[0].changes).toEqual({
      pay_basis: { from: "monthly", to: "daily" },
      office_names: { from: ["สำนักงานใหญ่"], to: ["สำนักงานใหญ่", "สาขาบางนา"] },
    });
    expect(updateEmployee(e.id, EmployeeUpdateSchema.parse({ office_names: null }), admin).office_names).toBeNull();
  });

  test("an office the settings do not hold is a 400 on office_names, nothing written", () => {
    const e = make();
    const error = domainError(() => updateEmployee(e.id, EmployeeUpdateSchema.parse({ office_names: ["สาขาเชียงใหม่"], nickname: "ใหม่" }), admin));
    expect(error.status).toBe(400);
    expect(error.fields?.office_names).toContain("สาขาเชียงใหม่");
    expect(getEmployee(e.id)).toMatchObject({ office_names: null, nickname: "" });
    expect(domainError(() => make({ office_names: ["ไม่มี"] })).status).toBe(400);
  });

  test.each([
    ["an unknown pay basis", { pay_basis: "hourly" }, "pay_basis"],
    ["an empty office list", { office_names: [] }, "office_names"],
    ["a name given twice", { office_names: ["สาขาบางนา", "สาขาบางนา"] }, "office_names"],
    ["a name that is not text", { office_names: [12] }, "office_names"],
    ["offices as one text", { office_names: "สาขาบางนา" }, "office_names"],
  ])("%s is refused in Thai", (_, input, field) => {
    const result = EmployeeUpdateSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toMatch(/[\u0E00-\u0E7F]/);
  });
});
