// A second admin is added from the settings page with a password the first admin sets; the first
// signs out, the second signs in through the form and approves a pending leave petition, and the
// approval's audit row, and the audit log page, name the second admin.
import { expect, login, submitLogin, test, withServerDatabase } from "./fixtures";
import { uniqueCode } from "./employee-helpers";

test("an admin adds a second admin, who signs in and approves a leave; the audit log names the second admin", async ({ page }) => {
  const username = `second-${Date.now().toString(36)}`;
  const password = "second-admin-Passw0rd";
  const code = uniqueCode("ADM");

  const petitionId = withServerDatabase((sqlite) => {
    const employee = sqlite
      .prepare("INSERT INTO employees (code, title, first_name, last_name, position) VALUES (?, 1, ?, ?, ?)")
      .run(code, "วิภา", "ทดสอบสิทธิ์", "ธุรการ");
    const petition = sqlite
      .prepare(
        "INSERT INTO leave_petitions (employee_id, type, start_date, end_date, days, year, reason, status) VALUES (?, 1, '2026-12-16', '2026-12-16', 1, 2026, ?, 1)",
      )
      .run(employee.lastInsertRowid, "ไปทำธุระที่อำเภอ");
    return Number(petition.lastInsertRowid);
  });

  // The first admin opens ผู้ดูแลระบบ from the settings page and adds the second with a set password.
  await login(page, "/admin/settings");
  await page.getByRole("link", { name: /^ผู้ดูแลระบบ/ }).click();
  await expect(page).toHaveURL("/admin/users");
  await page.getByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }).click();
  const dialog = page.getByRole("dialog", { name: "เพิ่มผู้ดูแลระบบ" });
  await dialog.getByRole("textbox", { name: "ชื่อผู้ใช้" }).fill(username);
  await dialog.getByRole("textbox", { name: "ชื่อ-นามสกุล" }).fill("สมศรี ผู้ช่วย");
  await dialog.getByText("ตั้งรหัสผ่านเอง").click();
  await dialog.locator('input[name="password"]').fill(password);
  await dialog.getByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }).click();
  await expect(page.getByText(`เพิ่มผู้ดูแลระบบ ${username} แล้ว`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // A set password is never shown back.
  await expect(page.getByTestId("revealed-password")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toContainText("สมศรี ผู้ช่วย");
  await expect(row).toContainText("ยังไม่เคยเข้าสู่ระบบ");
  await expect(row).toContainText("ใช้งาน");

  // The first admin signs out; the second signs in through the form.
  await page.getByTestId("user-avatar").click();
  await page.getByRole("menu").getByRole("menuitem", { name: "ออกจากระบบ" }).click();
  await expect(page).toHaveURL("/login");
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("user-avatar")).toBeVisible();

  // The second admin approves the pending petition.
  await page.goto("/admin/leave-work");
  const card = page.getByTestId("pending-petition").filter({ hasText: code });
  await expect(card).toContainText("ไปทำธุระที่อำเภอ");
  await card.getByRole("button", { name: "อนุมัติ", exact: true }).click();
  const decision = page.getByRole("dialog", { name: "อนุมัติคำขอลา" });
  await decision.getByRole("button", { name: "อนุมัติ", exact: true }).click();
  await expect(page.getByText("อนุมัติคำขอลาแล้ว")).toBeVisible();
  await expect(card).toHaveCount(0);

  const { second, audit, petition } = withServerDatabase((sqlite) => ({
    second: sqlite.prepare("SELECT id, last_sign_in_at FROM admins WHERE username = ?").get(username) as { id: number; last_sign_in_at: number | null },
    audit: sqlite
      .prepare("SELECT actor_type, actor_id, action FROM audit_log WHERE entity = 'leave_petition' AND entity_id = ? ORDER BY id DESC LIMIT 1")
      .get(String(petitionId)) as { actor_type: string; actor_id: number; action: string },
    petition: sqlite.prepare("SELECT status, decided_by FROM leave_petitions WHERE id = ?").get(petitionId) as { status: number; decided_by: number },
  }));
  expect(second.last_sign_in_at).not.toBeNull();
  expect(audit).toMatchObject({ actor_type: "admin", actor_id: second.id });
  expect(petition).toEqual({ status: 2, decided_by: second.id });

  // The audit log viewer names the second admin beside the approval.
  await page.goto(`/admin/audit?entity=leave_petition&entity_id=${petitionId}`);
  const approval = page.getByTestId("audit-row").filter({ hasText: "อนุมัติ" }).first();
  await expect(approval).toContainText("สมศรี ผู้ช่วย");

  // Back on /admin/users the second admin's row shows the sign-in and marks them as "คุณ".
  await page.goto("/admin/users");
  const own = page.getByRole("row").filter({ hasText: username });
  await expect(own).toContainText("คุณ");
  await expect(own).not.toContainText("ยังไม่เคยเข้าสู่ระบบ");
});
