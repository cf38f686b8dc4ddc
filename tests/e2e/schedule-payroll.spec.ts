// Issue 36's journey, schedules to payroll: the admin creates a schedule in /admin/schedule and
// assigns it from today on the employee's profile; the employee (a linked demo LINE user, on a
// 390 px phone) checks in on it, and the daily view reads the day by that schedule's start; the
// employee asks for overtime after the schedule's end, the admin approves it, the employee sees it
// approved; the admin closes last month on /admin/payroll and downloads the XLSX of that month and
// of the work date's month, read back with a reader library; last month is reopened with a reason.
//
// The e2e server runs on the real clock (Asia/Bangkok): the schedule's hours are chosen from the
// time the journey starts, so that the check-in falls inside them at any hour (late in the evening
// the schedule is a night shift, whose check-in after midnight still belongs to the day it
// started), and every expectation is computed from what the server recorded.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { xlsxRows } from "../fixtures/xlsx";
import { createEmployeeViaApi, freeDemoUser, issueCode, linkOnPhone, openPhone, thaiDay, uniqueThai, type NewEmployee } from "./employee-helpers";
import { expect, expectNoSidewaysScroll, login, openDialog, test, thaiShort, withServerDatabase } from "./fixtures";

test.describe.configure({ timeout: 180_000 });

const DEMO_USER = "Udemo0003";
// An office of this journey's own; the phone stands about 30 m north of it.
const OFFICE = { lat: 16.25, lng: 102.25, radius_m: 200 };
const PHONE = { latitude: 16.25027, longitude: 102.25, accuracy: 10 };
const WEEKDAYS = ["จันทร์", "อังคาร", "พุธ", "พฤหัสบดี", "ศุกร์", "เสาร์", "อาทิตย์"];

