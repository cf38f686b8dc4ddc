import type Database from "better-sqlite3";
import { uniqueCode, uniqueThai } from "./employee-helpers";
import { expect, login, test, withServerDatabase } from "./fixtures";

let prefix = "";

/**
 * Deletes the journey's employees behind the app's back, with the day-ledger rows that reference
 * them (an earlier journey may have started the ledger, and a new employee gets rows on its filled dates).
 */
function removeEmployees(sqlite: Database.Database, codePrefix: string) {
  return sqlite.transaction(() => {
    sqlite.prepare("DELETE FROM attendance_days WHERE employee_id IN (SELECT id FROM employees WHERE code LIKE ?)").run(`${codePrefix}-%`);
    return sqlite.prepare("DELETE FROM employees WHERE code LIKE ?").run(`${codePrefix}-%`).changes;
  })();
}
// Twenty more employees would push the later journeys' rows off the list's first page.
test.afterEach(() => {
  if (prefix) withServerDatabase((sqlite) => removeEmployees(sqlite, prefix));
});

test("20 employees exported from the list come back from the same CSV: duplicates refused first, then imported after they are gone", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  prefix = uniqueCode("IMP").slice(0, 12);
  const department = `ฝ่ายนำเข้า${uniqueThai(4)}`;
  await login(page, "/admin/employee");
  const made: { code: string; full_name: string; phone: string }[] = [];
  for (let i = 1; i <= 20; i++) {
    const data = {
      code: `${prefix}-${String(i).padStart(2, "0")}`,
      title: (i % 3) + 1,
      first_name: `นำเข้า${uniqueThai(3)}`,
      last_name: `ทดสอบ${i}`,
      phone: `08${String(10_000_000 + i)}`,
      position: i % 2 ? "พนักงานขาย" : "ผู้จัดการ",
      department,
      start_date: `2024-02-${String(i).padStart(2, "0")}`,
    };
    const response = await page.request.post("/api/employee", { data });
    expect(response.status(), await response.text()).toBe(201);
    const { employee } = (await response.json()) as { employee: { full_name: string } };
    made.push({ code: data.code, full_name: employee.full_name, phone: data.phone });
  }

  // The department filter (a picker of the names in use) narrows the list and the export to them.
  await page.reload();
  await page.getByRole("textbox", { name: "แผนก" }).click();
  await page.getByRole("option", { name: department }).click();
  await expect(page).toHaveURL(/department=/);
  await expect(page.getByText("ทั้งหมด 20 คน")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "ส่งออก CSV" }).click();
  const file = testInfo.outputPath("employees.csv");
  await (await download).saveAs(file);

  const dialog = page.getByRole("dialog", { name: "นำเข้าพนักงานจากไฟล์ CSV" });
  const preview = async () => {
    await page.getByRole("button", { name: "นำเข้า CSV" }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole("button", { name: "ตรวจสอบไฟล์" }).click();
  };

  // Into the same database: every code is already there, nothing can be imported.
  await preview();
  await expect(dialog.getByTestId("import-summary")).toHaveText("ทั้งหมด 20 แถว · ถูกต้อง 0 · มีปัญหา 20");
  await expect(dialog.getByTestId("import-problem")).toHaveCount(20);
  await expect(dialog.getByTestId("import-problem").first()).toContainText("รหัสพนักงานนี้มีอยู่แล้วในระบบ");
  await expect(dialog.getByRole("button", { name: "นำเข้า 0 คน" })).toBeDisabled();
  await dialog.getByRole("button", { name: "ยกเลิก" }).click();

  // The employees are gone (a fresh start): the same file now previews clean and imports.
  const removed = withServerDatabase((sqlite) => removeEmployees(sqlite, prefix));
  expect(removed).toBe(20);
  await page.reload();
  await expect(page.getByText("ทั้งหมด 0 คน")).toBeVisible();
  await preview();
  await expect(dialog.getByTestId("import-summary")).toHaveText("ทั้งหมด 20 แถว · ถูกต้อง 20 · มีปัญหา 0");
  await dialog.getByRole("button", { name: "นำเข้า 20 คน" }).click();
  await expect(page.getByText("นำเข้าพนักงานแล้ว 20 คน")).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByText("ทั้งหมด 20 คน")).toBeVisible();
  const rows = page.getByTestId("employee-row");
  await expect(rows).toHaveCount(20);
  for (const e of made) {
    const row = rows.filter({ has: page.getByText(e.code, { exact: true }) });
    await expect(row).toContainText(e.full_name);
    await expect(row).toContainText(e.phone);
    await expect(row).toContainText(department);
  }
});
