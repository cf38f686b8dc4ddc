// At phone width the admin's lists are cards (name first, the row's controls on the card) and no
// page scrolls sideways: the settings hub, the reply and group lists, the attendance day and month,
// and the cabinet visits.
import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, login, test, withServerDatabase } from "./fixtures";
import { createEmployeeViaApi, uniqueThai } from "./employee-helpers";

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The first card of a list shows `name` and its control `control` inside the screen. */
async function expectCardWithin(page: Page, testId: string, name: string, control: RegExp) {
  const card = page.getByTestId(testId).filter({ hasText: name }).first();
  await expect(card).toBeVisible();
  const button = card.getByRole("button", { name: control }).or(card.getByRole("switch", { name: control })).first();
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box, "the control has a box").not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("the settings hub and each converted list fit a 390 px screen, with the row controls on the cards", async ({ page }) => {
  const keyword = `คำค้น${uniqueThai(5)}`;
  const groupName = `กลุ่ม${uniqueThai(5)}`;
  withServerDatabase((db) => {
    db.prepare("INSERT INTO reply_messages (keyword, match, messages, active) VALUES (?, 'exact', ?, 1)").run(keyword, JSON.stringify([{ type: "text", text: "สวัสดี" }]));
    db.prepare("INSERT INTO line_groups (group_id, name, active, joined_at) VALUES (?, ?, 1, ?)").run(`C${Date.now()}${Math.random().toString(16).slice(2, 8)}`, groupName, Date.now());
  });

  await login(page, "/admin/settings");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ตั้งค่า");
  await expect(page.getByTestId("webhook-url")).toContainText("/api/line/webhook");
  await expect(page.getByRole("button", { name: "คัดลอก" })).toBeVisible();
  await expect(page.getByTestId("hub-backups")).toContainText("วิธีกู้คืนจากไฟล์สำรอง");
  await expectNoSidewaysScroll(page);

  const employee = await createEmployeeViaApi(page, "PH");

  await page.goto("/admin/line-reply");
  await expectCardWithin(page, "reply-card", keyword, new RegExp(`^แก้ไข ${keyword}$`));
  await expectNoSidewaysScroll(page);

  await page.goto("/admin/line-group");
  await expectCardWithin(page, "line-group-card", groupName, new RegExp(`^จัดการ ${groupName}$`));
  await expectNoSidewaysScroll(page);

  // The daily view lists the day ledger's rows, which exist once attendance counts (an office
  // configured, or attendance_start set): count from today if nothing has set it yet.
  const { settings } = (await (await page.request.get("/api/settings")).json()) as { settings: { attendance_start: string } };
  if (!settings.attendance_start) {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(Date.now());
    expect((await page.request.put("/api/settings", { data: { attendance_start: today } })).status()).toBe(200);
  }
  await page.goto(`/admin/checkin-out?q=${encodeURIComponent(employee.code)}`);
  await expectCardWithin(page, "daily-card", employee.full_name, new RegExp(`^แก้ไขเวลา ${employee.full_name}$`));
  await expect(page.getByTestId("daily-row")).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await page.goto("/admin/checkin-out?tab=monthly");
  await expect(page.getByTestId("monthly-card").first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto("/admin/leave-work?tab=all");
  await expect(page.getByRole("tab", { name: /ทั้งหมด/ })).toHaveAttribute("aria-selected", "true");
  await expectNoSidewaysScroll(page);

  await page.goto("/admin/vending-machine?tab=visits");
  await expect(page.getByRole("tab", { name: "รายงานการเข้าตู้" })).toHaveAttribute("aria-selected", "true");
  await expectNoSidewaysScroll(page);
});
