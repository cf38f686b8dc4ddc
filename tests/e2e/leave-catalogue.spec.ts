// The 2025 leave catalogue (issue 37) end to end: on a 390 px phone a linked employee files a
// maternity leave (ลาคลอด) of 30 calendar days over a span with a public holiday and weekends, and
// sees all 30 counted; an admin approves it; the leave calendar of the holiday's month lists the
// employee away, and the statistics tab counts the 30 days in a ลาคลอด column.
import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, login, test, withServerDatabase } from "./fixtures";
import { createEmployeeViaApi, freeDemoUser, issueCode, linkOnPhone, openPhone, pickDate, thaiDay } from "./employee-helpers";

test.describe.configure({ timeout: 120_000 });

const DEMO_USER = "Udemo0003";
const DAYS = 30;
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoWeekday = (date: string) => new Date(at(date)).getUTCDay() || 7;

/**
 * The first 30-day span from tomorrow that stays in one year (the statistics are a year's) and
 * holds a public holiday of the server's table on one of the office's working days, so that a
 * working-day count would come out lower; with the holiday and the first working day of its month
 * inside the span. The pickers page forward from this month, so it starts within two months.
 */
function maternitySpan(workDays: number[]) {
  const holidays = withServerDatabase((db) => db.prepare("SELECT date, name FROM holidays ORDER BY date").all() as { date: string; name: string }[]);
  const today = at(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date()));
  for (let s = today + DAY_MS; s < today + 60 * DAY_MS; s += DAY_MS) {
    const start = iso(s);
    const end = iso(s + (DAYS - 1) * DAY_MS);
    if (start.slice(0, 4) !== end.slice(0, 4)) continue;
    const holiday = holidays.find((h) => h.date >= start && h.date <= end && workDays.includes(isoWeekday(h.date)));
    if (!holiday) continue;
    const dates = Array.from({ length: DAYS }, (_, i) => iso(s + i * DAY_MS));
    const working = dates.filter((d) => workDays.includes(isoWeekday(d)) && !holidays.some((h) => h.date === d));
    const away = working.find((d) => d.slice(0, 7) === holiday.date.slice(0, 7));
    if (away && working.length < DAYS) return { start, end, holiday, away, working: working.length };
  }
  throw new Error("no 30-day span with a public holiday in the next two months");
}

/** The statistics table's cell of the employee's row under the column headed `column`. */
async function statisticsCell(page: Page, code: string, column: string) {
  const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: column, exact: true }) });
  const headers = await table.getByRole("columnheader").allTextContents();
  const index = headers.findIndex((h) => h.trim() === column);
  expect(index, `the columns: ${headers.join(" | ")}`).toBeGreaterThan(-1);
  return table.getByRole("row").filter({ hasText: code }).getByRole("cell").nth(index);
}

