// The employee pages' loaders for leave, against the built server: what the petition form counts
// with, and the balances the home shows.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "leave-pages-admin", password: "leave-pages-password-1" };
let server: RunningServer;
let admin: string;
let emp: { id: number; cookie: string };

const asEmployee = apiClient(() => server, () => emp.cookie);
const asAdmin = apiClient(() => server, () => admin);
const thisYear = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok", year: "numeric" }).format(new Date()));

/** The first Monday–Friday of December (a working day whatever the year). */
function decemberWorkday(year: number) {
  for (let d = 1; ; d++) {
    const date = `${year}-12-0${d}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

function addHoliday(date: string, name: string) {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    sqlite
      .prepare("insert or replace into holidays (date, name, kind, source) values (?, ?, 'company', 'admin')")
      .run(date, name);
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  emp = await linkedEmployee(server, admin, { code: "LVP-1", demoUser: "Udemo0003", fields: { start_date: "2020-01-01" } });
}, 60_000);
afterAll(() => server?.stop());

describe("/employee/petition loader", () => {
  test("the calendar the preview counts with (work days, holidays of the range as plain data) and this year's history", async () => {
    const year = thisYear();
    addHoliday(`${year + 1}-06-15`, "วันหยุดบริษัท");
    addHoliday(`${year + 2}-01-02`, "ไกลเกินช่วง");
    const filed = await asEmployee("/api/emp/leave/petition", {
      method: "POST",
      json: { type: 1, start_date: decemberWorkday(year), end_date: decemberWorkday(year), half: "morning", reason: "ธุระ" },
    });
    expect(filed.status).toBe(201);

    const response = await asEmployee("/employee/petition?_data=routes%2Femployee.petition");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.calendar.work_days).toEqual([1, 2, 3, 4, 5]);
    expect(data.calendar.max_date).toBe(`${year + 1}-12-31`);
    expect(data.calendar.min_date < decemberWorkday(year)).toBe(true);
    expect(data.calendar.holidays).toContainEqual({ date: `${year + 1}-06-15`, name: "วันหยุดบริษัท" });
    expect(data.calendar.holidays.map((h: { date: string }) => h.date)).not.toContain(`${year + 2}-01-02`);
    expect(data.history.year).toBe(year);
    expect(data.history.items).toHaveLength(1);
    expect(data.history.items[0]).toMatchObject({ days: 0.5, status: 1, half: "morning" });
    expect(data.history.balances.find((b: { type: number }) => b.type === 1)).toEqual({ type: 1, quota: 3, used: 0, pending: 0.5, remaining: 2.5 });
  });

  test("the earliest date offered is the employee's start date when that is later", async () => {
    const year = thisYear();
    const late = await linkedEmployee(server, admin, { code: "LVP-2", demoUser: "Udemo0004", fields: { start_date: `${year}-12-31` } });
    const response = await apiClient(() => server, () => late.cookie)("/employee/petition?_data=routes%2Femployee.petition");
    expect((await response.json()).calendar.min_date).toBe(`${year}-12-31`);
  });

  test("not signed in from LINE: no data (the layout signs in first)", async () => {
    const response = await asAdmin("/employee/petition?_data=routes%2Femployee.petition");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });
});

describe("/employee loader", () => {
  test("carries this year's balances for the home card", async () => {
    const response = await asEmployee("/employee?_data=routes%2Femployee._index");
    expect(response.status).toBe(200);
    const { leave } = await response.json();
    expect(leave.year).toBe(thisYear());
    // The spec's three as before, then every other type that is on (ordination, 10, is off).
    expect(leave.balances.map((b: { type: number; remaining: number }) => [b.type, b.remaining])).toEqual([
      [1, 2.5],
      [2, 30],
      [3, 6],
      [4, 120],
      [5, 15],
      [6, 15],
      [7, 60],
      [8, null],
      [9, 30],
    ]);
  });
});
