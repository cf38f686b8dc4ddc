// The day ledger's readers through the built server on a moved clock (libfaketime): for 1–27 Nov
// 2026 the range CSV and the monthly sheet give the same days, statuses and minutes, and the
// daily view pages with after/next_cursor while its summary adds up to the headcount. Every input
// goes in through the API (corrections, leave filed in LINE and approved, a company holiday).
import { DAY_CODES, HALF_LEAVE_HALF_ABSENT } from "~/models/attendance/codes";
import { STATUS_LABELS } from "~/models/attendance/labels";
import { ATTENDANCE_STATUSES, type AttendanceStatus } from "~/models/attendance/status";
import { adminCookie, apiClient, cookieFrom, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "ledger-readers-admin", password: "ledger-readers-password" };
// Friday 27 Nov 2026, 16:10 in Bangkok (09:10 UTC): before work_end, so today's no-shows are
// absences "so far"; the clock runs on from there.
const CLOCK = {
  ...movedClock("2026-11-27 09:10:00"),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};
const FROM = "2026-11-01";
const TO = "2026-11-27";

let server: RunningServer;
let cookie: string;
const api = apiClient(() => server, () => cookie);

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

type Employee = { id: number; code: string };

async function employee(code: string, first: string, startDate?: string): Promise<Employee> {
  const body = await ok(
    await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: first, last_name: "สมุดวัน", ...(startDate ? { start_date: startDate } : {}) } }),
    201,
  );
  return body.employee;
}

const correct = async (e: Employee, date: string, times: { checkin_at?: string; checkout_at?: string }) =>
  ok(await api("/api/checkin-out/correct", { method: "POST", json: { employee_id: e.id, work_date: date, ...times, note: "ลงเวลาแทน" } }));

/** Links `e` to a demo LINE user and returns its employee session. */
async function lineSession(e: Employee) {
  const { code } = await ok(await api(`/api/employee/${e.id}/verify-code`, { method: "POST" }));
  const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: "demo:Udemo0061" } });
  const emp = cookieFrom(authen, "tn_emp")!;
  await ok(await api("/api/emp/verify", { method: "POST", anonymous: true, headers: { Cookie: emp }, json: { employee_code: e.code, verify_code: code } }));
  return emp;
}

async function approvedLeave(emp: string, span: { start_date: string; end_date: string; half?: "morning" | "afternoon" }) {
  const { petition } = await ok(
    await api("/api/emp/leave/petition", { method: "POST", anonymous: true, headers: { Cookie: emp }, json: { type: 1, reason: "ธุระ", ...span } }),
    201,
  );
  await ok(await api("/api/leave/approve-result", { method: "POST", json: { id: petition.id, action: "accept" } }));
}

let a: Employee;
let b: Employee;
let c: Employee;

beforeAll(async () => {
  server = await startServer(CLOCK);
  cookie = await adminCookie(server, ADMIN);
  await ok(await api("/api/settings", { method: "PUT", json: { attendance_start: FROM, work_days: [1, 2, 3, 4, 5] } }));
  a = await employee("LG01", "เอ");
  b = await employee("lg02", "บี");
  c = await employee("LG03", "ซี", "2026-11-20");
  await employee("LG04", "ดี");
  await ok(await api("/api/holiday", { method: "POST", json: { date: "2026-11-16", name: "วันหยุดบริษัท" } }), 201);

  await correct(a, "2026-11-02", { checkin_at: "08:20", checkout_at: "17:40" });
  await correct(a, "2026-11-03", { checkin_at: "08:42", checkout_at: "17:40" }); // late 12
  await correct(a, "2026-11-04", { checkin_at: "08:20", checkout_at: "17:00" }); // early 30
  await correct(a, "2026-11-05", { checkin_at: "08:20" }); // no check-out
  const emp = await lineSession(a);
  await approvedLeave(emp, { start_date: "2026-11-09", end_date: "2026-11-09", half: "morning" });
  await correct(a, "2026-11-09", { checkin_at: "12:55", checkout_at: "17:35" }); // the afternoon: not late
  await approvedLeave(emp, { start_date: "2026-11-10", end_date: "2026-11-10", half: "afternoon" });
  await correct(a, "2026-11-10", { checkin_at: "08:20", checkout_at: "12:05" }); // the morning: not early
  await approvedLeave(emp, { start_date: "2026-11-11", end_date: "2026-11-11", half: "morning" }); // and no show
  await approvedLeave(emp, { start_date: "2026-11-17", end_date: "2026-11-18" });
  await correct(b, "2026-11-16", { checkin_at: "10:00", checkout_at: "15:00" }); // work on the holiday: no lateness
  await correct(c, "2026-11-23", { checkin_at: "08:45", checkout_at: "17:30" });
}, 120_000);
afterAll(() => server?.stop());

