// The admin shell from the keyboard: the first Tab reaches a skip link to the page, and a page
// opened from the menu (the sidebar, or the phone's drawer) takes the focus to its heading
// instead of leaving it in the menu.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

/** The focused element's tag and text. */
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent?.trim() }));

test("the first Tab shows the skip link; it takes the focus past the header and the menu", async ({ page }) => {
  await login(page, "/admin/employee");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "ข้ามไปยังเนื้อหา" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  const box = (await skip.boundingBox())!;
  expect(box.width, "the focused skip link is shown, not a 1px box").toBeGreaterThan(60);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab is in the page: the first of its tabs, not the header's or the menu's links.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tab", { name: "พนักงานปัจจุบัน" })).toBeFocused();
});

test("a page opened from the sidebar has the focus on its heading", async ({ page }) => {
  await login(page, "/admin");
  const link = page.getByTestId("sidebar").getByRole("link", { name: "การลางาน" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/leave-work");
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "การลางาน" })).toBeFocused();
  // A tab of the page keeps the focus where it is.
  await page.getByRole("tab", { name: "ทั้งหมด" }).click();
  await expect(page).toHaveURL("/admin/leave-work?tab=all");
  await expect(page.getByRole("tab", { name: "ทั้งหมด" })).toBeFocused();
});

test.describe("phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a page opened from the drawer has the focus on its heading, not on the hamburger", async ({ page }) => {
    await login(page, "/admin");
    const hamburger = page.getByTestId("hamburger");
    const drawer = page.getByRole("dialog");
    // Closed by the user: the focus goes back to the hamburger.
    await hamburger.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();

    await hamburger.click();
    await drawer.getByRole("link", { name: "ตู้จำหน่ายสินค้า" }).click();
    await expect(page).toHaveURL("/admin/vending-machine");
    await expect(drawer).toBeHidden();
    const heading = page.getByRole("main").getByRole("heading", { level: 2, name: "ตู้จำหน่ายสินค้า" });
    await expect(heading).toBeFocused();
    // Still there once the drawer's closing transition is over.
    await page.waitForTimeout(500);
    expect(await focused(page)).toEqual({ tag: "H2", text: "ตู้จำหน่ายสินค้า" });
  });
});
