// The attendance reports (range list / CSV, monthly sheet) against the built server.
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "report-admin", password: "report-admin-password" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
  // Attendance counts (the day ledger holds days) from this date on; no office is configured here.
  expect((await api("/api/settings", { method: "PUT", json: { attendance_start: "2025-10-01" } })).status).toBe(200);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const MONTH = "2025-11"; // well before the server's clock: every day is decided
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`).getTime();

let serial = 0;
async function employee(first: string, code = `RPT${String(++serial).padStart(3, "0")}`) {
  const response = await api("/api/employee", {
    method: "POST",
    json: { code, title: 1, first_name: first, last_name: "รายงาน" },
  });
  expect(response.status).toBe(201);
  return (await response.json()).employee as { id: number; code: string };
}

/** A record as stored before anything reads its date (the day ledger computes the day from it at the first read). */
function insertRecord(employeeId: number, date: string, values: { in?: string; out?: string | null; address?: string } = {}) {
  sqlite((db) =>
    db
      .prepare(
        `insert into attendance (employee_id, work_date, checkin_at, checkout_at, checkin_address, checkin_geofence, checkin_distance_m)
         values (?, ?, ?, ?, ?, 'inside', 12.4)`,
      )
      .run(employeeId, date, at(date, values.in ?? "08:20"), values.out === null ? null : at(date, values.out ?? "17:40"), values.address ?? null),
  );
}

let alice: { id: number; code: string };
let bob: { id: number; code: string };

beforeAll(async () => {
  alice = await employee("อลิส", "RPA01");
  bob = await employee("บ๊อบ", "RPB01");
  insertRecord(alice.id, "2025-11-03", { in: "08:42", address: "=HYPERLINK(\"x\")" });
  insertRecord(alice.id, "2025-11-04", { out: null });
  insertRecord(bob.id, "2025-11-03");
  insertRecord(bob.id, "2025-10-31");
});

async function employeeSession() {
  const e = await employee("ไลน์");
  const issued = await api(`/api/employee/${e.id}/verify-code`, { method: "POST" });
  const { code } = await issued.json();
  const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: "demo:Udemo0042" } });
  const emp = cookieFrom(authen, "tn_emp")!;
  const linked = await api("/api/emp/verify", {
    method: "POST",
    anonymous: true,
    headers: { Cookie: emp },
    json: { employee_code: e.code, verify_code: code },
  });
  expect(linked.status).toBe(200);
  return emp;
}

describe("reports need an admin", () => {
  const routes = ["/api/checkin-out", "/api/checkin-out?format=csv", "/api/checkin-out/monthly", "/api/checkin-out/monthly?format=csv"];

  test("401 without a session", async () => {
    for (const route of routes) {
      const response = await api(route, { anonymous: true });
      expect(response.status, route).toBe(401);
      expect((await response.json()).error).toMatch(THAI);
    }
  });

  test("403 for an employee's LINE session", async () => {
    const emp = await employeeSession();
    for (const route of routes) {
      const response = await api(route, { anonymous: true, headers: { Cookie: emp } });
      expect(response.status, route).toBe(403);
    }
  });
});

describe("GET /api/checkin-out", () => {
  test("pages the range's records, newest work date first", async () => {
    const response = await api(`/api/checkin-out?from=${MONTH}-01&to=${MONTH}-30&page_size=2`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ from: "2025-11-01", to: "2025-11-30", total: 3, page: 1, page_size: 2 });
    expect(body.items.map((i: { record: { work_date: string }; employee: { code: string } }) => [i.record.work_date, i.employee.code])).toEqual([
      ["2025-11-04", "RPA01"],
      ["2025-11-03", "RPA01"],
    ]);
    expect(Object.keys(body.items[0].employee).sort()).toEqual(["code", "full_name", "id"]);
    expect(body.items[1].record).toMatchObject({ employee_id: alice.id, late_minutes: 12, checkin_geofence: "inside" });

    const onlyBob = await (await api(`/api/checkin-out?from=2025-10-01&to=2025-11-30&employee_id=${bob.id}`)).json();
    expect(onlyBob.items.map((i: { record: { work_date: string } }) => i.record.work_date)).toEqual(["2025-11-03", "2025-10-31"]);
  });

  test("defaults to the current month", async () => {
    const body = await (await api("/api/checkin-out")).json();
    expect(body.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body.to.slice(0, 7)).toBe(body.from.slice(0, 7));
  });

  test("400 with Thai fields for a backwards or too long range", async () => {
    for (const [query, field] of [
      ["from=2025-11-10&to=2025-11-01", "to"],
      ["from=2024-01-01&to=2025-06-30", "to"],
    ]) {
      const response = await api(`/api/checkin-out?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.error).toMatch(THAI);
      expect(body.fields[field]).toMatch(THAI);
    }
  });

  test("format=csv streams one row per employee per day of the range from the day ledger, as an Excel-friendly attachment", async () => {
    const response = await api(`/api/checkin-out?from=${MONTH}-01&to=${MONTH}-30&format=csv&page_size=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="attendance-2025-11-01-2025-11-30.csv"; filename*=UTF-8''attendance-2025-11-01-2025-11-30.csv`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(header.startsWith("วันที่,วันที่ (ค.ศ.),วัน,รหัสพนักงาน,ชื่อ-นามสกุล,สถานะ,เวลาเข้างาน,เวลาออกงาน")).toBe(true);
    expect(header.endsWith(
      ",ข้อสังเกต,รายละเอียดสถานะ,เวลาทำงานตามกำหนด (นาที),เวลาทำงานจริง (นาที),ประเภทการลา,ช่วงที่ลา,ลา (วัน),ขาดงาน (วัน),โอที 1.5 เท่า (นาที),ทำงานวันหยุด (นาที),โอที 3 เท่า (นาที)",
    )).toBe(true);
    const employees = sqlite((db) => db.prepare("select count(*) n from employees").get() as { n: number }).n;
    expect(rows).toHaveLength(30 * employees); // every day, not only those with a record; no paging
    const late = rows.find((r) => r.includes("2025-11-03") && r.includes("RPA01"))!;
    expect(late).toContain("3 พ.ย. 2568");
    expect(late).toContain(",มาสาย,08:42,17:40,12,");
    expect(late).toContain(`'=HYPERLINK(""x"")`);
    expect(late.endsWith(",สาย 12 นาที,480,478,,,0,0,0,0,0")).toBe(true);
    expect(rows.find((r) => r.includes("2025-11-04") && r.includes("RPA01"))).toContain("ไม่ได้ลงเวลาออก");
    const absent = rows.find((r) => r.includes("2025-11-05") && r.includes("RPA01"))!;
    expect(absent).toContain(",ขาดงาน,,,0,0,");
    expect(absent.endsWith(",ขาดงาน,480,0,,,0,1,0,0,0")).toBe(true);
  });

  test("a bad range is a JSON 400 even with format=csv", async () => {
    const response = await api("/api/checkin-out?from=2025-11-10&to=2025-11-01&format=csv");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
  });
});

