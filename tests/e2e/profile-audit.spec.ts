// The employee profile (from the list's name), an edit and a linking code handed over from it,
// and the audit log page (from the settings menu) naming what happened.
import { expect, login, test } from "./fixtures";
import { createEmployeeViaApi, uniqueThai } from "./employee-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

test("profile: open from the list, edit, hand over a linking code; the audit log shows both", async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(page, "/admin/employee");
  const employee = await createEmployeeViaApi(page, "PRF");
  await page.goto(`/admin/employee?q=${employee.code}`);
  await page.getByRole("link", { name: employee.full_name }).click();
  await expect(page).toHaveURL(`/admin/employee/${employee.id}`);
  await expect(page.getByRole("heading", { name: employee.full_name })).toBeVisible();
  for (const section of ["ข้อมูลพนักงาน", "LINE และใบหน้า", "ตู้ที่รับผิดชอบ", "ประวัติการแก้ไข"]) {
    await expect(page.getByRole("region", { name: section })).toBeVisible();
  }

  const nickname = `นิค${uniqueThai(3)}`;
  await page.getByRole("button", { name: "จัดการ" }).click();
  await page.getByRole("menuitem", { name: "แก้ไขข้อมูล" }).click();
  const form = page.getByRole("dialog", { name: `แก้ไขข้อมูล ${employee.full_name}` });
  await form.getByLabel("ชื่อเล่น").fill(nickname);
  await form.getByRole("button", { name: "บันทึก" }).click();
  await expect(page.getByText("บันทึกการแก้ไขแล้ว")).toBeVisible();
  await expect(form).toBeHidden();
  const history = page.getByRole("region", { name: "ประวัติการแก้ไข" });
  await expect(history.getByTestId("change-line").filter({ hasText: `ชื่อเล่น: - → ${nickname}` })).toBeVisible();

  await page.getByRole("button", { name: "จัดการ" }).click();
  await page.getByRole("menuitem", { name: "ออกรหัสเชื่อม LINE" }).click();
  await page.getByRole("dialog", { name: "ออกรหัสเชื่อม LINE" }).getByRole("button", { name: "ยืนยัน" }).click();
  const shown = page.getByRole("dialog", { name: "รหัสเชื่อมบัญชี LINE" });
  await expect(shown.getByTestId("verify-code")).toHaveText(/^\d{6}$/);
  const code = (await shown.getByTestId("verify-code").textContent())!.trim();
  await expect(shown.locator("[data-testid=verify-qr] svg")).toBeVisible();
  await expect(shown.getByTestId("verify-link")).toHaveText(/\/employee\/verify$/);
  await shown.getByRole("button", { name: "คัดลอกรหัส" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await shown.getByRole("button", { name: "ปิด", exact: true }).click();
  await expect(history.getByText("ออกรหัสเชื่อม LINE")).toBeVisible();

  await page.goto("/admin/settings");
  await page.getByRole("link", { name: /ประวัติการแก้ไข/ }).click();
  await expect(page).toHaveURL("/admin/audit");
  const rows = page.getByTestId("audit-row").filter({ hasText: employee.full_name });
  await expect(rows.filter({ hasText: "ออกรหัสเชื่อม LINE" })).toHaveCount(1);
  await expect(rows.filter({ hasText: nickname })).toHaveCount(1);
  await rows.filter({ hasText: nickname }).getByRole("link", { name: new RegExp(employee.full_name) }).click();
  await expect(page).toHaveURL(`/admin/employee/${employee.id}`);
});
