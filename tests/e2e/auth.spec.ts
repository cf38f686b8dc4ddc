import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, submitLogin, test, watchBrowserErrors } from "./fixtures";
import { E2E_BASE_URL } from "./env.mjs";

// Throttling: 5 failed sign-ins per IP in 15 minutes answer 429, and the whole suite is one IP
// against one server, so this file spends exactly two wrong passwords (one with JS, one without).

test("a guest opening an admin page goes via /auth and /login back to that page", async ({ page }) => {
  await page.goto("/admin/employee");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Femployee");
  await expect(page.getByRole("heading", { name: "ต้องเข้าสู่ระบบก่อน" })).toBeVisible();

  const toLogin = page.getByRole("link", { name: "ไปหน้าเข้าสู่ระบบ" });
  await expect(toLogin).toHaveAttribute("href", "/login?redirectTo=%2Fadmin%2Femployee");
  await toLogin.click();
  await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Femployee");

  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL("/admin/employee");
  await expect(page.getByRole("heading", { level: 2, name: "พนักงาน" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(ADMIN_USERNAME);
});

test("/auth without redirectTo links to plain /login and ignores an off-site redirectTo", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "ไปหน้าเข้าสู่ระบบ" })).toHaveAttribute("href", "/login");
  await page.goto("/auth?redirectTo=" + encodeURIComponent("//evil.example/admin"));
  await expect(page.getByRole("link", { name: "ไปหน้าเข้าสู่ระบบ" })).toHaveAttribute("href", "/login");
});

test("the login form shows field errors, rejects a wrong password and then signs in", async ({
  page,
  browserErrors,
}) => {
  // Chromium logs the 400/401 answers of the form posts; they are what this test provokes.
  browserErrors.expect(/status of 40[01] .*\(http:\/\/localhost:\d+\/login\?_data=routes%2Flogin:0\)$/);
  await page.goto("/login");
  await expect(page).toHaveTitle("เข้าสู่ระบบ · TN Management");
  const username = page.getByRole("textbox", { name: "ชื่อผู้ใช้", exact: true });
  const password = page.getByRole("textbox", { name: "รหัสผ่าน", exact: true });
  await expect(username).toBeFocused();

  // Empty submit: both fields get their own message, no general alert.
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page.getByText("กรุณากรอกชื่อผู้ใช้")).toBeVisible();
  await expect(page.getByText("กรุณากรอกรหัสผ่าน")).toBeVisible();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL("/login");

  // Wrong password (1 of the suite's 2): one general Thai message, still on /login.
  await submitLogin(page, ADMIN_USERNAME, "definitely-not-the-password");
  await expect(page.getByRole("alert")).toHaveText("ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
  await expect(page.getByText("กรุณากรอกชื่อผู้ใช้")).toHaveCount(0);
  await expect(page).toHaveURL("/login");

  await password.fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 2, name: "ภาพรวม" })).toBeVisible();

  // Signed in, /login itself sends you back to the back office.
  await page.goto("/login");
  await expect(page).toHaveURL("/admin");
});

test("the login form works with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    watchBrowserErrors(page, errors);
    await page.goto("/login");

    // Wrong password (2 of 2): the server-rendered page carries the error.
    await submitLogin(page, ADMIN_USERNAME, "wrong-without-js");
    await expect(page.getByRole("alert")).toHaveText("ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
    await expect(page).toHaveURL("/login");

    await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 2, name: "ภาพรวม" })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => c.httpOnly)).toBe(true);
  } finally {
    await context.close();
  }
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
