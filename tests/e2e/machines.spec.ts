// The cabinet journey: an admin registers a type-2 cabinet (ผูกกับตู้) in the browser and assigns
// it to an employee; the employee, in demo mode standing near the cabinet, sees it with its
// distance and reports it broken with a note and a photo; the admin finds the report in the
// visits tab and the dashboard lists the cabinet's open problem. Also: the cabinet pages at phone
// width do not scroll sideways.
import { makeJpeg } from "../fixtures/images";
import { expect, expectNoSidewaysScroll, login, openDialog, test, thaiShort, withServerDatabase } from "./fixtures";
import { createEmployeeViaApi, expectImageLoaded, freeDemoUser, issueCode, linkOnPhone, openPhone, uniqueCode, uniqueThai } from "./employee-helpers";

test.describe.configure({ timeout: 90_000 });

// A spot of this journey's own, away from the check-in journeys' offices; the phone stands about
// 40 m north of it (0.00036° of latitude), well inside the 150 m radius at ±10 m.
const CABINET = { lat: 16.25, lng: 102.25, radius_m: 150 };
const PHONE = { latitude: 16.25036, longitude: 102.25, accuracy: 10 };

test("an admin registers a type-2 cabinet and assigns it; the employee near it reports it broken with a photo; the admin sees the report and the dashboard's open problem", async ({
  page,
  browser,
}) => {
  const code = uniqueCode("VM-");
  const name = `ตู้หน้าโรงงาน${uniqueThai(4)}`;
  const note = `จอดับ หยอดเหรียญไม่ได้ ${uniqueThai(3)}`;

  // The admin registers the cabinet through the create dialog.
  await login(page, "/admin/vending-machine");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ตู้จำหน่ายสินค้า");
  const form = page.getByRole("dialog", { name: "เพิ่มตู้" });
  await openDialog(page, page.getByRole("button", { name: "เพิ่มตู้" }), form);
  await form.getByRole("textbox", { name: "รหัสตู้", exact: true }).fill(code);
  await form.getByRole("textbox", { name: "ชื่อตู้", exact: true }).fill(name);
  const type = form.getByRole("textbox", { name: "ประเภทตู้", exact: true });
  await expect(type).toHaveValue("ทั่วไป");
  await type.click();
  await page.getByRole("option", { name: "ผูกกับตู้", exact: true }).click();
  await expect(type).toHaveValue("ผูกกับตู้");
  await expect(form).toContainText("ต้องระบุตำแหน่ง พนักงานต้องส่งรายงานจากในรัศมีของตู้");
  await form.getByRole("textbox", { name: "ต้องเข้าตู้ทุก (วัน)" }).fill("7");
  await form.getByRole("textbox", { name: "ละติจูด", exact: true }).fill(String(CABINET.lat));
  await form.getByRole("textbox", { name: "ลองจิจูด", exact: true }).fill(String(CABINET.lng));
  await form.getByRole("textbox", { name: "รัศมี (เมตร)", exact: true }).fill(String(CABINET.radius_m));
  await form.getByRole("textbox", { name: "ที่อยู่ / จุดตั้งตู้" }).fill("หน้าประตูโรงงาน ฝั่งลานจอดรถ");
  await form.getByRole("button", { name: "บันทึก", exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("เพิ่มตู้แล้ว")).toBeVisible();

  const machine = withServerDatabase(
    (db) => db.prepare("SELECT id, type, lat, lng, radius_m, visit_every_days FROM machines WHERE code = ?").get(code) as Record<string, number>,
  );
  expect(machine).toMatchObject({ type: 2, lat: CABINET.lat, lng: CABINET.lng, radius_m: CABINET.radius_m, visit_every_days: 7 });

  await page.getByRole("textbox", { name: "ค้นหาตู้" }).fill(code);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${code}`));
  const row = page.getByTestId("machine-row").filter({ has: page.getByText(code, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("ผูกกับตู้");
  await expect(row).toContainText("ยังไม่มีผู้ดูแล");
  await expect(row).toContainText("ยังไม่เคยเข้าตู้");
  await expect(row.getByRole("link", { name: "แผนที่" })).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${CABINET.lat},${CABINET.lng}`);

  // ... and assigns an employee through the assignment dialog.
  const employee = await createEmployeeViaApi(page, "VMEMP");
  await row.getByRole("button", { name: `จัดการตู้ ${code}` }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "ผู้ดูแลตู้" }).click();
  const assign = page.getByRole("dialog", { name: `ผู้ดูแลตู้ ${code} · ${name}` });
  await expect(assign).toBeVisible();
  await expect(assign).toContainText("ยังไม่มีผู้ดูแล");
  const picker = assign.getByRole("textbox", { name: "เพิ่มผู้ดูแล" });
  await picker.click();
  await picker.fill(employee.code);
  await page.getByRole("option", { name: `${employee.full_name} (${employee.code})`, exact: true }).click();
  await assign.getByRole("button", { name: "เพิ่ม", exact: true }).click();
  await expect(page.getByText("เพิ่มผู้ดูแลตู้แล้ว")).toBeVisible();
  await expect(assign.getByTestId("assignee")).toHaveCount(1);
  await expect(assign.getByTestId("assignee")).toContainText(employee.full_name);
  await page.keyboard.press("Escape");
  await expect(assign).toBeHidden();
  await expect(row).toContainText(employee.full_name);

  // The employee, in demo mode about 40 m from the cabinet, reports it broken with a photo.
  const code6 = await issueCode(page, employee);
  await freeDemoUser(page, "Udemo0001");
  const phone = await openPhone(browser, "Udemo0001");
  const photo = await makeJpeg({ width: 640, height: 480 });
  try {
    await phone.context.grantPermissions(["geolocation"]);
    await phone.context.setGeolocation(PHONE);
    const p = phone.page;
    await linkOnPhone(p, employee.code, code6);

    await p.goto("/employee/vending-machine");
    await expect(p.getByRole("heading", { level: 2, name: "ตู้ที่รับผิดชอบ" })).toBeVisible();
    const card = p.getByTestId("machine-card").filter({ hasText: code });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expect(card).toContainText("ผูกกับตู้");
    await expect(card).toContainText("ยังไม่เคยส่งรายงาน");
    // The distance comes with the second load, once the browser knows the position.
    await expect(card.getByText("ห่าง 40 ม.", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(p);

    const dialog = p.getByRole("dialog", { name: "รายงานการเข้าตู้" });
    await openDialog(p, card.getByRole("button", { name: "ส่งรายงาน" }), dialog);
    await expect(dialog).toContainText(`${code} ${name}`);
    const presence = dialog.getByTestId("presence-check");
    await expect(presence).toContainText("อยู่ที่ตู้");
    await expect(presence).toContainText("ห่างจากตู้ 40 ม. (±10 ม.) รัศมี 150 ม.");
    await dialog.getByRole("button", { name: "ชำรุด", exact: true }).click();
    await expect(dialog.getByRole("button", { name: "ชำรุด", exact: true })).toHaveAttribute("aria-pressed", "true");
    await dialog.getByRole("textbox", { name: "หมายเหตุ" }).fill(note);
    const chooser = p.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "เลือกรูป" }).click();
    await (await chooser).setFiles({ name: "cabinet.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(dialog.getByRole("img", { name: "รูปถ่ายตู้ที่แนบ" })).toHaveAttribute("src", /^blob:/);
    await dialog.getByRole("button", { name: "ส่งรายงาน" }).click();

    await expect(p.getByRole("status").filter({ hasText: "ส่งรายงานแล้ว" })).toContainText(new RegExp(`${code} ชำรุด เวลา \\d\\d:\\d\\d น\\.`), { timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(/เข้าล่าสุด .+ \d\d:\d\d น\./);
    await expect(card).toContainText("ชำรุด");
    await expectNoSidewaysScroll(p);
  } finally {
    await phone.close();
  }

  const visit = withServerDatabase(
    (db) =>
      db.prepare("SELECT status, note, geofence, visit_date, photo_upload_id FROM machine_visits WHERE machine_id = ? AND employee_id = ?").all(machine.id, employee.id) as {
        status: string;
        note: string;
        geofence: string;
        visit_date: string;
        photo_upload_id: number | null;
      }[],
  );
  expect(visit).toHaveLength(1);
  expect(visit[0]).toMatchObject({ status: "broken", note, geofence: "inside" });
  expect(visit[0].photo_upload_id).not.toBeNull();
  const visitDate = visit[0].visit_date;

  // The admin finds the report in the visits tab: in the open problems and in that day's list.
  await page.goto(`/admin/vending-machine?tab=visits&visit_date=${visitDate}`);
  await expect(page.getByRole("tab", { name: "รายงานการเข้าตู้" })).toHaveAttribute("aria-selected", "true");
  const problem = page.getByTestId("problem-row").filter({ hasText: code });
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText(name);
  await expect(problem).toContainText("ชำรุด");
  await expect(problem).toContainText(employee.full_name);
  await expect(problem).toContainText(note);
  const report = page.getByTestId("visit-row").filter({ hasText: code });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(employee.full_name);
  await expect(report).toContainText("ชำรุด");
  await expect(report).toContainText(note);
  await expect(report).toContainText("ห่างตู้ 40 ม.");
  await expect(report).toContainText("ในรัศมี");
  await expect(report.getByRole("link", { name: "แผนที่ (±10 ม.)" })).toBeVisible();
  const thumb = report.getByRole("img", { name: new RegExp(`^รูปตู้ ${code} `) });
  await expectImageLoaded(thumb);
  const label = (await thumb.getAttribute("alt"))!;
  await report.getByRole("button", { name: `ดู${label}` }).click();
  await expectImageLoaded(page.getByRole("dialog", { name: label }).getByRole("img", { name: label }));
  await page.keyboard.press("Escape");

  // The dashboard lists the cabinet under the open problems.
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ภาพรวม");
  await expect(page.getByText(/^มีปัญหาค้างอยู่ [1-9]\d* ตู้$/)).toBeVisible();
  const entry = page.getByText(`${code} · ${name}`, { exact: true });
  await expect(entry).toBeVisible();
  await expect(entry.locator("xpath=..")).toContainText(`ชำรุด เมื่อ ${thaiShort(visitDate)}`);
  await page.getByRole("link", { name: "ดูรายงาน" }).click();
  await expect(page).toHaveURL("/admin/vending-machine?tab=visits");
  await expect(page.getByTestId("problem-row").filter({ hasText: code })).toHaveCount(1);
});

test.describe("phone width (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Run after the journey above (one worker, file order), the pages show its cabinet and report.
  test("the admin's cabinet page, its visits tab and the dashboard do not scroll sideways", async ({ page }) => {
    await login(page, "/admin/vending-machine");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ตู้จำหน่ายสินค้า");
    await expect(page.getByRole("button", { name: "เพิ่มตู้" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto("/admin/vending-machine?tab=visits");
    await expect(page.getByRole("tab", { name: "รายงานการเข้าตู้" })).toHaveAttribute("aria-selected", "true");
    await expectNoSidewaysScroll(page);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ภาพรวม");
    await expect(page.getByText("ตู้ที่ต้องดูแล")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
