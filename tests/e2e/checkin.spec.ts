// The check-in journeys. The employee's: the admin sets an office in the settings tab, an employee
// in demo mode registers a face, stands near the office (the browser's geolocation) and checks in
// with a selfie, which the admin's daily view then shows with the match. The admin's: a check-in
// outside the radius waits in the review queue with its evidence; the admin accepts it with a
// note, ticks it checked, exports CSV and corrects the check-out.
import type { Page } from "@playwright/test";
import { downloadText, expect, login, test, thaiShort, withServerDatabase } from "./fixtures";
import { choosePhoto, createEmployeeViaApi, expectImageLoaded, freeDemoUser, issueCode, linkOnPhone, oneFaceJpeg, openPhone, uniqueThai } from "./employee-helpers";

// The server loads its face models on the first photo (the phone's pre-check asks the server).
test.describe.configure({ timeout: 120_000 });

async function confirmFace(admin: Page, employeeId: number) {
  const queue = (await (await admin.request.get("/api/face-review")).json()) as { items: { employee: { id: number }; face_url: string }[] };
  const face = queue.items.find((i) => i.employee.id === employeeId)!;
  const confirmed = await admin.request.post(`/api/employee/${employeeId}/face/review`, { data: { decision: "confirm", face_url: face.face_url } });
  expect(confirmed.status()).toBe(200);
}

// A point of its own, away from other tests' offices; the phone stands about 30 m north of it.
const OFFICE = { lat: 14.5, lng: 100.25 };
const PHONE = { latitude: 14.50027, longitude: 100.25, accuracy: 10 };

