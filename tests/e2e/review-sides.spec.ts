// The review queue on a 390 px phone: a record whose check-in and check-out both wait is decided
// side by side (ADR 043). Rejecting only the check-out keeps the check-in waiting for its own
// decision; accepting it then settles the record.
import { expect, expectNoSidewaysScroll, login, test, withServerDatabase } from "./fixtures";
import { createEmployeeViaApi } from "./employee-helpers";

const PHONE = { width: 390, height: 844 };
const DAY = "2025-06-02"; // a Monday
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+07:00`);

test.use({ viewport: PHONE });

test("each side of a record has its own accept and reject, and fits a phone", async ({ page }) => {
  await login(page, "/admin");
  const employee = await createEmployeeViaApi(page, "SIDES");
  const id = withServerDatabase((db) => {
    const row = db
      .prepare(
        `insert into attendance (employee_id, work_date, checkin_at, checkin_geofence, checkin_office, checkin_distance_m, checkout_at,
           checkout_geofence, checkout_office, checkout_distance_m, flags, review_status, checkin_review, checkout_review)
         values (?, ?, ?, 'outside', 'สำนักงานใหญ่', 420, ?, 'outside', 'สำนักงานใหญ่', 380, '["outside"]', 'pending', 'pending', 'pending')
         returning id`,
      )
      .get(employee.id, DAY, at("08:20"), at("17:40")) as { id: number };
    return row.id;
  });

  await page.goto("/admin/checkin-out?tab=review");
  const card = page.getByTestId("review-card").filter({ hasText: employee.code });
  await expect(card).toHaveCount(1);
  const checkin = card.getByRole("group", { name: "เวลาเข้า" });
  const checkout = card.getByRole("group", { name: "เวลาออก" });
  for (const part of [checkin, checkout, card.getByRole("group", { name: "ทั้งสองเวลา" })]) {
    for (const name of ["ปฏิเสธ", "ยอมรับ"]) {
      const button = part.getByRole("button", { name, exact: true });
      await button.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await expect(button).toBeInViewport({ ratio: 1 });
    }
  }
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: test.info().outputPath("review-card-390.png") });

  await card.getByRole("textbox", { name: "หมายเหตุ" }).fill("รูปออกงานไม่ใช่พนักงาน");
  await expect(async () => {
    await checkout.getByRole("button", { name: "ปฏิเสธ", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("จะถือว่าไม่ได้ลงเวลาออก เวลาเข้ายังนับตามเดิม");
  await dialog.getByRole("button", { name: "ปฏิเสธ", exact: true }).click();

  // The check-in still waits, alone; the check-out says it was rejected.
  await expect(checkout).toHaveCount(0);
  await expect(card.getByRole("group", { name: "ทั้งสองเวลา" })).toHaveCount(0);
  await expect(checkin).toBeVisible();
  await expect(card).toContainText("ออกงาน 17:40ปฏิเสธแล้ว");
  const sides = () =>
    withServerDatabase((db) => db.prepare("select checkin_review, checkout_review, review_status from attendance where id = ?").get(id));
  expect(sides()).toEqual({ checkin_review: "pending", checkout_review: "rejected", review_status: "pending" });

  await checkin.getByRole("button", { name: "ยอมรับ", exact: true }).click();
  await expect(card).toHaveCount(0);
  expect(sides()).toEqual({ checkin_review: "accepted", checkout_review: "rejected", review_status: "rejected" });
});
