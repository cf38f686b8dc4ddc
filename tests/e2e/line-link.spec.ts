// LINE linking in demo mode (no LIFF_ID on the e2e server): the admin issues a one-time code, the
// employee's phone signs the mock LINE user in, links with employee code + verify code, skips the
// face step and lands on the employee home; the admin list then shows the link.
import { expect, login, test } from "./fixtures";
import {
  createEmployeeViaApi,
  employeeRow,
  failedLoad,
  freeDemoUser,
  issueVerifyCodeInUi,
  linkOnPhone,
  openPhone,
} from "./employee-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

test("the admin issues a code, the employee links LINE on the phone and the list shows เชื่อมแล้ว", async ({
  page,
  browser,
}) => {
  await login(page, "/admin/employee");
  const employee = await createEmployeeViaApi(page, "LNK");
  await page.reload();
  const row = employeeRow(page, employee.code);
  await expect(row.getByText("ยังไม่เชื่อม", { exact: true })).toBeVisible();
  const verifyCode = await issueVerifyCodeInUi(page, employee);

  // The phone: its own context, no admin cookie; demo LINE user 2.
  await freeDemoUser(page, "Udemo0002");
  const phone = await openPhone(browser, "Udemo0002");
  try {
    const p = phone.page;
    await linkOnPhone(p, employee.code, verifyCode);
    await p.getByRole("link", { name: "ข้ามไปก่อน" }).click();
    await p.waitForURL(/\/employee$/);
    await expect(p.getByRole("heading", { level: 2 })).toHaveText(`สวัสดี คุณ${employee.first_name}`);
    await expect(p.getByText(`${employee.full_name} · ${employee.code}`)).toBeVisible();
    // Skipped, so the home page asks for the face.
    await expect(p.getByText("ยังไม่ได้ลงทะเบียนใบหน้า")).toBeVisible();
    await expect(p.getByRole("link", { name: "ลงทะเบียนใบหน้า", exact: true })).toHaveAttribute("href", "/employee/face");
    // The demo banner stays, showing who the mock plays.
    const demoUser = p.getByRole("combobox", { name: "เลือกผู้ใช้ LINE ทดลอง" });
    await expect(demoUser).toHaveValue("Udemo0002");
    await expect(demoUser.locator("option:checked")).toHaveText("ผู้ใช้ทดลอง 2 (Udemo0002)");

    // Signed in and linked: opening the form again goes straight home.
    await p.goto("/employee/verify");
    await expect(p).toHaveURL(/\/employee$/);
    await expect(p.getByRole("heading", { level: 2 })).toHaveText(`สวัสดี คุณ${employee.first_name}`);
  } finally {
    await phone.close();
  }

  await page.reload();
  await expect(row.getByText("เชื่อมแล้ว", { exact: true })).toBeVisible();
  // Linked: the menu offers messaging and unlinking instead of a new code.
  await page.getByRole("button", { name: `จัดการ ${employee.full_name}`, exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "ส่งข้อความ LINE" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "ยกเลิกการเชื่อม LINE" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "ออกรหัสเชื่อม LINE" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("a wrong code shows the Thai error and stays on /employee/verify; the right one then links", async ({
  page,
  browser,
}) => {
  await login(page, "/admin/employee");
  const employee = await createEmployeeViaApi(page, "WRG");
  const issued = await page.request.post(`/api/employee/${employee.id}/verify-code`);
  expect(issued.status()).toBe(200);
  const { code } = (await issued.json()) as { code: string };
  expect(code).toMatch(/^\d{6}$/);
  const wrong = code === "000000" ? "111111" : "000000";

  // The form posts answer 400 for the wrong tries: Chromium logs them, the test provokes them.
  await freeDemoUser(page, "Udemo0003");
  const phone = await openPhone(browser, "Udemo0003", [failedLoad(400, "/employee/verify")]);
  try {
    const p = phone.page;
    await p.goto("/employee");
    await expect(p.getByTestId("demo-banner")).toContainText("โหมดทดลอง");
    await p.waitForURL(/\/employee\/verify$/);
    const employeeCode = p.getByRole("textbox", { name: "รหัสพนักงาน", exact: true });
    const verifyCode = p.locator("input[name=verify_code]");
    const submit = p.getByRole("button", { name: "ยืนยัน", exact: true });

    // Contract change (issue 10): every failed try gets the one general message, so a right
    // employee code with a wrong verify code and an unknown employee code look alike.
    const LINK_FAILED = "รหัสพนักงานหรือรหัสยืนยันไม่ถูกต้อง หรือรหัสยืนยันหมดอายุแล้ว กรุณาตรวจสอบ หรือขอรหัสใหม่จากผู้ดูแลระบบ";
    const answered = () => p.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/employee/verify"));
    await employeeCode.fill(employee.code);
    await verifyCode.fill(wrong);
    await Promise.all([answered(), submit.click()]);
    // (scoped to main: the demo banner in the header is a Mantine Alert, role=alert, too)
    await expect(p.getByRole("main").getByRole("alert")).toHaveText(LINK_FAILED);
    await expect(p).toHaveURL(/\/employee\/verify$/);

    await employeeCode.fill("NO-SUCH-CODE");
    await verifyCode.fill(code);
    await Promise.all([answered(), submit.click()]);
    await expect(p.getByRole("main").getByRole("alert")).toHaveText(LINK_FAILED);
    await expect(p).toHaveURL(/\/employee\/verify$/);

    // The right pair still works (wrong tries do not void the code before the twentieth).
    await employeeCode.fill(employee.code);
    await verifyCode.fill(code);
    await submit.click();
    await p.waitForURL(/\/employee\/face$/);
  } finally {
    await phone.close();
  }
});