type CsvRow = Record<string, string>;

async function rangeCsv(): Promise<CsvRow[]> {
  const response = await api(`/api/checkin-out?from=${FROM}&to=${TO}&format=csv`);
  expect(response.status).toBe(200);
  const text = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).slice(3));
  const [labels, ...lines] = parseCsv(text);
  return lines.map((cells) => Object.fromEntries(cells.map((cell, i) => [labels[i], cell])));
}

/** RFC 4180 rows (a reason such as "ลาครึ่งวันเช้า (ลากิจ), ขาดงานครึ่งวันบ่าย" is quoted). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== "," && ch !== "\r")) {
      cell += ch;
    } else if (ch === ",") {
      endCell();
    } else {
      endCell();
      rows.push(row);
      row = [];
      i++; // the \n after \r
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

type MonthlyItem = { employee: { id: number; code: string }; days: Record<string, string>; totals: Record<string, number> };

async function monthlyItems(): Promise<MonthlyItem[]> {
  const items: MonthlyItem[] = [];
  let after = "";
  for (;;) {
    const page = await ok(await api(`/api/checkin-out/monthly?month=2026-11&limit=2${after ? `&after=${after}` : ""}`));
    items.push(...page.items);
    if (page.next_cursor === null) return items;
    after = page.next_cursor;
  }
}

const STATUS_OF_LABEL = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [STATUS_LABELS[s], s])) as Record<string, AttendanceStatus>;
const WORKED = new Set<AttendanceStatus>(["present", "late", "early_leave", "missing_checkout"]);

/** The sheet's code of a CSV row, by the sheet's rules: blank for an absence not over yet, ล½/ข½ for half leave and half absence. */
function codeOf(row: CsvRow) {
  const status = STATUS_OF_LABEL[row["สถานะ"]];
  if (status === "absent" && Number(row["ขาดงาน (วัน)"]) === 0) return "";
  if (status === "absent" && Number(row["ลา (วัน)"]) > 0) return HALF_LEAVE_HALF_ABSENT;
  return DAY_CODES[status];
}