const DAY_MS = 86_400_000;
/** The XLSX's rows above the header row: the title, the month's state, the period. */
const HEAD_ROWS = 3;
const bangkokDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(ms);
const bangkokClock = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(ms);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clockOf = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const shiftMonth = (month: string, by: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};
/** The month before the one of `ms` on the Bangkok clock. */
const lastMonthAt = (ms: number) => shiftMonth(bangkokDate(ms).slice(0, 7), -1);
/** `พฤศจิกายน 2569`: a month (YYYY-MM) as the payroll page names it. */
const thaiMonth = (month: string) =>
  new Intl.DateTimeFormat("th-TH", { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * The schedule's hours (minutes from midnight) for a journey starting at `now`: the start half an
 * hour before it (rounded down to 5 minutes, not before midnight), eight hours long. Until 21:30
 * it ends the same day, by 22:30 at the latest (the overtime hour after it stays on the date);
 * later it is a night shift ending the next morning, so a check-in after midnight is still in it.
 */
function scheduleHours(now: number) {
  const nowMinute = minutesOf(bangkokClock(now));
  const start = Math.max(0, Math.floor((nowMinute - 30) / 5) * 5);
  if (nowMinute < 21 * 60 + 30) return { start, end: Math.min(start + 480, 22 * 60 + 30), crosses: false };
  return { start, end: start + 480 - 1440, crosses: true };
}

/** Picks a date in the Thai date picker that opens on this month; the date is today or yesterday. */
async function pickRecentDay(p: Page, field: string, date: string) {
  await p.getByRole("button", { name: field }).click();
  const dropdown = p.locator("[data-dates-dropdown]");
  await expect(dropdown).toBeVisible();
  const day = dropdown.getByRole("button", { name: thaiDay(date, "long"), exact: true });
  for (let i = 0; i < 2 && !(await day.isVisible()); i++) {
    await dropdown.locator('button[data-direction="previous"]').click();
  }
  await day.click();
  await expect(dropdown).toBeHidden();
}

/** Clicks a download link and returns the file's bytes. */
async function downloadBytes(page: Page, link: ReturnType<Page["getByRole"]>, file: string) {
  const download = page.waitForEvent("download");
  await link.click();
  await (await download).saveAs(file);
  return new Uint8Array(fs.readFileSync(file));
}

type Settings = { offices: { name: string; lat: number; lng: number; radius_m: number }[]; require_selfie: boolean };

// What the journey made, for the clean-up (which runs whether it passed or not).
const made: { settings?: Settings; employee?: NewEmployee; scheduleName?: string; closedMonth?: string } = {};

test.afterEach(async ({ page }) => {
  const { settings, employee, scheduleName, closedMonth } = made;
  for (const key of Object.keys(made) as (keyof typeof made)[]) delete made[key];
  const problems: string[] = [];
  // A month left closed would refuse the other journeys' writes to its days (day-ledger's past days).
  const stillClosed = (month: string) => withServerDatabase((db) => db.prepare("SELECT 1 FROM payroll_closes WHERE month = ?").get(month) !== undefined);
  if (closedMonth && stillClosed(closedMonth)) {
    const reopened = await page.request.post("/api/payroll/reopen", { data: { month: closedMonth, reason: "จบการทดสอบ เปิดงวดคืน" } });
    if (reopened.status() !== 200) {
      problems.push(`reopen ${closedMonth}: ${reopened.status()} ${await reopened.text()}`);
      withServerDatabase((db) => db.prepare("DELETE FROM payroll_closes WHERE month = ?").run(closedMonth));
    }
  }
  if (settings) {
    const restored = await page.request.put("/api/settings", { data: { offices: settings.offices, require_selfie: settings.require_selfie } });
    if (restored.status() !== 200) problems.push(`settings: ${restored.status()} ${await restored.text()}`);
  }
  // Behind the app's back, children first; with foreign keys on, a row left pointing at the employee fails here.
  withServerDatabase((db) => {
    db.pragma("foreign_keys = ON");
    db.transaction(() => {
      if (employee) {
        for (const table of [
          "attendance_days",
          "attendance_corrections",
          "attendance",
          "overtime_requests",
          "employee_schedules",
          "verify_codes",
          "line_pushes",
          "leave_quotas",
          "leave_petitions",
        ]) {
          db.prepare(`DELETE FROM ${table} WHERE employee_id = ?`).run(employee.id);
        }
        db.prepare("DELETE FROM employees WHERE id = ?").run(employee.id);
      }
      if (scheduleName) {
        const id = db.prepare("SELECT id FROM schedules WHERE name = ?").pluck().get(scheduleName);
        if (id !== undefined) {
          db.prepare("DELETE FROM schedule_versions WHERE schedule_id = ?").run(id);
          db.prepare("DELETE FROM schedules WHERE id = ?").run(id);
        }
      }
    })();
  });
  expect(problems).toEqual([]);
});

test("a schedule created and assigned, a check-in on it, overtime asked in LINE and approved, last month closed, the XLSX downloaded", async ({
  page,
  browser,
}, testInfo) => {
  await login(page, "/admin/schedule");
  const hours = scheduleHours(Date.now());
  const start = clockOf(hours.start);
  const end = clockOf(hours.end);
  const summary = `จ.–อา. ${start}–${end}`;
  const scheduleName = `กะทดสอบ${uniqueThai(5)}`;

  // Set-up the issue does not name: an office to check in at (no selfie), and a new employee.
  const before = ((await (await page.request.get("/api/settings")).json()) as { settings: Settings }).settings;
  const officeName = `สาขากะ${uniqueThai(5)}`;
  made.settings = before;
  const saved = await page.request.put("/api/settings", {
    data: { offices: [...before.offices, { name: officeName, ...OFFICE }], require_selfie: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const employee = await createEmployeeViaApi(page, "SCH", { start_date: bangkokDate(Date.now()) });
  made.employee = employee;

  await test.step("the admin creates the schedule: seven working days, no break", async () => {
    const dialog = page.getByRole("dialog", { name: "เพิ่มตารางเวลาทำงาน" });
    await openDialog(page, page.getByRole("button", { name: "เพิ่มตารางเวลา" }), dialog);
    made.scheduleName = scheduleName;
    await dialog.getByRole("textbox", { name: "ชื่อตารางเวลา" }).fill(scheduleName);
    await dialog.getByRole("textbox", { name: "เข้างาน วันจันทร์" }).fill(start);
    await dialog.getByRole("textbox", { name: "เลิกงาน วันจันทร์" }).fill(end);
    await dialog.getByRole("textbox", { name: "เริ่มพัก วันจันทร์" }).fill("");
    await dialog.getByRole("textbox", { name: "สิ้นสุดพัก วันจันทร์" }).fill("");
    await dialog.getByRole("button", { name: "ใช้เวลาของวันแรกกับทุกวันทำงาน" }).click();
    for (const day of ["เสาร์", "อาทิตย์"]) {
      const row = dialog.getByRole("group", { name: `วัน${day}` });
      await expect(row).toContainText("วันหยุด");
      await row.getByRole("checkbox", { name: day }).check();
    }
    for (const day of WEEKDAYS) {
      await expect(dialog.getByRole("textbox", { name: `เข้างาน วัน${day}` })).toHaveValue(start);
      await expect(dialog.getByRole("textbox", { name: `เลิกงาน วัน${day}` })).toHaveValue(end);
      await expect(dialog.getByRole("textbox", { name: `เริ่มพัก วัน${day}` })).toHaveValue("");
    }
    await dialog.getByRole("button", { name: "บันทึก", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`เพิ่มตารางเวลา “${scheduleName}” แล้ว`)).toBeVisible();
    const row = page.getByTestId("schedule-row").filter({ hasText: scheduleName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(summary);
    await expect(row).toContainText("0 คน");
    await page.reload();
    await expect(row).toContainText(summary);
  });

  let assignedFrom = "";
  await test.step("the admin assigns it from today on the employee's profile", async () => {
    const today = bangkokDate(Date.now());
    await page.goto(`/admin/employee/${employee.id}`);
    await expect(page.getByTestId("current-schedule")).toHaveText("เวลาทำงานปกติ");
    const dialog = page.getByRole("dialog", { name: "เปลี่ยนตารางเวลาทำงาน" });
    await openDialog(page, page.getByRole("button", { name: "เปลี่ยนตารางเวลา" }), dialog);
    await expect(dialog).toContainText(employee.full_name);
    await dialog.getByRole("textbox", { name: "ตารางเวลาทำงาน" }).click();
    await page.getByRole("option", { name: scheduleName, exact: true }).click();
    await expect(dialog).toContainText(summary);
    await dialog.getByRole("button", { name: "บันทึก", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`บันทึกตารางเวลาทำงานแล้ว (ตอนนี้ใช้ “${scheduleName}”)`)).toBeVisible();
    await expect(page.getByTestId("current-schedule")).toHaveText(scheduleName);
    assignedFrom = withServerDatabase(
      (db) => db.prepare("SELECT effective_from FROM employee_schedules WHERE employee_id = ?").pluck().get(employee.id) as string,
    );
    // The dialog's default, today (the page may have loaded just past midnight).
    expect([today, bangkokDate(Date.now())]).toContain(assignedFrom);
    const history = page.getByRole("table", { name: "ประวัติตารางเวลาทำงาน" });
    await expect(history.getByRole("row").filter({ hasText: scheduleName })).toContainText(thaiShort(assignedFrom));
    await page.reload();
    await expect(page.getByTestId("current-schedule")).toHaveText(scheduleName);
  });

  const code = await issueCode(page, employee);
  await freeDemoUser(page, DEMO_USER);
  const phone = await openPhone(browser, DEMO_USER);
  let workDate = "";
  let late = 0;
  try {
    const p = phone.page;
    await phone.context.grantPermissions(["geolocation"]);
    await phone.context.setGeolocation(PHONE);
    await linkOnPhone(p, employee.code, code);

    let shown = "";
    await test.step("the employee checks in on the phone (390 px)", async () => {
      await p.goto("/employee/checkin-out");
      await expect(p.getByRole("heading", { level: 2, name: "ลงเวลาเข้า-ออกงาน" })).toBeVisible();
      await expect(p.getByText(new RegExp(`^ห่างจาก${officeName} \\d+ ม\\. \\(±10 ม\\.\\)$`))).toBeVisible({ timeout: 20_000 });
      await expect(p.getByTestId("presence-check")).toHaveText("อยู่ในรัศมีลงเวลา");
      await expectNoSidewaysScroll(p);
      await p.getByRole("button", { name: "ลงเวลาเข้างาน" }).click();
      const done = p.getByRole("status").filter({ hasText: /^ลงเวลาเข้างานแล้ว เวลา \d\d:\d\d น\.$/ });
      await expect(done).toBeVisible({ timeout: 30_000 });
      shown = (await done.textContent())!.replace("ลงเวลาเข้างานแล้ว เวลา ", "").replace(" น.", "");
      await expect(p.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeVisible();
      await expectNoSidewaysScroll(p);
    });

    // The record as the server decided it: its instant is the time shown; its work date the day the
    // shift started (today, or yesterday for a night shift's check-in after midnight).
    const record = withServerDatabase(
      (db) => db.prepare("SELECT work_date, checkin_at FROM attendance WHERE employee_id = ?").get(employee.id) as { work_date: string; checkin_at: number },
    );
    expect(bangkokClock(record.checkin_at)).toBe(shown);
    const checkinDate = bangkokDate(record.checkin_at);
    const afterMidnight = hours.crosses && minutesOf(shown) < hours.end && assignedFrom <= addDays(checkinDate, -1);
    workDate = afterMidnight ? addDays(checkinDate, -1) : checkinDate;
    expect(record.work_date).toBe(workDate);
    expect(workDate >= assignedFrom).toBe(true);
    // The ledger computed the day under the new schedule, not the default one.
    const ledgerSchedule = withServerDatabase((db) =>
      db.prepare("SELECT d.schedule_id = s.id FROM attendance_days d, schedules s WHERE d.employee_id = ? AND d.work_date = ? AND s.name = ?").pluck().get(employee.id, workDate, scheduleName),
    );
    expect(ledgerSchedule).toBe(1);

    await test.step("the daily view reads the day by the schedule's start", async () => {
      const holiday = withServerDatabase((db) => db.prepare("SELECT name FROM holidays WHERE date = ?").pluck().get(workDate) as string | undefined);
      const sinceStart = minutesOf(shown) + (afterMidnight ? 1440 : 0) - hours.start;
      late = holiday === undefined && sinceStart > 0 ? sinceStart : 0;
      await page.goto(`/admin/checkin-out?date=${workDate}&q=${employee.code}`);
      const row = page.getByTestId("daily-row").filter({ hasText: employee.code });
      await expect(row).toHaveCount(1);
      const cells = row.getByRole("cell");
      await expect(cells.nth(2)).toContainText(shown);
      const status =
        holiday !== undefined
          ? `มาทำงาน\nทำงานวันหยุด: ${holiday}, ยังไม่ลงเวลาออก`
          : late > 0
            ? `มาสาย\nสาย ${late} นาที, ยังไม่ลงเวลาออก`
            : "มาทำงาน\nยังไม่ลงเวลาออก";
      await expect.poll(() => cells.nth(1).innerText()).toBe(status);
      await expect(cells.nth(4)).toHaveText(`${late} / 0`);
      testInfo.annotations.push({ type: "schedule", description: `${summary}; in at ${shown}, work date ${workDate}, late ${late}` });
    });

    const otStart = end;
    const otEnd = clockOf(hours.end + 60);
    await test.step("the employee asks for overtime after the schedule's end; it waits for approval", async () => {
      await p.goto("/employee/overtime");
      await expect(p.getByRole("heading", { level: 2, name: "ขอทำงานล่วงเวลา (โอที)" })).toBeVisible();
      await pickRecentDay(p, "วันที่ทำงานล่วงเวลา", workDate);
      await p.getByRole("textbox", { name: "ตั้งแต่", exact: true }).fill(otStart);
      await p.getByRole("textbox", { name: "ถึง", exact: true }).fill(otEnd);
      await expect(p.getByTestId("overtime-duration")).toHaveText("รวม 1 ชม.");
      await p.getByRole("textbox", { name: "เหตุผล / งานที่จะทำ" }).fill("ปิดงานหลังเลิกกะ");
      await expectNoSidewaysScroll(p);
      await p.getByRole("button", { name: "ส่งคำขอทำงานล่วงเวลา" }).click();
      await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอแล้ว" })).toContainText(`${otStart}–${otEnd} น. รอผู้อนุมัติพิจารณา`);
      const item = p.getByTestId("overtime-item").filter({ hasText: thaiDay(workDate, "short") });
      await expect(item).toContainText("รออนุมัติ");
      await expect(item).toContainText(`${otStart}–${otEnd} น. · 1 ชม.`);
      await expectNoSidewaysScroll(p);
    });

    await test.step("the admin approves it; the employee sees it approved", async () => {
      await page.goto(`/admin/overtime?month=${workDate.slice(0, 7)}&status=pending`);
      const row = page.getByTestId("overtime-row").filter({ hasText: employee.code });
      await expect(row).toContainText(`${otStart}–${otEnd} น.`);
      const approve = page.getByRole("dialog", { name: "อนุมัติการทำงานล่วงเวลา" });
      await openDialog(page, row.getByRole("button", { name: `อนุมัติ ${employee.full_name} ${thaiShort(workDate)}`, exact: true }), approve);
      await expect(approve).toContainText(`${employee.full_name} (${employee.code})`);
      await approve.getByRole("button", { name: "อนุมัติ", exact: true }).click();
      await expect(page.getByText("อนุมัติคำขอทำงานล่วงเวลาแล้ว")).toBeVisible();
      await expect(row).toHaveCount(0);

      await p.goto("/employee/overtime?tab=list");
      const item = p.getByTestId("overtime-item").filter({ hasText: thaiDay(workDate, "short") });
      await expect(item).toContainText("อนุมัติแล้ว");
      await expectNoSidewaysScroll(p);
    });
  } finally {
    await phone.close();
  }

  let lastMonth = "";
  await test.step("the admin closes last month, confirming the dialog that names it", async () => {
    const asked = lastMonthAt(Date.now());
    await page.goto("/admin/payroll");
    const xlsx = page.getByRole("link", { name: "ดาวน์โหลด Excel (XLSX)" });
    lastMonth = /[?&]month=(\d{4}-\d{2})/.exec((await xlsx.getAttribute("href")) ?? "")?.[1] ?? "";
    // The page opens on the month before today's (the clock may just have turned a month).
    expect([asked, lastMonthAt(Date.now())]).toContain(lastMonth);
    const name = thaiMonth(lastMonth);
    await expect(page.getByRole("heading", { level: 3, name: `เดือน${name}` })).toBeVisible();
    await expect(page.getByText("ยังไม่ปิดงวด", { exact: true })).toBeVisible();
    const confirm = page.getByRole("dialog", { name: `ปิดงวดเดือน${name}` });
    await openDialog(page, page.getByRole("button", { name: "ปิดงวด", exact: true }), confirm);
    await expect(confirm).toContainText(`ยืนยันปิดงวดเงินเดือนของเดือน${name}?`);
    made.closedMonth = lastMonth;
    await confirm.getByRole("button", { name: `ปิดงวดเดือน${name}` }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`ปิดงวดเดือน${name}แล้ว`)).toBeVisible();
    await expect(page.getByText("ปิดงวดแล้ว", { exact: true })).toBeVisible();
    await expect(page.getByTestId("payroll-state")).toHaveText(/^ปิดงวดแล้ว โดย .+ เมื่อ \d/);
    await expect(page.getByRole("table", { name: "เดือนที่ปิดงวดแล้ว" }).getByRole("row").filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "เปิดงวดอีกครั้ง" })).toBeVisible();

    // Its XLSX says it is closed, with the export's Thai header row.
    const rows = await xlsxRows(await downloadBytes(page, xlsx, testInfo.outputPath(`payroll-${lastMonth}.xlsx`)));
    expect(String(rows[0][0])).toBe(`สรุปเวลาทำงานสำหรับคิดเงินเดือน เดือน${name}`);
    expect(String(rows[1][0])).toMatch(/^ปิดงวดแล้ว/);
    expect(rows[HEAD_ROWS].slice(0, 3)).toEqual(["รหัสพนักงาน", "ชื่อ-นามสกุล", "การจ่ายค่าจ้าง"]);
  });

  await test.step("the XLSX of the work date's month has the employee's row, numbers as numbers", async () => {
    const month = workDate.slice(0, 7);
    // The month stepper, from last month to the work date's (the same month only when the journey
    // began on a month's last evening and checked in after midnight).
    if (month !== lastMonth) {
      expect(shiftMonth(lastMonth, 1)).toBe(month);
      await page.getByRole("button", { name: "เดือนถัดไป" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]month=${month}(&|$)`));
      await expect(page.getByRole("heading", { level: 3, name: `เดือน${thaiMonth(month)}` })).toBeVisible();
    }
    const xlsx = page.getByRole("link", { name: "ดาวน์โหลด Excel (XLSX)" });
    await expect(xlsx).toHaveAttribute("href", `/api/payroll?month=${month}&format=xlsx`);
    const rows = await xlsxRows(await downloadBytes(page, xlsx, testInfo.outputPath(`payroll-${month}.xlsx`)));
    const header = rows[HEAD_ROWS].map(String);
    const mine = rows.slice(HEAD_ROWS + 1).filter((cells) => cells[0] === employee.code);
    expect(mine, `no row of ${employee.code} in ${month}`).toHaveLength(1);
    const cell = (label: string) => {
      const index = header.indexOf(label);
      expect(index, `no column ${label} in ${header.join(" | ")}`).toBeGreaterThanOrEqual(0);
      return mine[0][index];
    };
    expect(cell("ชื่อ-นามสกุล")).toBe(employee.full_name);
    expect(cell("การจ่ายค่าจ้าง")).toBe("รายเดือน");
    // Every column but the employee's own three and the weeks over 36 hours (text) holds a number.
    const numeric = header.slice(3).filter((label) => label !== "สัปดาห์ที่ล่วงเวลาและทำงานวันหยุดเกิน 36 ชม.");
    expect(numeric.length).toBeGreaterThanOrEqual(14);
    for (const label of numeric) expect(typeof cell(label), label).toBe("number");
    expect(cell("วันที่มาทำงาน")).toBe(1);
    expect(cell("มาสาย (ครั้ง)")).toBe(late > 0 ? 1 : 0);
    expect(cell("มาสาย (นาที)")).toBe(late);
    // No check-out yet: the approved hour is not worked.
    expect(cell("ล่วงเวลาวันทำงาน 1.5 เท่า (ชม.)")).toBe(0);
  });

  await test.step("the admin reopens last month with a reason", async () => {
    const name = thaiMonth(lastMonth);
    await page.goto(`/admin/payroll?month=${lastMonth}`);
    await expect(page.getByText("ปิดงวดแล้ว", { exact: true })).toBeVisible();
    const dialog = page.getByRole("dialog", { name: `เปิดงวดเดือน${name}อีกครั้ง` });
    await openDialog(page, page.getByRole("button", { name: "เปิดงวดอีกครั้ง" }), dialog);
    await dialog.getByRole("textbox", { name: "เหตุผลที่เปิดงวดอีกครั้ง" }).fill("ทดสอบการปิดงวดเสร็จแล้ว");
    await dialog.getByRole("button", { name: "เปิดงวดอีกครั้ง", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`เปิดงวดเดือน${name}อีกครั้งแล้ว`)).toBeVisible();
    await expect(page.getByText("ยังไม่ปิดงวด", { exact: true })).toBeVisible();
    expect(withServerDatabase((db) => db.prepare("SELECT count(*) FROM payroll_closes WHERE month = ?").pluck().get(lastMonth))).toBe(0);
    delete made.closedMonth;
  });
});
