// The overtime journey at phone width (390 px): a linked employee asks for overtime from the home
// page's entry, sees it pending; an admin (also on a phone) refuses a rejection without a reason,
// then approves it on /admin/overtime; the employee sees it approved (ADR 046).
import { expect, login, test } from "./fixtures";
import { createEmployeeViaApi, freeDemoUser, issueCode, linkOnPhone, openPhone, pickDate, thaiDay, twoWorkingDays } from "./employee-helpers";

test.describe.configure({ timeout: 90_000 });

const PHONE_WIDTH = 390;

test("an employee asks for overtime on the phone; an admin approves it on the phone; the employee sees it approved", async ({ page, browser }) => {
  await login(page, "/admin");
  const settings = (await (await page.request.get("/api/settings")).json()) as { settings: { work_days: number[] } };
  const [day] = twoWorkingDays(settings.settings.work_days);
  const employee = await createEmployeeViaApi(page, "OT");
  const code = await issueCode(page, employee);
  await freeDemoUser(page, "Udemo0005");
  const phone = await openPhone(browser, "Udemo0005");
  try {
    const p = phone.page;
    await linkOnPhone(p, employee.code, code);

    await p.goto("/employee");
    await p.getByRole("link", { name: "ขอทำงานล่วงเวลา (โอที)" }).click();
    await p.waitForURL(/\/employee\/overtime$/);
    await expect(p.getByRole("heading", { level: 2, name: "ขอทำงานล่วงเวลา (โอที)" })).toBeVisible();
    await pickDate(p, "วันที่ทำงานล่วงเวลา", day);
    await p.getByRole("textbox", { name: "ตั้งแต่", exact: true }).fill("17:30");
    await p.getByRole("textbox", { name: "ถึง", exact: true }).fill("20:00");
    await expect(p.getByTestId("overtime-duration")).toHaveText("รวม 2 ชม. 30 นาที");
    await p.getByRole("textbox", { name: "เหตุผล / งานที่จะทำ" }).fill("ปิดงบสิ้นเดือน");
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await p.getByRole("button", { name: "ส่งคำขอทำงานล่วงเวลา" }).click();
    await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอแล้ว" })).toContainText("17:30–20:00 น. รอผู้อนุมัติพิจารณา");
    await expect(p.getByRole("tab", { name: "รายการของฉัน" })).toHaveAttribute("aria-selected", "true");
    const item = p.getByTestId("overtime-item").filter({ hasText: thaiDay(day, "short") });
    await expect(item).toContainText("รออนุมัติ");
    await expect(item).toContainText("รวมสัปดาห์นี้ 2.5 ชม.");
    await expect(item.getByRole("button", { name: "ยกเลิกคำขอ" })).toBeVisible();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

    // The admin, on a phone too: the month's card, a rejection needs its reason, then approve.
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    await page.goto(`/admin/overtime?month=${day.slice(0, 7)}&status=pending`);
    await expect(page.getByRole("heading", { level: 2, name: "ทำงานล่วงเวลา (โอที)" })).toBeVisible();
    const card = page.getByTestId("overtime-card").filter({ hasText: employee.code });
    await expect(card).toContainText(employee.full_name);
    await expect(card).toContainText("17:30–20:00 น.");
    await expect(card).toContainText("2 ชม. 30 นาที");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await card.getByRole("button", { name: /^ไม่อนุมัติ / }).click();
    const reject = page.getByRole("dialog", { name: "ไม่อนุมัติการทำงานล่วงเวลา" });
    await reject.getByRole("button", { name: "ไม่อนุมัติ", exact: true }).click();
    await expect(reject).toContainText("กรุณาระบุเหตุผลที่ไม่อนุมัติ (พนักงานจะเห็นเหตุผลนี้)");
    await page.keyboard.press("Escape");
    await expect(reject).toBeHidden();
    await card.getByRole("button", { name: /^อนุมัติ / }).click();
    const approve = page.getByRole("dialog", { name: "อนุมัติการทำงานล่วงเวลา" });
    await expect(approve).toContainText(`${employee.full_name} (${employee.code})`);
    await approve.getByRole("button", { name: "อนุมัติ", exact: true }).click();
    await expect(page.getByText("อนุมัติคำขอทำงานล่วงเวลาแล้ว")).toBeVisible();
    await expect(card).toHaveCount(0);

    await p.goto("/employee/overtime?tab=list");
    const approved = p.getByTestId("overtime-item").filter({ hasText: thaiDay(day, "short") });
    await expect(approved).toContainText("อนุมัติแล้ว");
  } finally {
    await phone.close();
  }
});
