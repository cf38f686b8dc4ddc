// The day ledger's settings through the built server on a moved clock (libfaketime): the first
// office fixes attendance_start, PUT /api/settings carries and checks it, the settings hub shows
// it with the weekly check, and an office configured before the setting existed gets its derived
// date stored at the next start.
import Database from "better-sqlite3";
import path from "node:path";
import { adminCookie, apiClient, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "ledger-settings-admin", password: "ledger-settings-password" };
// Wednesday 25 Nov 2026, 10:00 in Bangkok (03:00 UTC); the clock runs on from there.
const CLOCK = {
  ...movedClock("2026-11-25 03:00:00"),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };

let server: RunningServer;
let cookie: string;
const api = apiClient(() => server, () => cookie);
const put = (json: unknown) => api("/api/settings", { method: "PUT", json });
const settingsNow = async () => (await (await api("/api/settings")).json()).settings;

async function start(dataDir?: string) {
  server = await startServer(CLOCK, { dataDir });
  cookie = await adminCookie(server, ADMIN);
}

beforeAll(() => start(), 90_000);
afterAll(async () => {
  await server?.stop();
});

test("the first office saved sets attendance_start to the (moved) day; it can be moved, not cleared", async () => {
  expect((await settingsNow()).attendance_start).toBe("");
  const saved = await put({ offices: [HQ] });
  expect(saved.status).toBe(200);
  expect((await saved.json()).settings.attendance_start).toBe("2026-11-25");

  const cleared = await put({ attendance_start: "" });
  expect(cleared.status).toBe(400);
  expect(await cleared.json()).toMatchObject({ error: "ค่าการตั้งค่าไม่ถูกต้อง", fields: { attendance_start: "กรุณาระบุวันที่เริ่มนับการลงเวลา" } });
  const invalid = await put({ attendance_start: "2026-02-30" });
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).fields.attendance_start).toBe("วันที่เริ่มนับการลงเวลาไม่ใช่วันที่ที่มีอยู่จริง");

  const moved = await put({ attendance_start: "2026-11-02" });
  expect(moved.status).toBe(200);
  expect((await settingsNow()).attendance_start).toBe("2026-11-02");
});

test("the settings hub shows the start date and the weekly check, recorded as skipped on a Wednesday", async () => {
  const page = await api("/admin/settings?_data=routes%2Fadmin.settings");
  const { hub } = await page.json();
  expect(hub.attendance).toMatchObject({ offices: 1, attendance_start: "2026-11-02" });
  expect(hub.ledger_check).toBeNull();
  const runs = await (await api("/api/job-runs?job=ledger_check")).json();
  expect(runs.items).toEqual([expect.objectContaining({ job: "ledger_check", run_date: "2026-11-25", status: "skipped", result: "ตรวจสัปดาห์ละครั้ง ทุกวันอาทิตย์" })]);
});

test("an office configured before attendance_start existed gets the derived date stored at the next start", async () => {
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  const file = new Database(path.join(dataDir, "tn.sqlite"));
  try {
    file.prepare("delete from settings where key = 'attendance_start'").run();
    // Offices saved on 5 Oct 2026 (Bangkok), no check-in since.
    file.prepare("update settings set updated_at = ? where key = 'offices'").run(Date.parse("2026-10-05T02:00:00Z"));
  } finally {
    file.close();
  }
  await start(dataDir);
  expect(server.logs()).toContain("Attendance counted from 2026-10-05");
  expect((await settingsNow()).attendance_start).toBe("2026-10-05");
}, 90_000);
