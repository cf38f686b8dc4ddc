// The check-in journey: the admin sets an office in the settings tab, an employee in demo mode
// registers a face, stands near the office (the browser's geolocation) and checks in with a selfie.
import { expect, login, test } from "./fixtures";
import { choosePhoto, createEmployeeViaApi, freeDemoUser, issueCode, linkOnPhone, oneFaceJpeg, openPhone, uniqueThai } from "./employee-helpers";

// The server loads its face models on the first photo, the browser its own detector.
test.describe.configure({ timeout: 120_000 });

// A point of its own, away from other tests' offices; the phone stands about 30 m north of it.
const OFFICE = { lat: 14.5, lng: 100.25 };
const PHONE = { latitude: 14.50027, longitude: 100.25, accuracy: 10 };

test("the admin sets an office; the employee checks in near it with a selfie and sees the server's answer", async ({ page, browser }, testInfo) => {
  const officeName = `สาขา${uniqueThai(5)}`;
  await login(page, "/admin/checkin-out?tab=settings");
  await expect(page.getByRole("tab", { name: "ตั้งค่า" })).toHaveAttribute("aria-selected", "true");
  const rowsBefore = await page.getByTestId("office-row").count();
  await page.getByRole("button", { name: "เพิ่มสำนักงาน" }).click();
  const n = rowsBefore + 1;
  await page.getByLabel(`ชื่อสำนักงาน ${n}`).fill(officeName);
  await page.getByLabel(`ละติจูด ${n}`, { exact: true }).fill(String(OFFICE.lat));
  await page.getByLabel(`ลองจิจูด ${n}`, { exact: true }).fill(String(OFFICE.lng));
  await page.getByLabel(`รัศมี (เมตร) ${n}`).fill("200");
  await expect(page.getByTestId("office-row").nth(n - 1).getByRole("link", { name: /ดูบนแผนที่/ })).toHaveAttribute(
    "href",
    `https://www.google.com/maps?q=${OFFICE.lat},${OFFICE.lng}`,
  );
  const selfie = page.getByRole("switch", { name: "บังคับถ่ายรูปใบหน้าเมื่อลงเวลา" });
  if (!(await selfie.isChecked())) await selfie.check({ force: true });
  await page.getByRole("button", { name: "บันทึกการตั้งค่า" }).click();
  await expect(page.getByText("บันทึกการตั้งค่าแล้ว")).toBeVisible();
  const saved = (await (await page.request.get("/api/settings")).json()) as { settings: { offices: { name: string }[]; require_selfie: boolean } };
  expect(saved.settings.offices.map((o) => o.name)).toContain(officeName);
  expect(saved.settings.require_selfie).toBe(true);

  const employee = await createEmployeeViaApi(page, "CHECKIN");
  const code = await issueCode(page, employee);
  const photo = await oneFaceJpeg(testInfo.outputPath("one-face.jpg"));
  await freeDemoUser(page, "Udemo0001");
  const phone = await openPhone(browser, "Udemo0001");
  try {
    await phone.context.grantPermissions(["geolocation"]);
    await phone.context.setGeolocation(PHONE);
    const p = phone.page;
    await linkOnPhone(p, employee.code, code);
    await choosePhoto(p, photo);
    await p.getByRole("button", { name: /^(ใช้รูปนี้|ส่งรูปนี้อยู่ดี)$/ }).click();
    await p.waitForURL(/\/employee\?face=registered$/, { timeout: 60_000 });

    await p.goto("/employee/checkin-out");
    await expect(p.getByRole("heading", { level: 2, name: "ลงเวลาเข้า-ออกงาน" })).toBeVisible();
    await expect(p.getByText(new RegExp(`^ห่างจาก${officeName} \\d+ ม\\. \\(±10 ม\\.\\)$`))).toBeVisible({ timeout: 20_000 });
    const button = p.getByRole("button", { name: "ลงเวลาเข้างาน" });
    await expect(button).toBeDisabled(); // no selfie yet
    await choosePhoto(p, photo);
    await expect(button).toBeEnabled();
    await button.click();
    await expect(p.getByRole("status").filter({ hasText: /^ลงเวลาเข้างานแล้ว เวลา \d\d:\d\d น\.$/ })).toBeVisible({ timeout: 60_000 });
    await expect(p.getByText("อยู่ในพื้นที่")).toBeVisible();
    await expect(p.getByText("ใบหน้า: ตรง")).toBeVisible();
    await expect(p.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeVisible();
    await expect(p.getByTestId("history-row").first()).toContainText(/เข้า \d\d:\d\d น\./);

    // A reload reads today's state from the server: the next step is the check-out.
    await p.reload();
    await expect(p.getByTestId("เข้างาน-time")).toHaveText(/^\d\d:\d\d น\.$/);
    await expect(p.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeVisible();
  } finally {
    await phone.close();
  }
});