test("an employee files 30 calendar days of maternity leave on the phone; an admin approves it; the calendar and the statistics show it", async ({
  page,
  browser,
}) => {
  await login(page, "/admin");
  const settings = (await (await page.request.get("/api/settings")).json()) as { settings: { work_days: number[] } };
  const employee = await createEmployeeViaApi(page, "MATERNITY");
  const code = await issueCode(page, employee);
  await freeDemoUser(page, DEMO_USER);
  const phone = await openPhone(browser, DEMO_USER);
  try {
    const p = phone.page;
    await linkOnPhone(p, employee.code, code);

    // The petition page seeds the holidays up to the end of next year; then the span is chosen.
    await p.goto("/employee/petition");
    await expect(p.getByRole("heading", { level: 2, name: "ขอลางาน" })).toBeVisible();
    const { start, end, holiday, away, working } = maternitySpan(settings.settings.work_days);

    const maternity = p.getByRole("radio", { name: "ลาคลอด" });
    await expect(p.getByTestId("type-4")).toContainText("120 วัน/ครั้ง (นับวันปฏิทิน)");
    await expect(p.getByRole("radio", { name: "ลาอุปสมบท" })).toHaveCount(0); // off by default
    await maternity.check();
    await expect(maternity).toBeChecked();
    // Maternity leave has no half day; it may carry the birth's date, not required.
    await expect(p.getByText("ลาคลอดลาครึ่งวันไม่ได้")).toBeVisible();
    await expect(p.getByRole("button", { name: "วันที่คลอด / วันที่เกิดเหตุ" })).toBeVisible();

    await pickDate(p, "วันที่เริ่มลา", start);
    await expect(p.getByRole("radio", { name: "ครึ่งวันเช้า" })).toBeDisabled();
    await pickDate(p, "ถึงวันที่", end);
    // Every calendar day counts, the weekends and the holiday included (fewer were working days).
    expect(working).toBeLessThan(DAYS);
    await expect(p.getByTestId("preview-days")).toHaveText(`ลา ${DAYS} วัน (นับวันปฏิทิน รวมวันหยุด)`);
    await expect(p.getByTestId("preview-skipped")).toHaveCount(0);
    await expect(p.getByTestId("preview-balance")).toHaveText(`ลาคลอดคงเหลือ 120 วัน → หลังยื่นคำขอนี้ ${120 - DAYS} วัน`);
    await expect(p.getByTestId("preview-notices")).toHaveCount(0); // within the 60 paid days
    await p.getByRole("textbox", { name: "เหตุผลการลา" }).fill("ลาคลอดบุตร");
    await expectNoSidewaysScroll(p);

    await p.getByRole("button", { name: "ส่งคำขอลา" }).click();
    await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอลาแล้ว" })).toContainText(`ลาคลอด`);
    await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอลาแล้ว" })).toContainText(`(${DAYS} วัน) รอผู้อนุมัติพิจารณา`);
    const row = p.getByTestId("petition-row").first();
    await expect(row).toContainText("ลาคลอด");
    await expect(row.getByTestId("petition-days")).toHaveText(`${DAYS} วัน`);
    await expectNoSidewaysScroll(p);

    // The admin approves it from the queue.
    await page.goto("/admin/leave-work");
    const card = page.getByTestId("pending-petition").filter({ hasText: employee.code });
    await expect(card).toContainText("ลาคลอด");
    await expect(card).toContainText(`${DAYS} วัน`);
    await card.getByRole("button", { name: "อนุมัติ", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "อนุมัติคำขอลา" });
    await expect(dialog).toContainText(`${employee.full_name} (${employee.code})`);
    await dialog.getByRole("button", { name: "อนุมัติ", exact: true }).click();
    await expect(page.getByText("อนุมัติคำขอลาแล้ว")).toBeVisible();
    await expect(card).toHaveCount(0);

    // The leave calendar of the holiday's month: a working day of the leave lists the employee.
    await page.goto(`/admin/leave-work?tab=calendar&month=${holiday.date.slice(0, 7)}`);
    await expect(page.getByRole("tab", { name: "ปฏิทิน" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: new RegExp(`^${thaiDay(away, "long")}.*: ลาอนุมัติ [1-9]\\d* คน`) }).click();
    const who = page.getByRole("dialog", { name: thaiDay(away, "long") });
    await expect(who.getByText(employee.full_name, { exact: true }).locator("xpath=../..")).toContainText("ลาคลอด");
    await page.keyboard.press("Escape");
    await expect(who).toBeHidden();

    // The statistics of the year: 30 days in the ลาคลอด column.
    await page.goto(`/admin/leave-work?tab=statistics&year=${start.slice(0, 4)}`);
    await expect(page.getByRole("tab", { name: "สถิติ" })).toHaveAttribute("aria-selected", "true");
    await expect(await statisticsCell(page, employee.code, "ลาคลอด")).toHaveText(String(DAYS));
  } finally {
    await phone.close();
  }
});
