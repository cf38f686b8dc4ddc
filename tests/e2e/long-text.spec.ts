import { expect, login, test, withServerDatabase } from "./fixtures";

test("a very long name and position wrap in their own cells; every row's badges keep their whole label", async ({
  page,
}) => {
  const longName = "ก".repeat(100);
  const longPosition = "ผู้จัดการฝ่ายบริหารทรัพยากรบุคคลและพัฒนาองค์กร".repeat(2);
  withServerDatabase((sqlite) => {
    const insert = sqlite.prepare(
      "INSERT INTO employees (code, title, first_name, last_name, position) VALUES (?, 1, ?, ?, ?)",
    );
    insert.run("LONG-1", longName, "ยาวมาก", longPosition);
    insert.run("LONG-2", "สั้น", "ชื่อ", "พนักงาน");
    insert.run("LONG-3", "😀อีโมจิ", "นำหน้า", "");
  });
  // Written straight into the table, so not in the search index: find them on the list itself.
  await login(page, "/admin/employee");
  const rows = page.getByTestId("employee-row").filter({ hasText: "LONG-" });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(longName);
  // An emoji first name: the avatar shows the whole emoji (and the page hydrates without the
  // mismatch errors the fixture would report).
  await expect(rows.filter({ hasText: "LONG-3" }).locator(".mantine-Avatar-placeholder")).toHaveText("😀");

  const badges = rows.locator(".mantine-Badge-label");
  await expect(badges).not.toHaveCount(0);
  for (const badge of await badges.all()) {
    const { clipped, text } = await badge.evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth + 1,
      text: el.textContent ?? "",
    }));
    expect(clipped, `badge "${text}" is cut`).toBe(false);
    expect(["ยังไม่เชื่อม", "ยังไม่ลงทะเบียน"]).toContain(text);
  }
  // The long name wraps: its cell is taller than one line, not wider than the page.
  const nameCell = rows.first().getByText(longName);
  const box = await nameCell.boundingBox();
  expect(box!.width).toBeLessThan(page.viewportSize()!.width);
  expect(box!.height).toBeGreaterThan(30);
});