describe("GET /api/checkin-out/monthly", () => {
  test("one row per employee with a code per day and totals", async () => {
    const response = await api(`/api/checkin-out/monthly?month=${MONTH}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.month).toBe(MONTH);
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ date: "2025-11-01", weekday: 6, kind: "day_off" });
    expect(body.next_cursor).toBeNull();
    const a = body.items.find((i: { employee: { id: number } }) => i.employee.id === alice.id);
    expect(a.employee).toEqual({ id: alice.id, code: "RPA01", full_name: "นายอลิส รายงาน" });
    expect(a.days).toMatchObject({ "2025-11-01": "ห", "2025-11-03": "ส", "2025-11-04": "ลืม", "2025-11-05": "ข" });
    expect(a.totals).toMatchObject({ present: 2, late: 1, late_minutes: 12, missing_checkout: 1, absent: 18, leave_days: 0 });

    // Keyset pages of employees: limit, and next_cursor as after until it is null.
    const codes: string[] = [];
    let after = "";
    for (;;) {
      const page = await (await api(`/api/checkin-out/monthly?month=${MONTH}&limit=1${after ? `&after=${after}` : ""}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(1);
      expect(page.total).toBe(body.total);
      codes.push(...page.items.map((i: { employee: { code: string } }) => i.employee.code));
      if (page.next_cursor === null) break;
      after = page.next_cursor;
    }
    expect(codes).toEqual(body.items.map((i: { employee: { code: string } }) => i.employee.code));
  });

  test("format=csv downloads the sheet", async () => {
    const response = await api(`/api/checkin-out/monthly?month=${MONTH}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="attendance-2025-11\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(header).toMatch(/^รหัสพนักงาน,ชื่อ-นามสกุล,1 พ.ย. 2568 \(ส.\),/);
    expect(header).toMatch(/,ลา \(วัน\),โอที 1\.5 เท่า \(ชม\.\),ทำงานวันหยุด \(ชม\.\),โอที 3 เท่า \(ชม\.\)$/);
    expect(rows.find((r) => r.startsWith("RPA01,"))).toContain(",ส,ลืม,ข,");
  });

  test("400 with a Thai field for a bad month or format", async () => {
    for (const [query, field] of [
      ["month=2025-13", "month"],
      ["month=2025-1", "month"],
      ["format=xml", "format"],
      ["limit=0", "limit"],
      ["after=nonsense", "after"],
    ]) {
      const response = await api(`/api/checkin-out/monthly?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).fields[field]).toMatch(THAI);
    }
  });
});

describe("the รายเดือน tab of /admin/checkin-out", () => {
  const data = (search: string) => api(`/admin/checkin-out?${search}&_data=routes%2Fadmin.checkin-out`);

  test("renders the tab and pages the sheet; a bad month shows the current one", async () => {
    const html = await api(`/admin/checkin-out?tab=monthly&month=${MONTH}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain("รายเดือน");
    const body = await (await data(`tab=monthly&month=${MONTH}`)).json();
    expect(body.tab).toBe("monthly");
    expect(body.daily).toBeNull();
    expect(body.monthly).toMatchObject({ month: MONTH, page_size: 50, prev_cursor: null, next_cursor: null });
    expect(body.monthly.total).toBe(body.monthly.items.length);
    const fallback = await data("tab=monthly&month=2025-99&after=abc");
    expect(fallback.status).toBe(200);
    expect((await fallback.json()).monthly.month).toMatch(/^\d{4}-\d{2}$/);
  });
});
