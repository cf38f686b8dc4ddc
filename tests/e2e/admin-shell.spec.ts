import { ADMIN_USERNAME, MENU, expect, login, loginThroughForm, test } from "./fixtures";

test.describe("desktop (1280×800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the shell: top bar, 250px sidebar with six entries, active entry and footer", async ({ page }) => {
    // The one journey that signs in through the form; the others start from a written session.
    await loginThroughForm(page);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("heading", { level: 1 })).toHaveText("TN Management");
    await expect(banner.getByRole("link", { name: ADMIN_USERNAME })).toHaveAttribute("href", "/admin/account");
    await expect(page.getByTestId("hamburger")).toBeHidden();

    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toBeInViewport();
    const box = await sidebar.boundingBox();
    expect(box?.width).toBe(250);
    expect(box?.x).toBe(0);

    const links = sidebar.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link");
    await expect(links).toHaveCount(MENU.length);
    for (const [i, item] of MENU.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", item.href);
      await expect(links.nth(i)).toHaveText(item.label);
    }
    // The dashboard is no menu entry: nothing is active there.
    await expect(sidebar.locator(".menu-active")).toHaveCount(0);

    for (const item of MENU) {
      await links.filter({ hasText: item.label }).click();
      await expect(page).toHaveURL(item.href);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(item.title);
      const active = sidebar.locator("a.menu-active");
      await expect(active).toHaveCount(1);
      await expect(active).toHaveAttribute("href", item.href);
      await expect(active).toHaveAttribute("aria-current", "page");
      await expect(page).toHaveTitle(/TN Management/);
    }

    // The logo leads back to the dashboard.
    await sidebar.getByRole("link", { name: "TN Management" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("ภาพรวม");

    await expect(page.getByRole("contentinfo")).toContainText("v1.0.0");
  });

  test("/admin and /admin/dashboard show the dashboard, which links to every section", async ({ page }) => {
    await login(page);
    for (const path of ["/admin", "/admin/dashboard"]) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 2 })).toHaveText("ภาพรวม");
      for (const item of MENU) {
        await expect(main.getByRole("link", { name: item.label })).toHaveAttribute("href", item.href);
      }
    }
    await page.getByRole("main").getByRole("link", { name: "กลุ่มไลน์" }).click();
    await expect(page).toHaveURL("/admin/line-group");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("กลุ่มไลน์");
  });

  test("the avatar menu holds the account, settings and backup entries and ออกจากระบบ, closes on an outside click, and signs out", async ({
    page,
    context,
  }) => {
    await login(page);
    const avatar = page.getByTestId("user-avatar");
    await expect(avatar).toHaveText(ADMIN_USERNAME.slice(0, 2).toUpperCase());

    await avatar.click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["บัญชีผู้ใช้", "ตั้งค่า", "สำรองข้อมูล", "ออกจากระบบ"]);

    await page.mouse.click(700, 500); // on the page body, away from the menu
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/admin");

    const signedInCookies = await context.cookies();
    expect(signedInCookies.length).toBeGreaterThan(0);

    await avatar.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("menuitem", { name: "ออกจากระบบ" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "เข้าสู่ระบบ" })).toBeVisible();

    await page.goto("/admin");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");

    // The session ended on the server, not just in this browser: the old cookie is dead too.
    await context.addCookies(signedInCookies);
    await page.goto("/admin/employee");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Femployee");
  });
});

test.describe("narrow screen (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sidebar becomes a drawer behind the hamburger", async ({ page }) => {
    await login(page);
    await expect(page.getByTestId("sidebar")).not.toBeInViewport();

    const hamburger = page.getByTestId("hamburger");
    await expect(hamburger).toBeVisible();
    await expect(hamburger).toHaveAttribute("aria-label", "เปิดเมนู");
    const drawer = page.getByRole("dialog");
    await expect(drawer).toHaveCount(0);

    // Open, then close with the close button.
    await hamburger.click();
    await expect(drawer).toBeVisible();
    const links = drawer.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link");
    await expect(links).toHaveCount(MENU.length);
    for (const [i, item] of MENU.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", item.href);
    }
    await drawer.getByRole("button", { name: "ปิดเมนู" }).click();
    await expect(drawer).toBeHidden();

    // Open, then close by clicking the overlay to the right of the 250px drawer.
    await hamburger.click();
    await expect(drawer).toBeVisible();
    const box = await page.locator(".mantine-Drawer-content").boundingBox();
    expect(box?.width).toBeCloseTo(250, 0); // fractional while the slide-in transition runs
    await page.mouse.click(350, 400);
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL("/admin");

    // Open, then follow a link: it navigates and the drawer closes.
    await hamburger.click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "การลางาน" }).click();
    await expect(page).toHaveURL("/admin/leave-work");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("การลางาน");
    await expect(page.getByTestId("sidebar").locator("a.menu-active")).toHaveAttribute("href", "/admin/leave-work");
  });
});

test.describe("narrow screen (390×844): account, settings and backup", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the avatar menu and the settings page reach the account page and the backup download", async ({ page }) => {
    await login(page);
    const avatar = page.getByTestId("user-avatar");
    const menu = page.getByRole("menu");

    await avatar.click();
    await menu.getByRole("menuitem", { name: "บัญชีผู้ใช้" }).click();
    await expect(page).toHaveURL("/admin/account");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("บัญชีผู้ใช้");

    await avatar.click();
    await menu.getByRole("menuitem", { name: "ตั้งค่า" }).click();
    await expect(page).toHaveURL("/admin/settings");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText("ตั้งค่า");
    const cards = main.getByRole("navigation", { name: "การตั้งค่า" }).getByRole("link");
    await expect(cards).toHaveCount(7);
    for (const [i, href] of ["/admin/account", "/admin/users", "/admin/backup", "/admin/line-reply", "/admin/line-group", "/admin/audit", "/admin/jobs"].entries()) {
      await expect(cards.nth(i)).toHaveAttribute("href", href);
    }

    const download = page.waitForEvent("download");
    await main.getByRole("link", { name: /สำรองข้อมูล/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^tn-backup-\d{4}-\d{2}-\d{2}\.sqlite$/);

    await main.getByRole("link", { name: /บัญชีผู้ใช้/ }).click();
    await expect(page).toHaveURL("/admin/account");
  });
});

test("an unknown path answers 404 with the Thai not-found page", async ({ page, browserErrors }) => {
  // Chromium logs the 404 document response itself; that is the behaviour under test.
  browserErrors.expect(/status of 404 \(Not Found\) \(http:\/\/localhost:\d+\/no-such-page:0\)$/);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ไม่พบหน้าที่ต้องการ" })).toBeVisible();
  await expect(page.getByTestId("error-status")).toHaveText("404");
  await page.getByRole("link", { name: "กลับหน้าแรก" }).click();
  await expect(page).not.toHaveURL(/no-such-page/);
});

test("the employee frame has a main area at least 80% of the viewport high", async ({ page }) => {
  // No LIFF_ID on the e2e server: demo mode signs a mock LINE user in, who lands on the form.
  await page.goto("/employee/verify");
  await expect(page.getByTestId("demo-banner")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "ยืนยันตัวตนพนักงาน" })).toBeVisible();

  const main = page.getByRole("main");
  await expect(main).toHaveCount(1);
  const viewport = page.viewportSize()!;
  const minHeight = await main.evaluate((el) => parseFloat(getComputedStyle(el).minHeight));
  expect(minHeight).toBeCloseTo(viewport.height * 0.8, 0);
  const box = await main.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(viewport.height * 0.8);
});
