// On a 390 px phone: the leave calendar shows the whole week, Sunday included, without scrolling
// sideways; an employee's code stays on one line next to a long name in the employee list (and
// in the wide table, where a long name once squeezed the code column to a character a line).
import type { Locator } from "@playwright/test";
import { expect, expectNoSidewaysScroll, login, test } from "./fixtures";
import { uniqueCode, uniqueThai } from "./employee-helpers";

const PHONE = { width: 390, height: 844 };

/** How many lines an element's text takes (its line boxes, by their tops). */
async function lineCount(element: Locator) {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

test.describe("phone (390×844)", () => {
  test.use({ viewport: PHONE });

  test("the leave calendar shows all seven days, Sunday too, with no sideways scroll", async ({ page }) => {
    await login(page, "/admin/leave-work?tab=calendar");
    // Found by its name, whatever its role (it was a 420 px grid in a box that scrolled sideways).
    const calendar = page.locator('[aria-label^="ปฏิทินการลา "]');
    await expect(calendar).toBeVisible();
    await expect(calendar.getByText("อา.", { exact: true })).toBeInViewport({ ratio: 1 });
    // The last week's Sunday, the calendar's last day, is a whole button on the screen once the page
    // is scrolled down to it (the type legend above the grid can push it below a phone's fold).
    const lastDay = calendar.getByRole("button").last();
    await lastDay.scrollIntoViewIfNeeded();
    await expect(lastDay).toBeInViewport({ ratio: 1 });
    // A table with a header per day (no grid roles without the grid's keyboard).
    await expect(calendar).toHaveRole("table");
    const days = calendar.getByRole("columnheader");
    await expect(days).toHaveText(["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."]);
    for (const day of await days.all()) await expect(day).toBeInViewport({ ratio: 1 });
    const box = (await calendar.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // Nothing between the page and the calendar scrolls sideways either.
    const scrolled = await calendar.evaluate((el) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== "visible") return node.className;
      }
      return null;
    });
    expect(scrolled, "a box around the calendar scrolls sideways").toBeNull();
    await expectNoSidewaysScroll(page);
  });

  test("a long name does not wrap the employee's code in the list", async ({ page }) => {
    await login(page, "/admin");
    const code = uniqueCode("WRAP-").padEnd(20, "9").slice(0, 20);
    const first = `ศักดิ์สิทธิ์วัฒนาพงศ์ไพศาลสกุลวงศ์${uniqueThai(6)}`;
    const created = await page.request.post("/api/employee", {
      data: { code, title: 1, first_name: first, last_name: "ณ อยุธยาศรีสวัสดิ์วงศ์พานิชย์", position: "ผู้จัดการฝ่ายบริหารทรัพยากรบุคคลและพัฒนาองค์กร" },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(`/admin/employee?q=${code}`);
    const card = page.getByTestId("employee-card").filter({ hasText: code });
    await expect(card).toHaveCount(1);
    const codeText = card.getByText(code, { exact: true });
    await expect(codeText).toBeVisible();
    expect(await lineCount(codeText), "the code is on one line").toBe(1);
    await expectNoSidewaysScroll(page);
  });
});

test("a long name does not wrap the employee's code in the wide table", async ({ page }) => {
  await login(page, "/admin");
  const code = uniqueCode("WIDE-").padEnd(20, "8").slice(0, 20);
  const created = await page.request.post("/api/employee", {
    data: { code, title: 1, first_name: `${"ก".repeat(60)}${uniqueThai(4)}`, last_name: "ยาวมากเป็นพิเศษ", position: "ผู้จัดการฝ่ายบริหารทรัพยากรบุคคลและพัฒนาองค์กร" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/admin/employee?q=${code}`);
  const row = page.getByTestId("employee-row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  expect(await lineCount(row.getByText(code, { exact: true })), "the code is on one line").toBe(1);
});