test("the admin sets an office; the employee checks in near it with a selfie; the daily view shows the selfie and the match", async ({ page, browser }, testInfo) => {
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
  const saved = (await (await page.request.get("/api/settings")).json()) as {
    settings: { offices: { name: string }[]; require_selfie: boolean; attendance_start: string };
  };
  expect(saved.settings.offices.map((o) => o.name)).toContain(officeName);
  expect(saved.settings.require_selfie).toBe(true);
  // The first office saved fixed the date attendance counts from; the form shows it.
  expect(saved.settings.attendance_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("button", { name: /วันที่เริ่มนับการลงเวลา/ })).toContainText(thaiShort(saved.settings.attendance_start));

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
    // A face counts once an admin has confirmed it (before that a match goes to review).
    await confirmFace(page, employee.id);

    await p.goto("/employee/checkin-out");
    await expect(p.getByRole("heading", { level: 2, name: "ลงเวลาเข้า-ออกงาน" })).toBeVisible();
    await expect(p.getByText(new RegExp(`^ห่างจาก${officeName} \\d+ ม\\. \\(±10 ม\\.\\)$`))).toBeVisible({ timeout: 20_000 });
    const button = p.getByRole("button", { name: "ลงเวลาเข้างาน" });
    await expect(button).toBeDisabled(); // no selfie yet, and the page says so
    await expect(p.getByTestId("checkin-blocked")).toHaveText("ถ่ายรูปเซลฟีก่อนจึงจะลงเวลาได้");
    await expect(p.getByTestId("presence-check")).toHaveText("อยู่ในรัศมีลงเวลา");
    await choosePhoto(p, photo);
    await expect(button).toBeEnabled();
    await expect(p.getByTestId("checkin-blocked")).toHaveCount(0);
    await button.click();
    const done = p.getByRole("status").filter({ hasText: /^ลงเวลาเข้างานแล้ว เวลา \d\d:\d\d น\.$/ });
    await expect(done).toBeVisible({ timeout: 60_000 });
    const checkinTime = (await done.textContent())!.replace("ลงเวลาเข้างานแล้ว เวลา ", "");
    await expect(p.getByText("อยู่ในพื้นที่")).toBeVisible();
    await expect(p.getByText("ใบหน้า: ตรง")).toBeVisible();
    await expect(p.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeVisible();
    await expect(p.getByTestId("history-row").first()).toContainText(/เข้า \d\d:\d\d น\./);

    // A reload reads today's state from the server: the next step is the check-out.
    await p.reload();
    await expect(p.getByTestId("เข้างาน-time")).toHaveText(/^\d\d:\d\d น\.$/);
    await expect(p.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeVisible();

    // The home shows the same check-in time and leads on to the check-out.
    await p.goto("/employee");
    const card = p.getByRole("region", { name: "การลงเวลาวันนี้" });
    await expect(card.getByTestId("today-checkin")).toHaveText(checkinTime);
    await expect(card.getByTestId("today-checkout")).toHaveText("—");
    await expect(card.getByTestId("today-status")).not.toContainText("ตรวจสอบ");
    await expect(card.getByRole("link", { name: "ลงเวลาออกงาน" })).toHaveAttribute("href", "/employee/checkin-out");
    await expect(p.getByText("ยังไม่มีข้อมูลการลงเวลาของวันนี้")).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // The admin's daily view of that work date shows the check-in with its selfie and the match.
  const workDate = withServerDatabase(
    (db) => db.prepare("SELECT work_date FROM attendance WHERE employee_id = ?").pluck().get(employee.id) as string,
  );
  await page.goto(`/admin/checkin-out?date=${workDate}&q=${employee.code}`);
  const row = page.getByTestId("daily-row").filter({ hasText: employee.code });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toContainText(/\d\d:\d\d/);
  await expect(row.getByRole("cell").nth(2)).toContainText("ตรง");
  await expectImageLoaded(row.getByRole("img", { name: `เข้างาน ${employee.full_name}` }));
  await row.getByRole("button", { name: `ดูรูปเข้างาน ${employee.full_name}` }).click();
  await expectImageLoaded(page.getByRole("dialog", { name: `เข้างาน ${employee.full_name}` }).getByRole("img", { name: `เข้างาน ${employee.full_name}` }));
});

type AttendanceSettings = { offices: { name: string; lat: number; lng: number; radius_m: number }[]; outside_radius: string; require_selfie: boolean };

async function putSettings(page: Page, settings: Partial<AttendanceSettings>) {
  const response = await page.request.put("/api/settings", { data: settings });
  expect(response.status(), await response.text()).toBe(200);
}

/** `HH:MM` of an instant on the app's (Bangkok) clock. */
const bangkokClock = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(ms);
const minuteBefore = (hhmm: string) => {
  const minutes = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) - 1;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};
const bangkokDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(ms);

// An office of this journey's own, and a phone about 1 km north of it (outside its 100 m).
const FAR_OFFICE = { lat: 15.75, lng: 101.5, radius_m: 100 };
const FAR_PHONE = { latitude: 15.759, longitude: 101.5, accuracy: 10 };

test("a check-in outside the radius waits for review; the admin accepts it, ticks it checked, exports CSV and corrects the check-out", async ({
  page,
  browser,
}, testInfo) => {
  await login(page, "/admin");
  const before = ((await (await page.request.get("/api/settings")).json()) as { settings: AttendanceSettings }).settings;
  const officeName = `ไกล${uniqueThai(5)}`;
  await putSettings(page, {
    offices: [...before.offices, { name: officeName, ...FAR_OFFICE }],
    outside_radius: "review",
    require_selfie: false,
  });
  const employee = await createEmployeeViaApi(page, "REVIEW");
  const code = await issueCode(page, employee);
  await freeDemoUser(page, "Udemo0001");
  const phone = await openPhone(browser, "Udemo0001");
  try {
    await phone.context.grantPermissions(["geolocation"]);
    await phone.context.setGeolocation(FAR_PHONE);
    const p = phone.page;
    await linkOnPhone(p, employee.code, code);
    await p.goto("/employee/checkin-out");
    await expect(p.getByText(new RegExp(`^ห่างจาก${officeName} 1,0\\d\\d ม\\. \\(±10 ม\\.\\)$`))).toBeVisible({ timeout: 20_000 });
    // Before pressing: outside, so it will go to review.
    await expect(p.getByTestId("presence-check")).toContainText("อยู่นอกพื้นที่ — จะส่งให้ผู้ดูแลตรวจสอบ");
    await p.getByRole("button", { name: "ลงเวลาเข้างาน" }).click();
    const done = p.getByRole("status").filter({ hasText: /^ลงเวลาเข้างานแล้ว เวลา \d\d:\d\d น\.$/ });
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(p.getByText("นอกพื้นที่ (รอตรวจสอบ)")).toBeVisible();
    // The home: the time, and that it waits for an admin.
    const checkinTime = (await done.textContent())!.replace("ลงเวลาเข้างานแล้ว เวลา ", "");
    await p.goto("/employee");
    const card = p.getByRole("region", { name: "การลงเวลาวันนี้" });
    await expect(card.getByTestId("today-checkin")).toHaveText(checkinTime);
    await expect(card.getByTestId("today-status")).toContainText("รอผู้ดูแลตรวจสอบ");
  } finally {
    await phone.close();
  }
  // The record's work date, as the server decided it (the journey may run across midnight).
  const record = withServerDatabase(
    (db) => db.prepare("SELECT id, work_date, checkin_at FROM attendance WHERE employee_id = ?").get(employee.id) as { id: number; work_date: string; checkin_at: number },
  );
  const workDate = record.work_date;

  try {
    // The queue shows the record with its evidence; the admin accepts it with a note.
    await page.goto("/admin/checkin-out?tab=review");
    await expect(page.getByRole("tab", { name: /รอตรวจสอบ/ })).toHaveAttribute("aria-selected", "true");
    const card = page.getByTestId("review-card").filter({ hasText: employee.code });
    await expect(card).toContainText(employee.full_name);
    await expect(card).toContainText(thaiShort(workDate));
    await expect(card).toContainText("รอตรวจสอบ");
    await expect(card.getByText("อยู่นอกรัศมีสำนักงาน", { exact: true })).toBeVisible();
    await expect(card).toContainText(new RegExp(`ห่าง ${officeName} 1,0\\d\\d ม\\. \\(ความแม่นยำ ±10 ม\\.\\) · นอกรัศมี`));
    await expect(card).toContainText("15.759000, 101.500000");
    await expect(card.getByRole("link", { name: "เปิดแผนที่" })).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=15.759,101.5");
    await expect(card.getByText("ไม่มีรูป").first()).toBeVisible();
    await card.getByRole("textbox", { name: "หมายเหตุ" }).fill("ไปพบลูกค้าที่สาขาต่างจังหวัด");
    await card.getByRole("button", { name: "ยอมรับ", exact: true }).click();
    await expect(card).toHaveCount(0);
    // It moved to the accepted list, with the note.
    await page.getByText("ยอมรับแล้ว", { exact: true }).click();
    await expect(page).toHaveURL(/review=accepted/);
    const accepted = page.getByTestId("review-card").filter({ hasText: employee.code });
    await expect(accepted).toContainText("ยอมรับแล้ว");
    await expect(accepted).toContainText("หมายเหตุ: ไปพบลูกค้าที่สาขาต่างจังหวัด");

    // The daily view of that date: tick ตรวจแล้ว; it holds after a reload.
    await page.goto(`/admin/checkin-out?date=${workDate}&q=${employee.code}`);
    const row = page.getByTestId("daily-row").filter({ hasText: employee.code });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText("รอตรวจสอบ");
    const checked = row.getByRole("switch", { name: `ตรวจแล้ว ${employee.full_name}` });
    await expect(checked).not.toBeChecked();
    // A click before hydration is undone when React takes over the switch: click until it holds.
    await expect(async () => {
      if (!(await checked.isChecked())) await checked.click({ force: true });
      await expect(checked).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => withServerDatabase((db) => db.prepare("SELECT checked FROM attendance WHERE id = ?").pluck().get(record.id))).toBe(1);
    await page.reload();
    await expect(row.getByRole("switch", { name: `ตรวจแล้ว ${employee.full_name}` })).toBeChecked();

    // CSV of a range from the daily tab: the from/to form downloads the records.
    await page.getByRole("button", { name: "ส่งออก CSV" }).click();
    const form = page.getByRole("form", { name: "ส่งออกการลงเวลาเป็น CSV" });
    await expect(form).toBeVisible();
    const daily = await downloadText(page, () => form.getByRole("button", { name: "ดาวน์โหลด CSV" }).click(), testInfo.outputPath("range.csv"));
    expect(daily.charCodeAt(0)).toBe(0xfeff);
    const line = daily.split(/\r?\n/).find((l) => l.includes(`,${employee.code},`));
    expect(line, daily.slice(0, 500)).toBeDefined();
    expect(line).toContain(`${thaiShort(workDate)},${workDate},`);
    expect(line).toContain("นอกรัศมี");
    expect(line).toContain("ยอมรับแล้ว,ไปพบลูกค้าที่สาขาต่างจังหวัด,ตรวจแล้ว");

    // The monthly tab's CSV is a link.
    await page.goto(`/admin/checkin-out?tab=monthly&month=${workDate.slice(0, 7)}`);
    const monthly = await downloadText(page, () => page.getByRole("link", { name: "ส่งออก CSV" }).click(), testInfo.outputPath("monthly.csv"));
    expect(monthly.charCodeAt(0)).toBe(0xfeff);
    expect(monthly.split(/\r?\n/)[0]).toContain(thaiShort(workDate));
    expect(monthly).toContain(`${employee.code},${employee.full_name},`);

    // The admin corrects the day: a check-out time with a note.
    await page.goto(`/admin/checkin-out?date=${workDate}&q=${employee.code}`);
    await row.getByRole("button", { name: `แก้ไขเวลา ${employee.full_name}` }).click();
    const dialog = page.getByRole("dialog", { name: "แก้ไขเวลาเข้า-ออกงาน" });
    await expect(dialog).toContainText(`${employee.full_name} (${employee.code})`);
    const checkinAt = bangkokClock(record.checkin_at);
    await expect(dialog.getByLabel("เวลาเข้างาน")).toHaveValue(checkinAt);
    // A check-out after the check-in and not in the future: the current minute while the work
    // date is today (past its first minute), else the day's last minute; the check-in moves a
    // minute earlier when the two coincide.
    if (workDate === bangkokDate(Date.now())) {
      await expect.poll(() => bangkokClock(Date.now()), { timeout: 65_000 }).not.toBe("00:00");
    }
    const checkoutAt = workDate === bangkokDate(Date.now()) ? bangkokClock(Date.now()) : "23:59";
    if (checkoutAt <= checkinAt) await dialog.getByLabel("เวลาเข้างาน").fill(minuteBefore(checkoutAt));
    await dialog.getByLabel("เวลาออกงาน").fill(checkoutAt);
    await dialog.getByRole("textbox", { name: "หมายเหตุ" }).fill("ลืมลงเวลาออก แจ้งทางโทรศัพท์");
    await dialog.getByRole("button", { name: "บันทึกการแก้ไข" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("cell").nth(3)).toContainText(checkoutAt);
    await expect(row.getByText("แก้ไขแล้ว", { exact: true })).toBeVisible();
    await page.reload();
    await expect(row.getByRole("cell").nth(3)).toContainText(checkoutAt);
    await expect(row.getByText("แก้ไขแล้ว", { exact: true })).toBeVisible();
  } finally {
    await putSettings(page, { offices: before.offices, outside_radius: before.outside_radius, require_selfie: before.require_selfie });
  }
});
