// The leave journey: in demo mode a linked employee files a two-day business leave on a 375 px
// phone, sees the working-day preview and the balance after it, then the petition pending with 2
// days and ลากิจ left 3 → 1 (pending days count), on the page and home. An admin approves it on the
// leave page; the employee sees it approved with the 2 days used; the leave calendar and the
// attendance daily view show the employee away on those days.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { createEmployeeViaApi, freeDemoUser, issueCode, linkOnPhone, openPhone, pickDate, thaiDay, twoWorkingDays } from "./employee-helpers";

test.describe.configure({ timeout: 90_000 });

const PHONE_WIDTH = 375;

const bangkokYear = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date()).slice(0, 4);

/** The petition history of the leave year that holds `date` (the page opens on this year). */
async function openHistory(p: Page, date: string) {
  await p.goto("/employee/petition?tab=history");
  if (!date.startsWith(bangkokYear())) await p.getByRole("combobox", { name: "ปี" }).selectOption(date.slice(0, 4));
}

test("an employee files a two-day business leave on the phone; an admin approves it; the balance, calendar and daily view follow", async ({
  page,
  browser,
}) => {
  await login(page, "/admin");
  const settings = (await (await page.request.get("/api/settings")).json()) as { settings: { work_days: number[] } };
  const [start, end] = twoWorkingDays(settings.settings.work_days);
  const employee = await createEmployeeViaApi(page, "LEAVE");
  const code = await issueCode(page, employee);
  await freeDemoUser(page, "Udemo0001");
  const phone = await openPhone(browser, "Udemo0001");
  try {
    const p = phone.page;
    await p.setViewportSize({ width: PHONE_WIDTH, height: 812 });
    await linkOnPhone(p, employee.code, code);

    await p.goto("/employee");
    await expect(p.getByTestId("home-balance-1")).toHaveText("ลากิจ3 วัน");
    await p.getByRole("link", { name: "ขอลางาน" }).click();
    await p.waitForURL(/\/employee\/petition$/);
    await expect(p.getByRole("heading", { level: 2, name: "ขอลางาน" })).toBeVisible();

    await p.getByRole("radio", { name: "ลากิจ" }).check({ force: true });
    await pickDate(p, "วันที่เริ่มลา", start);
    // The end follows the start; then the second day.
    await expect(p.getByRole("button", { name: "ถึงวันที่" })).toHaveText(thaiDay(start, "short"));
    await pickDate(p, "ถึงวันที่", end);
    await expect(p.getByRole("radio", { name: "ครึ่งวันเช้า" })).toBeDisabled();
    await expect(p.getByTestId("preview-days")).toHaveText("ลา 2 วันทำงาน");
    await expect(p.getByTestId("preview-balance")).toHaveText("ลากิจคงเหลือ 3 วัน → หลังยื่นคำขอนี้ 1 วัน");
    await p.getByRole("textbox", { name: "เหตุผลการลา" }).fill("พาคุณแม่ไปโรงพยาบาล");
    await expect(p.getByText("19/500")).toBeVisible();
    // Nothing sticks out sideways on a 375 px phone.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

    await p.getByRole("button", { name: "ส่งคำขอลา" }).click();
    await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอลาแล้ว" })).toContainText("(2 วัน) รอผู้อนุมัติพิจารณา");
    await expect(p.getByRole("tab", { name: "ประวัติการลา" })).toHaveAttribute("aria-selected", "true");
    const row = p.getByTestId("petition-row").first();
    await expect(row).toContainText("ลากิจ");
    await expect(row).toContainText("ยื่นคำขอ");
    await expect(row.getByTestId("petition-days")).toHaveText("2 วัน");
    await expect(row.getByRole("button", { name: "ยกเลิกคำขอ" })).toBeVisible();
    const business = p.getByTestId("balance-1");
    await expect(business).toContainText("สิทธิ์ 3 · อนุมัติแล้ว 0 · รออนุมัติ 2");
    await expect(business.getByTestId("remaining")).toHaveText("คงเหลือ 1 วัน");
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

    // The server holds it: a reload and the home page agree. The home page and the history open
    // on this year; from 24 December the leave falls in the next one.
    await openHistory(p, start);
    await expect(p.getByTestId("petition-row").first()).toContainText("ยื่นคำขอ");
    await p.goto("/employee");
    await expect(p.getByTestId("home-balance-1")).toHaveText(start.startsWith(bangkokYear()) ? "ลากิจ1 วัน" : "ลากิจ3 วัน");

    // The admin approves it from the queue, with a note to the employee.
    await page.goto("/admin/leave-work");
    await expect(page.getByRole("tab", { name: /รออนุมัติ/ })).toHaveAttribute("aria-selected", "true");
    const card = page.getByTestId("pending-petition").filter({ hasText: employee.code });
    await expect(card).toContainText(employee.full_name);
    await expect(card).toContainText("ลากิจ");
    await expect(card).toContainText("2 วัน");
    await expect(card).toContainText("พาคุณแม่ไปโรงพยาบาล");
    await expect(card).toContainText("คงเหลือหลังอนุมัติ 1 วัน");
    await card.getByRole("button", { name: "อนุมัติ", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "อนุมัติคำขอลา" });
    await expect(dialog).toContainText(`${employee.full_name} (${employee.code})`);
    await dialog.getByRole("textbox", { name: "หมายเหตุถึงพนักงาน" }).fill("ขอให้คุณแม่หายไว ๆ");
    await dialog.getByRole("button", { name: "อนุมัติ", exact: true }).click();
    await expect(page.getByText("อนุมัติคำขอลาแล้ว")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // The employee sees it approved, the note, and the two days used (none pending).
    await openHistory(p, start);
    const approved = p.getByTestId("petition-row").first();
    await expect(approved).toContainText("อนุมัติ");
    await expect(approved).not.toContainText("ยื่นคำขอ");
    await expect(approved).toContainText("หมายเหตุผู้อนุมัติ: ขอให้คุณแม่หายไว ๆ");
    await expect(approved.getByRole("button", { name: "ยกเลิกคำขอ" })).toHaveCount(0);
    await expect(p.getByTestId("balance-1")).toContainText("สิทธิ์ 3 · อนุมัติแล้ว 2 · รออนุมัติ 0");
    await expect(p.getByTestId("balance-1").getByTestId("remaining")).toHaveText("คงเหลือ 1 วัน");

    // The leave calendar of that month: both days list the employee as approved.
    await page.goto(`/admin/leave-work?tab=calendar&month=${start.slice(0, 7)}`);
    await expect(page.getByRole("tab", { name: "ปฏิทิน" })).toHaveAttribute("aria-selected", "true");
    for (const day of [start, end]) {
      if (day.slice(0, 7) !== start.slice(0, 7)) await page.getByRole("button", { name: "เดือนถัดไป" }).click();
      const cell = page.getByRole("button", { name: new RegExp(`^${thaiDay(day, "long")}.*: ลาอนุมัติ [1-9]\\d* คน`) });
      await cell.click();
      const who = page.getByRole("dialog", { name: thaiDay(day, "long") });
      const entry = who.getByText(employee.full_name, { exact: true }).locator("xpath=../..");
      await expect(entry).toContainText("ลากิจ · เต็มวัน");
      await expect(entry).toContainText("อนุมัติ");
      await page.keyboard.press("Escape");
      await expect(who).toBeHidden();
    }

    // The attendance daily view holds days up to today (the day ledger, ADR 043): the leave's
    // first day, a week ahead, says it is still ahead instead of listing anyone.
    await page.goto(`/admin/checkin-out?date=${start}&q=${employee.code}`);
    await expect(page.getByText(`ยังไม่ถึงวันที่ ${thaiDay(start, "long")}`)).toBeVisible();
    await expect(page.getByTestId("daily-row")).toHaveCount(0);
  } finally {
    await phone.close();
  }
});