describe("1–27 Nov: the range CSV and the monthly sheet", () => {
  test("give the same days, statuses and minutes", async () => {
    const [rows, items] = await Promise.all([rangeCsv(), monthlyItems()]);
    expect(items.map((i) => i.employee.code)).toEqual(["LG01", "lg02", "LG03", "LG04"]);
    const byCode = new Map(items.map((i) => [i.employee.code, i]));

    // One row per employee per day the ledger holds: every day from 1 Nov (from 20 Nov for LG03), not only those with a record.
    const daysOf = (code: string) => rows.filter((r) => r["รหัสพนักงาน"] === code).map((r) => r["วันที่ (ค.ศ.)"]);
    expect(daysOf("LG01")).toHaveLength(27);
    expect(daysOf("LG03")).toEqual(["20", "21", "22", "23", "24", "25", "26", "27"].map((d) => `2026-11-${d}`));

    for (const item of items) {
      const own = rows.filter((r) => r["รหัสพนักงาน"] === item.employee.code);
      const inCsv = new Map(own.map((r) => [r["วันที่ (ค.ศ.)"], r]));
      for (const [date, code] of Object.entries(item.days)) {
        const row = inCsv.get(date);
        if (date > TO || !row) {
          expect(code, `${item.employee.code} ${date}`).toBe("");
          continue;
        }
        expect(code, `${item.employee.code} ${date}`).toBe(codeOf(row));
      }
      const sum = (label: string) => own.reduce((n, r) => n + Number(r[label]), 0);
      const days = (test: (r: CsvRow) => boolean) => own.filter(test).length;
      const hours = (label: string) => Math.round((sum(label) / 60) * 100) / 100;
      expect(item.totals, item.employee.code).toEqual({
        present: days((r) => WORKED.has(STATUS_OF_LABEL[r["สถานะ"]])),
        late: days((r) => Number(r["สาย (นาที)"]) > 0),
        late_minutes: sum("สาย (นาที)"),
        early_leave: days((r) => Number(r["ออกก่อนเวลา (นาที)"]) > 0),
        absent: sum("ขาดงาน (วัน)"),
        missing_checkout: days((r) => r["สถานะ"] === STATUS_LABELS.missing_checkout),
        leave_days: sum("ลา (วัน)"),
        overtime_hours: hours("โอที 1.5 เท่า (นาที)"),
        holiday_work_hours: hours("ทำงานวันหยุด (นาที)"),
        holiday_overtime_hours: hours("โอที 3 เท่า (นาที)"),
      });
    }

    const day = (code: string, date: string) => rows.find((r) => r["รหัสพนักงาน"] === code && r["วันที่ (ค.ศ.)"] === date)!;
    // The issue's rows: a morning's leave then 12:55 is not late; an afternoon's leave from 12:05 is not early;
    // a morning's leave and no show is half and half; 10:00 on a holiday is not late.
    expect(day("LG01", "2026-11-09")).toMatchObject({ สถานะ: "มาทำงาน", "สาย (นาที)": "0", "ลา (วัน)": "0.5", "ขาดงาน (วัน)": "0" });
    expect(day("LG01", "2026-11-10")).toMatchObject({ สถานะ: "มาทำงาน", "ออกก่อนเวลา (นาที)": "0", ช่วงที่ลา: "ครึ่งวันบ่าย" });
    expect(day("LG01", "2026-11-11")).toMatchObject({ สถานะ: "ขาดงาน", "ลา (วัน)": "0.5", "ขาดงาน (วัน)": "0.5" });
    expect(byCode.get("LG01")!.days["2026-11-11"]).toBe(HALF_LEAVE_HALF_ABSENT);
    expect(day("lg02", "2026-11-16")).toMatchObject({ สถานะ: "มาทำงาน", "สาย (นาที)": "0", รายละเอียดสถานะ: "ทำงานวันหยุด: วันหยุดบริษัท" });
    expect(day("LG01", "2026-11-03")).toMatchObject({ สถานะ: "มาสาย", "สาย (นาที)": "12" });
    // Today before work_end: no show is an absence so far, blank on the sheet and counted nowhere.
    expect(day("LG04", TO)).toMatchObject({ สถานะ: "ขาดงาน", "ขาดงาน (วัน)": "0", รายละเอียดสถานะ: "ยังไม่ได้ลงเวลาเข้า" });
    expect(byCode.get("LG04")!.days[TO]).toBe("");
    expect(byCode.get("LG01")!.totals).toMatchObject({ late: 1, late_minutes: 12, early_leave: 1, missing_checkout: 1, leave_days: 3.5 });
  });
});

describe("GET /api/checkin-out/daily on the moved clock", () => {
  test("pages with limit, after and next_cursor; the summary adds up to the headcount on every page", async () => {
    for (const date of ["2026-11-16", "2026-11-23", TO]) {
      const whole = await ok(await api(`/api/checkin-out/daily?date=${date}`));
      expect(ATTENDANCE_STATUSES.reduce((n, s) => n + whole.summary[s], 0), date).toBe(whole.headcount);
      const seen: string[] = [];
      let after = "";
      let pages = 0;
      for (;;) {
        const page = await ok(await api(`/api/checkin-out/daily?date=${date}&limit=1${after ? `&after=${after}` : ""}`));
        pages += 1;
        expect(Object.keys(page).sort()).toEqual(["date", "headcount", "items", "next_cursor", "summary"]);
        expect(page.summary).toEqual(whole.summary);
        expect(page.items).toHaveLength(1);
        seen.push(page.items[0].employee.code);
        if (page.next_cursor === null) break;
        after = page.next_cursor;
      }
      expect(seen, date).toEqual(whole.items.map((i: { employee: { code: string } }) => i.employee.code));
      expect(pages).toBe(whole.headcount);
    }
    const holiday = await ok(await api("/api/checkin-out/daily?date=2026-11-16"));
    expect(holiday.headcount).toBe(3); // LG03 starts on the 20th
    expect(holiday.summary).toMatchObject({ holiday: 2, present: 1 });
    const today = await ok(await api(`/api/checkin-out/daily?date=${TO}`));
    expect(today.headcount).toBe(4);
    expect(today.summary.absent).toBe(4);
  });
});
