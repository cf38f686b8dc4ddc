// Employees (admin, desktop): create through the form with the Thai date picker and the address
// cascade, photo upload, search, resignation, the resigned tab and the CSV export.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { employeeRow, expectImageLoaded, failedLoad, rowMenu, uniqueCode, uniqueThai } from "./employee-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

const PHOTO = path.resolve("node_modules/@vladmandic/face-api/demo/sample2.jpg");

/** A date the way the app prints it, in Bangkok: `22 พ.ย. 2569` (Buddhist Era). */
function thaiDate(date: Date) {
  return new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }).format(date);
}

/** Clicks ส่งออก CSV, catches the download and checks the BOM; returns the file name and rows. */
async function exportCsv(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "ส่งออก CSV" }).click();
  const download = await downloading;
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, for Excel
  const [header, ...rows] = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
  expect(header.split(",").slice(0, 4)).toEqual(["รหัสพนักงาน", "คำนำหน้า", "ชื่อ", "นามสกุล"]);
  return { name: download.suggestedFilename(), rows };
}

/** The Gregorian year and month (1–12) in Bangkok. */
function bangkokParts(date = new Date()) {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok", year: "numeric", month: "2-digit" })
    .format(date)
    .split("-")
    .map(Number);
  return { year: y, month: m };
}

