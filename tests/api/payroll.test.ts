// The payroll month through the built server on a moved clock (libfaketime, 3 Dec 2026): closing
// and reopening November (status codes, Thai messages, the audit log), and the export: the XLSX
// opened with a reader library holds, cell for cell, the numbers the day ledger (attendance_days,
// read from the server's database) holds for each employee; the CSV has the same columns after a
// UTF-8 BOM. The month's inputs go in through the API (corrections, leave filed in LINE). The leave
// columns are the server's leave_types that are on, and any type with leave in the month.
import Database from "better-sqlite3";
import path from "node:path";
import { payrollColumns, PAYROLL_HEAD_ROWS } from "~/models/payroll/export.server";
import { leaveColumnLabel, PAYROLL_LABELS } from "~/models/payroll/labels";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, movedClock, startServer, type RunningServer } from "../fixtures/server";
import { xlsxRows } from "../fixtures/xlsx";

const ADMIN = { username: "payroll-admin", password: "payroll-admin-password" };
// Thursday 3 Dec 2026, 10:00 in Bangkok: November is over, December is not.
const CLOCK = { ...movedClock("2026-12-03 03:00:00"), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
const MONTH = "2026-11";

let server: RunningServer;
let cookie: string;
const api = apiClient(() => server, () => cookie);

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

type Employee = { id: number; code: string };
let a: Employee;
let b: Employee;

const correct = async (e: Employee, date: string, times: { checkin_at?: string; checkout_at?: string }) =>
  ok(await api("/api/checkin-out/correct", { method: "POST", json: { employee_id: e.id, work_date: date, ...times, note: "ลงเวลาแทน" } }));

/** The server's database, read (and for the overtime columns, written) beside it. */
function serverDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

type LedgerRow = {
  status: string;
  scheduled_minutes: number;
  late_minutes: number;
  early_minutes: number;
  leave_type: number | null;
  leave_fraction: number;
  absent_fraction: number;
  overtime_minutes: number;
  holiday_work_minutes: number;
  holiday_overtime_minutes: number;
};

type LeaveTypeRow = { id: number; name_th: string; paid_days: number | null };

/** The types the export must have a leave column for: on, or with leave in November, as the server's tables say. */
const leaveTypes = () =>
  serverDb((db) =>
    db
      .prepare(
        `select id, name_th, paid_days from leave_types where active = 1 or id in
           (select leave_type from attendance_days where work_date between '2026-11-01' and '2026-11-30' and leave_fraction > 0)
         order by id`,
      )
      .all(),
  ) as LeaveTypeRow[];
const labelOf = (id: number) => leaveColumnLabel(leaveTypes().find((t) => t.id === id)!);
const columnLabels = () => payrollColumns(leaveTypes()).map((c) => c.label);

/** What the export must say of `e`, summed here from the ledger's rows of November. */
function fromLedger(e: Employee) {
  const rows = serverDb((db) =>
    db.prepare("select * from attendance_days where employee_id = ? and work_date between '2026-11-01' and '2026-11-30'").all(e.id),
  ) as LedgerRow[];
  expect(rows.length).toBe(30);
  const sum = (f: (r: LedgerRow) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    [PAYROLL_LABELS.scheduledDays]: sum((r) => (r.scheduled_minutes > 0 || r.leave_fraction === 1 ? 1 : 0)),
    [PAYROLL_LABELS.workedDays]: sum((r) => (["present", "late", "early_leave", "missing_checkout"].includes(r.status) ? 1 : 0)),
    [PAYROLL_LABELS.absentDays]: sum((r) => r.absent_fraction),
    [PAYROLL_LABELS.lateCount]: sum((r) => (r.late_minutes > 0 ? 1 : 0)),
    [PAYROLL_LABELS.lateMinutes]: sum((r) => r.late_minutes),
    [PAYROLL_LABELS.earlyMinutes]: sum((r) => r.early_minutes),
    ...Object.fromEntries(leaveTypes().map((t) => [leaveColumnLabel(t), sum((r) => (r.leave_type === t.id ? r.leave_fraction : 0))])),
    [PAYROLL_LABELS.leaveDays]: sum((r) => r.leave_fraction),
    [PAYROLL_LABELS.overtimeHours]: sum((r) => r.overtime_minutes) / 60,
    [PAYROLL_LABELS.holidayWorkHours]: sum((r) => r.holiday_work_minutes) / 60,
    [PAYROLL_LABELS.holidayOvertimeHours]: sum((r) => r.holiday_overtime_minutes) / 60,
    [PAYROLL_LABELS.missingCheckouts]: sum((r) => (r.status === "missing_checkout" ? 1 : 0)),
  };
}

async function download(format: "xlsx" | "csv", month = MONTH) {
  const response = await api(`/api/payroll?month=${month}&format=${format}`);
  expect(response.status).toBe(200);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function xlsxTable() {
  const { response, bytes } = await download("xlsx");
  expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(response.headers.get("content-disposition")).toContain("payroll-2026-11.xlsx");
  const rows = await xlsxRows(bytes);
  const header = rows[PAYROLL_HEAD_ROWS].map(String);
  const byCode = new Map(
    rows.slice(PAYROLL_HEAD_ROWS + 1).map((cells) => [String(cells[0]), Object.fromEntries(header.map((h, i) => [h, cells[i]]))]),
  );
  return { rows, header, byCode };
}

beforeAll(async () => {
  server = await startServer(CLOCK);
  cookie = await adminCookie(server, ADMIN);
  await ok(await api("/api/settings", { method: "PUT", json: { attendance_start: "2026-11-01", work_days: [1, 2, 3, 4, 5] } }));
  const linked = await linkedEmployee(server, cookie, { code: "PAY01", demoUser: "Udemo0071" });
  a = { id: linked.id, code: "PAY01" };
  b = (await ok(await api("/api/employee", { method: "POST", json: { code: "PAY02", title: 2, first_name: "บี", last_name: "รายวัน", pay_basis: "daily" } }), 201)).employee;

  await correct(a, "2026-11-02", { checkin_at: "08:20", checkout_at: "17:40" });
  await correct(a, "2026-11-03", { checkin_at: "08:42", checkout_at: "17:40" }); // late 12
  await correct(a, "2026-11-04", { checkin_at: "08:20", checkout_at: "17:00" }); // early 30
  await correct(a, "2026-11-05", { checkin_at: "08:35" }); // late 5, no check-out
  await correct(a, "2026-11-07", { checkin_at: "09:00", checkout_at: "12:00" }); // a Saturday
  await correct(b, "2026-11-02", { checkin_at: "08:25", checkout_at: "17:35" });
  for (const [type, date, half] of [[2, "2026-11-09", undefined], [1, "2026-11-10", "morning"]] as const) {
    const { petition } = await ok(
      await api("/api/emp/leave/petition", {
        method: "POST",
        anonymous: true,
        headers: { Cookie: linked.cookie },
        json: { type, start_date: date, end_date: date, reason: "ธุระ", ...(half ? { half } : {}) },
      }),
      201,
    );
    await ok(await api("/api/leave/approve-result", { method: "POST", json: { id: petition.id, action: "accept" } }));
  }
  await correct(a, "2026-11-10", { checkin_at: "12:55", checkout_at: "17:35" });
  // Filled by a first export; then the overtime columns as the ledger would hold approved overtime
  // (how the ledger computes them is the day ledger's own tests'): settled past dates stay as written.
  await download("csv");
  serverDb((db) => {
    const set = db.prepare(
      "update attendance_days set overtime_minutes = ?, holiday_work_minutes = ?, holiday_overtime_minutes = ? where employee_id = ? and work_date = ?",
    );
    set.run(150, 0, 0, a.id, "2026-11-02");
    set.run(0, 180, 10, a.id, "2026-11-07");
    set.run(45, 0, 0, b.id, "2026-11-02");
  });
}, 120_000);
afterAll(() => server?.stop());

describe("GET /api/payroll", () => {
  it("XLSX: Thai headers, a row per employee, every cell the ledger's number", async () => {
    const { rows, header, byCode } = await xlsxTable();
    expect(rows[0][0]).toBe("สรุปเวลาทำงานสำหรับคิดเงินเดือน เดือนพฤศจิกายน 2569");
    expect(String(rows[1][0])).toMatch(/^ยังไม่ปิดงวด/);
    expect(header).toEqual(columnLabels());
    // Every type but ordination (off, and nobody took it) has its column; training's says it is unpaid.
    expect(leaveTypes().map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(header).toContain("ลาฝึกอบรม ไม่ได้รับค่าจ้าง (วัน)");
    expect([...byCode.keys()]).toEqual(["PAY01", "PAY02"]);
    for (const e of [a, b]) expect(byCode.get(e.code)).toMatchObject(fromLedger(e));
    // The numbers the ledger holds are the ones the inputs made.
    expect(byCode.get("PAY01")).toMatchObject({
      [PAYROLL_LABELS.payBasis]: "รายเดือน",
      [PAYROLL_LABELS.lateCount]: 2,
      [PAYROLL_LABELS.lateMinutes]: 17,
      [PAYROLL_LABELS.earlyMinutes]: 30,
      [PAYROLL_LABELS.missingCheckouts]: 1,
      [labelOf(2)]: 1,
      [labelOf(1)]: 0.5,
      [PAYROLL_LABELS.overtimeHours]: 2.5,
      [PAYROLL_LABELS.holidayWorkHours]: 3,
      [PAYROLL_LABELS.holidayWorkRate]: 1,
      [PAYROLL_LABELS.workedDays]: 6,
    });
    expect(byCode.get("PAY02")).toMatchObject({ [PAYROLL_LABELS.payBasis]: "รายวัน", [PAYROLL_LABELS.holidayWorkRate]: 2, [PAYROLL_LABELS.overtimeHours]: 0.75 });
  });

  it("CSV: the same columns after a UTF-8 BOM", async () => {
    const { response, bytes } = await download("csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("payroll-2026-11.csv");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    const labels = columnLabels();
    expect(lines[0]).toBe(labels.join(","));
    expect(lines).toHaveLength(3);
    const cells = Object.fromEntries(lines[1].split(",").map((v, i) => [labels[i], v]));
    const ledger = fromLedger(a);
    expect(cells).toMatchObject({
      [PAYROLL_LABELS.code]: "PAY01",
      [PAYROLL_LABELS.lateMinutes]: String(ledger[PAYROLL_LABELS.lateMinutes]),
      [PAYROLL_LABELS.absentDays]: String(ledger[PAYROLL_LABELS.absentDays]),
      [PAYROLL_LABELS.overtimeHours]: "2.5",
      [PAYROLL_LABELS.holidayOvertimeHours]: "0.17",
    });
  });

  it("refuses a bad month or format in Thai (400)", async () => {
    for (const query of ["month=2026-13", "month=11-2026", "month=2026-11&format=pdf"]) {
      const response = await api(`/api/payroll?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});

describe("closing and reopening", () => {
  it("closes a month that is over once (200, then 409), not one that is not (400), and logs it", async () => {
    const early = await ok(await api("/api/payroll/close", { method: "POST", json: { month: "2026-12" } }), 400);
    expect(early.error).toContain("ธันวาคม 2569");
    expect((await ok(await api("/api/payroll/close", { method: "POST", json: { month: "2026-13" } }), 400)).fields.month).toBeTruthy();
    await ok(await api("/api/payroll/close", { method: "POST", json: {} }), 400);

    const closed = await ok(await api("/api/payroll/close", { method: "POST", json: { month: MONTH } }));
    expect(closed).toMatchObject({ month: MONTH, closed_by: expect.any(Number), closed_by_name: ADMIN.username });
    expect(Date.parse(closed.closed_at)).toBeGreaterThanOrEqual(Date.parse("2026-12-03T03:00:00Z"));
    const again = await ok(await api("/api/payroll/close", { method: "POST", json: { month: MONTH } }), 409);
    expect(again).toMatchObject({ closed_month: MONTH });
    expect(again.error).toContain("พฤศจิกายน 2569");

    expect((await ok(await api("/api/payroll/closes"))).closes).toEqual([closed]);
    const { rows } = await xlsxTable();
    expect(String(rows[1][0])).toMatch(/^ปิดงวดแล้ว โดย /);
    const audit = await ok(await api("/api/audit?entity=payroll_month"));
    expect(audit.items[0]).toMatchObject({ action: "close_payroll", entity_id: MONTH });
  });

  it("reopens only with a reason (400 without), only a closed month (409), and logs the reason", async () => {
    const blank = await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: MONTH, reason: "  " } }), 400);
    expect(blank.fields.reason).toBe("กรุณากรอกเหตุผลที่เปิดงวดอีกครั้ง");
    await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: MONTH } }), 400);
    const notClosed = await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: "2026-10", reason: "ทดสอบ" } }), 409);
    expect(notClosed.error).toContain("ตุลาคม 2569");

    const reopened = await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: MONTH, reason: "แก้เวลาเข้างานของ PAY01" } }));
    expect(reopened).toMatchObject({ month: MONTH, reason: "แก้เวลาเข้างานของ PAY01", reopened_by: expect.any(Number) });
    expect((await ok(await api("/api/payroll/closes"))).closes).toEqual([]);
    const audit = await ok(await api("/api/audit?entity=payroll_month"));
    expect(audit.items[0]).toMatchObject({ action: "reopen_payroll", entity_id: MONTH, changes: expect.objectContaining({ reason: "แก้เวลาเข้างานของ PAY01" }) });
    await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: MONTH, reason: "อีกครั้ง" } }), 409);
  });
});
