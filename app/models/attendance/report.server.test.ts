import { attendance, attendanceDays, employees, ledgerDates, leavePetitions, uploads } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { DEFAULT_TIME_ZONE, setAppTimeZone } from "~/lib/thai-date";
import { AttendanceListQuery, attendanceCsv, listAttendance, reportRange } from "./report.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("2026-11-25", "20:00");

let serial = 0;
function make(first = "สมชาย", overrides: Record<string, unknown> = {}) {
  serial += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({ code: `R${String(serial).padStart(4, "0")}`, title: 1, first_name: first, last_name: "รายงาน", ...overrides }),
    admin,
  );
}

function record(employeeId: number, date: string, values: Partial<typeof attendance.$inferInsert> = {}) {
  return db()
    .insert(attendance)
    .values({ employeeId, workDate: date, checkinAt: at(date, "08:20"), checkoutAt: at(date, "17:40"), ...values })
    .returning()
    .get();
}

const query = (q: Record<string, unknown> = {}) => AttendanceListQuery.parse(q);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(uploads).run();
  db().delete(employees).run();
});

describe("reportRange", () => {
  it("defaults to the current work month in APP_TIMEZONE, or the month of the one end given", () => {
    expect(reportRange({}, NOW)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    // 17:30 UTC on 31 Dec is already 1 Jan in Bangkok.
    expect(reportRange({}, new Date("2026-12-31T17:30:00Z"))).toEqual({ from: "2027-01-01", to: "2027-01-31" });
    expect(reportRange({ from: "2026-02-10" }, NOW)).toEqual({ from: "2026-02-10", to: "2026-02-28" });
    expect(reportRange({ to: "2026-03-05" }, NOW)).toEqual({ from: "2026-03-01", to: "2026-03-05" });
  });

  it("refuses to before from, and more than 366 days, with Thai fields", () => {
    const backwards = refusal(() => reportRange({ from: "2026-11-10", to: "2026-11-09" }));
    expect(backwards.status).toBe(400);
    expect(backwards.fields?.to).toMatch(/ต้องไม่ก่อนวันที่เริ่ม/);
    const long = refusal(() => reportRange({ from: "2025-01-01", to: "2026-01-02" }));
    expect(long.status).toBe(400);
    expect(long.fields?.to).toMatch(/ไม่เกิน 366 วัน/);
    expect(reportRange({ from: "2024-01-01", to: "2024-12-31" })).toEqual({ from: "2024-01-01", to: "2024-12-31" }); // 366 days
  });

  it("checks the query string", () => {
    expect(AttendanceListQuery.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(AttendanceListQuery.safeParse({ employee_id: "abc" }).success).toBe(false);
    expect(AttendanceListQuery.safeParse({ format: "xml" }).success).toBe(false);
    expect(AttendanceListQuery.parse({ from: "", employee_id: "" })).toMatchObject({ from: undefined, employee_id: undefined, page: 1 });
  });
});

describe("listAttendance", () => {
  it("pages the range's records, newest work date first, then by code", () => {
    const a = make("ก", { code: "A1" });
    const b = make("ข", { code: "B1" });
    record(b.id, "2026-11-02");
    record(a.id, "2026-11-02");
    record(a.id, "2026-11-03");
    record(a.id, "2026-10-31"); // outside the month
    const first = listAttendance(query({ page_size: "2" }), NOW);
    expect(first).toMatchObject({ from: "2026-11-01", to: "2026-11-30", total: 3, page: 1, page_size: 2 });
    expect(first.items.map((i) => [i.record.work_date, i.employee.code])).toEqual([
      ["2026-11-03", "A1"],
      ["2026-11-02", "A1"],
    ]);
    expect(first.items[0].employee).toEqual({ id: a.id, code: "A1", full_name: "นายก รายงาน" });
    expect(first.items[0].record).toMatchObject({ employee_id: a.id, checkin_at: at("2026-11-03", "08:20").toISOString() });
    const second = listAttendance(query({ page_size: "2", page: "2" }), NOW);
    expect(second.items.map((i) => i.employee.code)).toEqual(["B1"]);
    const onlyB = listAttendance(query({ employee_id: String(b.id) }), NOW);
    expect(onlyB.items.map((i) => i.employee.id)).toEqual([b.id]);
    expect(listAttendance(query({ from: "2026-10-01", to: "2026-10-31" }), NOW).total).toBe(1);
  });

  describe("with the day ledger counting", () => {
    beforeEach(() => {
      db().delete(ledgerDates).run();
      setSetting("attendance_start", "2020-01-01");
    });
    afterEach(() => {
      db().delete(attendanceDays).run();
      db().delete(ledgerDates).run();
      db().delete(leavePetitions).run();
      setSetting("attendance_start", "");
    });

    it("shows the ledger's minutes: a morning leave approved after a 12:55 check-in is not late", () => {
      const e = make("ลาเช้า");
      // Checked in at 12:55 (265 minutes late then); the morning's leave was approved afterwards.
      record(e.id, "2026-11-02", { checkinAt: at("2026-11-02", "12:55"), checkoutAt: at("2026-11-02", "17:30"), lateMinutes: 265 });
      db()
        .insert(leavePetitions)
        .values({ employeeId: e.id, type: 1, startDate: "2026-11-02", endDate: "2026-11-02", half: "morning", days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
        .run();
      const [item] = listAttendance(query({ employee_id: String(e.id) }), NOW).items;
      expect(item.record).toMatchObject({ work_date: "2026-11-02", late_minutes: 0, early_minutes: 0 });
    });
  });
});

describe("attendanceCsv", () => {
  // The CSV is the day ledger's rows: attendance counts from long before these dates.
  beforeEach(() => {
    db().delete(ledgerDates).run();
    setSetting("attendance_start", "2020-01-01");
  });
  afterEach(() => {
    db().delete(attendanceDays).run();
    db().delete(ledgerDates).run();
    setSetting("attendance_start", "");
  });

  it("streams every day of the range for every employee: BOM, Thai headers, BE and ISO dates, times in APP_TIMEZONE, Thai labels", async () => {
    const e = make("=SUM(A1)", { code: "007" });
    const other = make("สมหญิง", { code: "B2" });
    record(e.id, "2026-11-03", {
      checkinAt: new Date("2026-11-03T01:42:00Z"), // 08:42 in Bangkok
      checkoutAt: new Date("2026-11-03T10:05:00Z"), // 17:05
      lateMinutes: 12,
      earlyMinutes: 25,
      checkinGeofence: "uncertain",
      checkinDistanceM: 120.6,
      checkinAddress: "+66 ถนนพระราม 4",
      checkinMatch: 0,
      checkoutGeofence: "inside",
      checkoutMatch: 1,
      flags: ["uncertain", "face_not_matched"],
      reviewStatus: "pending",
      checked: 1,
    });
    db()
      .insert(uploads)
      .values({ id: "selfie-1", folder: "checkinouts", mime: "image/jpeg", bytes: Buffer.from("x"), size: 1, width: 1, height: 1, sha256: "x" })
      .run();
    record(other.id, "2026-11-02", { checkoutAt: null, checkinPhotoUploadId: "selfie-1" });
    const { from, to, stream } = attendanceCsv(query({ from: "2026-11-02", to: "2026-11-03" }), NOW);
    expect([from, to]).toEqual(["2026-11-02", "2026-11-03"]);
    const text = await readCsv(stream);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = text.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(4); // both employees, both days, with a record or not
    const labels = header.split(",");
    expect(labels).toEqual([
      "วันที่",
      "วันที่ (ค.ศ.)",
      "วัน",
      "รหัสพนักงาน",
      "ชื่อ-นามสกุล",
      "สถานะ",
      "เวลาเข้างาน",
      "เวลาออกงาน",
      "สาย (นาที)",
      "ออกก่อนเวลา (นาที)",
      "พื้นที่ตอนเข้างาน",
      "ระยะจากสำนักงานตอนเข้างาน (ม.)",
      "ที่อยู่ตอนเข้างาน",
      "ใบหน้าตอนเข้างาน",
      "พื้นที่ตอนออกงาน",
      "ระยะจากสำนักงานตอนออกงาน (ม.)",
      "ที่อยู่ตอนออกงาน",
      "ใบหน้าตอนออกงาน",
      "ผลการตรวจสอบ",
      "หมายเหตุการตรวจสอบ",
      "ตรวจแล้ว",
      "ข้อสังเกต",
      "รายละเอียดสถานะ",
      "เวลาทำงานตามกำหนด (นาที)",
      "เวลาทำงานจริง (นาที)",
      "ประเภทการลา",
      "ช่วงที่ลา",
      "ลา (วัน)",
      "ขาดงาน (วัน)",
      "โอที 1.5 เท่า (นาที)",
      "ทำงานวันหยุด (นาที)",
      "โอที 3 เท่า (นาที)",
    ]);
    // Oldest first, then by code: the 2nd (007 absent, B2), then the 3rd (007, B2 absent).
    const cell = (row: string, label: string) => row.split(",")[labels.indexOf(label)];
    const [absent, missing, late, absentToo] = rows;
    expect([absent, absentToo].map((row) => [cell(row, "วันที่ (ค.ศ.)"), cell(row, "สถานะ"), cell(row, "เวลาเข้างาน"), cell(row, "ผลการตรวจสอบ")])).toEqual([
      ["2026-11-02", "ขาดงาน", "", ""],
      ["2026-11-03", "ขาดงาน", "", ""],
    ]);
    expect(absent.endsWith(",,,ขาดงาน,480,0,,,0,1,0,0,0")).toBe(true); // no record: its cells empty; then the ledger's columns
    expect(late.endsWith(",480,443,,,0,0,0,0,0")).toBe(true); // 08:42–17:05 less the hour's break
    expect(cell(missing, "วันที่ (ค.ศ.)")).toBe("2026-11-02");
    expect(cell(missing, "สถานะ")).toBe("ไม่ได้ลงเวลาออก");
    expect(cell(missing, "เวลาออกงาน")).toBe("");
    expect(cell(missing, "รหัสพนักงาน")).toBe("B2");
    expect(cell(missing, "ชื่อ-นามสกุล")).toBe("นายสมหญิง รายงาน");
    expect(cell(missing, "เวลาเข้างาน")).toBe("08:20");
    expect(cell(missing, "ใบหน้าตอนเข้างาน")).toBe("รอตรวจ"); // a selfie not yet matched
    expect(cell(missing, "ใบหน้าตอนออกงาน")).toBe("");
    expect(cell(missing, "ผลการตรวจสอบ")).toBe("ไม่ต้องตรวจ");

    expect(cell(late, "วันที่")).toBe("3 พ.ย. 2569");
    expect(cell(late, "วัน")).toBe("อ.");
    expect(cell(late, "รหัสพนักงาน")).toBe('"=""007"""');
    expect(cell(late, "ชื่อ-นามสกุล")).toBe("นาย=SUM(A1) รายงาน");
    expect(cell(late, "สถานะ")).toBe("มาสาย");
    expect(cell(late, "เวลาเข้างาน")).toBe("08:42");
    expect(cell(late, "เวลาออกงาน")).toBe("17:05");
    expect(cell(late, "สาย (นาที)")).toBe("12");
    expect(cell(late, "ออกก่อนเวลา (นาที)")).toBe("25");
    expect(cell(late, "พื้นที่ตอนเข้างาน")).toBe("ไม่แน่ชัด");
    expect(cell(late, "ระยะจากสำนักงานตอนเข้างาน (ม.)")).toBe("121");
    expect(cell(late, "ที่อยู่ตอนเข้างาน")).toBe("'+66 ถนนพระราม 4"); // formula start neutralised
    expect(cell(late, "ใบหน้าตอนเข้างาน")).toBe("ไม่ตรง");
    expect(cell(late, "พื้นที่ตอนออกงาน")).toBe("ในรัศมี");
    expect(cell(late, "ใบหน้าตอนออกงาน")).toBe("ตรง");
    expect(cell(late, "ผลการตรวจสอบ")).toBe("รอตรวจสอบ");
    expect(cell(late, "ตรวจแล้ว")).toBe("ตรวจแล้ว");
    expect(late).toContain('"ตำแหน่งไม่แน่ชัดว่าอยู่ในรัศมี, ใบหน้าไม่ตรงกับที่ลงทะเบียน"');
  });

  it("writes the times in the app's zone, whatever it is", async () => {
    const e = make();
    record(e.id, "2026-11-03", { checkinAt: new Date("2026-11-03T01:42:00Z"), checkoutAt: new Date("2026-11-03T10:05:00Z") });
    setAppTimeZone("Asia/Tokyo");
    try {
      const text = await readCsv(attendanceCsv(query({ from: "2026-11-03", to: "2026-11-03" }), NOW).stream);
      expect(text).toContain(",10:42,19:05,");
    } finally {
      setAppTimeZone(DEFAULT_TIME_ZONE);
    }
  });

  it("keeps date then code order though each day is read by one of the export's worker threads", async () => {
    const people = [make("ค", { code: "C3" }), make("ก", { code: "a1" }), make("ข", { code: "B2" })];
    const days = ["2026-10-30", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-10"];
    for (const [i, date] of days.entries()) for (const p of people.slice(0, 1 + (i % 3))) record(p.id, date);
    record(people[0].id, "2026-11-11"); // outside the range
    const text = await readCsv(attendanceCsv(query({ from: "2026-11-01", to: "2026-11-10" }), NOW).stream);
    const rows = text.slice(1).trimEnd().split("\r\n").slice(1).map((row) => row.split(",").slice(1, 6));
    // Every employee every day (the ledger's rows), by date then code whatever its case.
    const dates = Array.from({ length: 10 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
    const expected = dates.flatMap((date) => ["a1", "B2", "C3"].map((code) => [date, code]));
    expect(rows.map(([date, , code]) => [date, code])).toEqual(expected);
    // A record's day is its status; a work day without one is an absence, a weekend a day off.
    const statusOf = (date: string, code: string) => rows.find(([d, , c]) => d === date && c === code)?.[4];
    expect(statusOf("2026-11-02", "C3")).toBe("มาทำงาน");
    expect(statusOf("2026-11-02", "B2")).toBe("ขาดงาน");
  });

  it("names an employee added after the export began whose record its workers read", async () => {
    const first = make("เดิม", { code: "A1" });
    record(first.id, "2026-11-03");
    const { stream } = attendanceCsv(query({ from: "2026-11-03", to: "2026-11-03" }), NOW);
    const later = make("ใหม่", { code: "Z9" }); // after the export's employees were read, before its workers start
    record(later.id, "2026-11-03");
    const rows = (await readCsv(stream)).slice(1).trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(",").slice(3, 5))).toEqual([
      ["A1", "นายเดิม รายงาน"],
      ["Z9", "นายใหม่ รายงาน"],
    ]);
  });

  it("refuses a bad range before it streams anything", () => {
    expect(refusal(() => attendanceCsv(query({ from: "2026-11-10", to: "2026-11-01" }))).status).toBe(400);
  });
});