test("create an employee with the Thai date picker and the address cascade, add a photo, search, resign and export", async ({
  page,
}) => {
  test.slow(); // one long journey: create, upload, search, resign, export
  const code = uniqueCode("EMP");
  const first = `สมหญิง${uniqueThai(3)}`;
  const last = `ใจดี${uniqueThai(5)}`;
  const fullName = `นางสาว${first} ${last}`;

  await login(page, "/admin/employee");
  await expect(page.getByRole("heading", { level: 2, name: "พนักงาน" })).toBeVisible();

  await page.getByRole("button", { name: "เพิ่มพนักงาน" }).click();
  const form = page.getByRole("dialog", { name: "เพิ่มพนักงาน" });
  await expect(form).toBeVisible();

  await form.getByRole("textbox", { name: "รหัสพนักงาน", exact: true }).fill(code);
  // คำนำหน้า is a Select: open it and pick from the list.
  const title = form.getByRole("textbox", { name: "คำนำหน้า", exact: true });
  await expect(title).toHaveValue("นาย");
  await title.click();
  await page.getByRole("option", { name: "นางสาว", exact: true }).click();
  await expect(title).toHaveValue("นางสาว");
  await form.getByRole("textbox", { name: "ชื่อ", exact: true }).fill(first);
  await form.getByRole("textbox", { name: "นามสกุล", exact: true }).fill(last);
  await form.getByRole("textbox", { name: "เบอร์โทรศัพท์", exact: true }).fill("081-234-5678");

  // วันเริ่มงาน: the calendar heads its month with the Buddhist-Era year; pick the 1st.
  const { year } = bangkokParts();
  const startDate = form.getByRole("button", { name: "วันเริ่มงาน", exact: true });
  await expect(startDate).toHaveText("เลือกวันที่");
  await startDate.click();
  const calendar = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "วันนี้" }) });
  await expect(calendar).toBeVisible();
  // The header (month name + year) reads e.g. "พฤศจิกายน 2569", never the Gregorian year.
  const monthLevel = calendar.getByRole("button", { name: /^\S+ \d{4}$/ });
  await expect(monthLevel).toHaveText(new RegExp(`^\\S+ ${year + 543}$`));
  await calendar.locator("table button:not([data-outside])").getByText("1", { exact: true }).click();
  await expect(calendar).toBeHidden();
  const { month } = bangkokParts();
  const firstOfMonth = new Date(`${year}-${String(month).padStart(2, "0")}-01T12:00:00+07:00`);
  const startDateText = thaiDate(firstOfMonth);
  expect(startDateText).toMatch(new RegExp(`^1 \\S+ ${year + 543}$`));
  await expect(startDate).toHaveText(startDateText);

  // Address: จังหวัด (type to search) → อำเภอ/เขต → ตำบล/แขวง; the zipcode fills itself.
  const province = form.getByRole("textbox", { name: "จังหวัด", exact: true });
  const amphur = form.getByRole("textbox", { name: "อำเภอ/เขต", exact: true });
  const district = form.getByRole("textbox", { name: "ตำบล/แขวง", exact: true });
  const zipcode = form.getByRole("textbox", { name: "รหัสไปรษณีย์", exact: true });
  await expect(amphur).toBeDisabled();
  await expect(province).toBeEnabled(); // the province list has loaded
  await province.click();
  await province.fill("เชียงใหม่");
  await expect(page.getByRole("option")).toHaveCount(1);
  await page.getByRole("option", { name: "เชียงใหม่", exact: true }).click();
  await expect(province).toHaveValue("เชียงใหม่");

  await expect(amphur).toBeEnabled();
  await amphur.click();
  await page.getByRole("option", { name: "เมืองเชียงใหม่", exact: true }).click();
  await expect(amphur).toHaveValue("เมืองเชียงใหม่");

  await expect(district).toBeEnabled();
  await expect(zipcode).toHaveValue("");
  await district.click();
  await page.getByRole("option", { name: "ศรีภูมิ", exact: true }).click();
  await expect(district).toHaveValue("ศรีภูมิ");
  await expect(zipcode).toHaveValue(/^\d{5}$/);
  await expect(zipcode).toHaveValue("50200");

  await form.getByRole("button", { name: "บันทึก" }).click();
  const added = page.locator(".mantine-Notification-root").filter({ hasText: "เพิ่มพนักงานแล้ว" });
  await expect(added).toBeVisible();
  await expect(added).toHaveAttribute("style", /--notification-color:\s*var\(--mantine-color-green/); // green
  await expect(form).toBeHidden();
  const row = employeeRow(page, code);
  await expect(row).toBeVisible();
  await expect(row).toContainText(fullName);
  await expect(row).toContainText("081-234-5678");
  await expect(row).toContainText("ยังไม่เชื่อม");
  await expect(row).toContainText("ยังไม่ลงทะเบียน");
  await expect(row.locator("img")).toHaveCount(0); // the initial stands in for the photo

  // Photo: row menu → เปลี่ยนรูป, a JPEG from disk, อัปโหลด.
  await rowMenu(page, fullName, "เปลี่ยนรูป");
  const photo = page.getByRole("dialog", { name: "รูปพนักงาน" });
  await expect(photo).toBeVisible();
  const upload = photo.getByRole("button", { name: "อัปโหลด" });
  await expect(upload).toBeDisabled();
  await photo.locator("input[type=file]").setInputFiles(PHOTO);
  await expect(photo.getByRole("img", { name: fullName })).toHaveAttribute("src", /^blob:/); // the preview
  await upload.click();
  await expect(page.getByText("อัปโหลดรูปแล้ว")).toBeVisible();
  await expect(photo).toBeHidden();
  const avatar = row.locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/employees\//);
  await expectImageLoaded(avatar);

  // Search by a fragment of the Thai last name (debounced, then the URL carries ?q=).
  const fragment = last.slice(2); // ดี + the unique letters
  await page.getByRole("textbox", { name: "ค้นหาพนักงาน" }).fill(fragment);
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(fragment)}$`));
  await expect(page.getByTestId("employee-row")).toHaveCount(1);
  await expect(row).toBeVisible();
  await expect(page.getByText("ทั้งหมด 1 คน")).toBeVisible();

  // The export follows the search: only this employee, still on the active list.
  const activeCsv = await exportCsv(page);
  expect(activeCsv.name).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(activeCsv.rows).toHaveLength(1);
  expect(activeCsv.rows[0]).toMatch(new RegExp(`^${code},นางสาว,${first},${last},`));

  // Resign: row menu → บันทึกการลาออก → the date (today by default) → ยืนยันการลาออก.
  await rowMenu(page, fullName, "บันทึกการลาออก");
  const resign = page.getByRole("dialog", { name: "บันทึกการลาออก" });
  await expect(resign).toContainText(`${fullName} (${code})`);
  const today = thaiDate(new Date());
  await expect(resign.getByRole("button", { name: "วันที่ลาออก" })).toHaveText(today);
  await resign.getByRole("button", { name: "ยืนยันการลาออก" }).click();
  await expect(page.getByText("บันทึกการลาออกแล้ว")).toBeVisible();
  await expect(resign).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("ไม่พบพนักงานที่ค้นหา")).toBeVisible();

  await page.getByRole("tab", { name: "ลาออกแล้ว" }).click();
  await expect(page).toHaveURL("/admin/employee?tab=resigned");
  await expect(page.getByRole("tab", { name: "ลาออกแล้ว" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("columnheader", { name: "วันที่ลาออก" })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(row).toContainText(fullName);
  await expect(row).toContainText(today);

  // Export the resigned list: a download, UTF-8 with a BOM, Thai headers, this employee.
  const resignedCsv = await exportCsv(page);
  expect(resignedCsv.name).toMatch(/^resigned-employees-\d{4}-\d{2}-\d{2}\.csv$/);
  const line = resignedCsv.rows.find((l) => l.startsWith(`${code},`));
  expect(line, resignedCsv.rows.join("\n")).toBeDefined();
  expect(line).toContain(`${code},นางสาว,${first},${last}`);
  // วันเริ่มงาน and วันที่ลาออก, each in Thai BE with its ISO date beside it (for spreadsheets).
  const iso = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(date);
  expect(line).toContain(`,${startDateText},${iso(firstOfMonth)},${today},${iso(new Date())},`);
  expect(line).toContain(",ศรีภูมิ,เมืองเชียงใหม่,เชียงใหม่,50200,");
});

test("saving the new-employee form without a code shows the Thai error under the field", async ({
  page,
  browserErrors,
}) => {
  // Chromium logs the 400 answer to the form post; it is what this test provokes.
  browserErrors.expect(failedLoad(400, "/admin/employee"));
  await login(page, "/admin/employee");
  await page.getByRole("button", { name: "เพิ่มพนักงาน" }).click();
  const form = page.getByRole("dialog", { name: "เพิ่มพนักงาน" });
  await form.getByRole("textbox", { name: "ชื่อ", exact: true }).fill("ทดสอบ");
  await form.getByRole("textbox", { name: "นามสกุล", exact: true }).fill("ไม่มีรหัส");
  await form.getByRole("button", { name: "บันทึก" }).click();

  const codeInput = form.getByRole("textbox", { name: "รหัสพนักงาน", exact: true });
  await expect(form.getByText("กรุณากรอกรหัสพนักงาน")).toBeVisible();
  await expect(codeInput).toHaveAttribute("aria-invalid", "true");
  await expect(codeInput).toHaveAccessibleDescription("กรุณากรอกรหัสพนักงาน");
  // Only the empty field is flagged, the form stays open with what was typed.
  await expect(form.getByRole("textbox", { name: "ชื่อ", exact: true })).toHaveValue("ทดสอบ");
  await expect(form.getByRole("textbox", { name: "ชื่อ", exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("เพิ่มพนักงานแล้ว")).toHaveCount(0);

  // Filling the code in and saving again creates the employee.
  const code = uniqueCode("VAL");
  await codeInput.fill(code);
  await form.getByRole("button", { name: "บันทึก" }).click();
  await expect(page.getByText("เพิ่มพนักงานแล้ว")).toBeVisible();
  await expect(employeeRow(page, code)).toContainText("นายทดสอบ ไม่มีรหัส");
});
