// The whole product in one journey, through the screens (demo mode). The admin signs in, sets an
// office, creates two employees and a cabinet assigned to the first, and issues a verify code. On
// a phone the first employee links LINE, reads and accepts the consent, registers a face, checks
// in and out with selfies beside the office, files a leave and reports a visit to the cabinet
// with a photo. The admin accepts the new face in the review queue, approves the leave, reads the
// daily view (the second employee without a check-in beside the first) and the dashboard, and
// exports the attendance, monthly and visits CSVs. Every screen is saved full-page at desktop
// (1280×800) and phone (390×844) width as an artifact of the test, and checked not to scroll
// sideways on the phone; a console error or an uncaught exception on any page fails the test.
import type { Page, TestInfo } from "@playwright/test";
import { makeJpeg } from "../fixtures/images";
import {
  downloadText,
  expect as baseExpect,
  expectNoSidewaysScroll,
  openDialog,
  submitLogin,
  test,
  thaiShort,
  withServerDatabase,
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
} from "./fixtures";
import {
  choosePhoto,
  employeeRow,
  expectImageLoaded,
  freeDemoUser,
  issueVerifyCodeInUi,
  linkOnPhone,
  oneFaceJpeg,
  openPhone,
  pickDate,
  twoWorkingDays,
  uniqueCode,
  uniqueThai,
} from "./employee-helpers";

// Waits longer than the suite's 5 s for each step: the journey runs on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE_SCREEN = { width: 390, height: 844 };

// A spot of this journey's own, away from the other journeys' offices and cabinets: the office and
// the cabinet stand there, the phone about 30 m north (0.00027° of latitude).
const SPOT = { lat: 17.75, lng: 103.75 };
const PHONE_AT = { latitude: 17.75027, longitude: 103.75, accuracy: 10 };

test.use({ viewport: DESKTOP });

/** Screenshots that number themselves in the order taken, so the artifacts read as the journey. */
function screens(testInfo: TestInfo) {
  let n = 0;
  // Settled: the new width, no CSS transition running (the shell's main area slides its padding
  // when the sidebar goes; measured mid-slide the page looked too wide), then two frames.
  const settle = (page: Page, width: number) =>
    page.waitForFunction(
      (w) =>
        window.innerWidth === w &&
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running") &&
        new Promise<boolean>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))),
      width,
    );
  /** Full-page screenshots of what `page` shows at desktop and at phone width; then its own size again. */
  return async (page: Page, name: string) => {
    const own = page.viewportSize()!;
    const prefix = String(++n).padStart(2, "0");
    for (const [label, size] of [
      ["desktop", DESKTOP],
      ["phone", PHONE_SCREEN],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page, size.width);
      // A toast still sliding in from the right edge widens the page for a moment.
      await expect(page.getByRole("alert").filter({ has: page.locator(".mantine-Notification-body") })).toHaveCount(0, { timeout: 10_000 });
      if (label === "phone") await expectNoSidewaysScroll(page);
      const file = testInfo.outputPath(`${prefix}-${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true, scale: "css", animations: "disabled" });
      await testInfo.attach(`${prefix} ${name} (${label})`, { path: file, contentType: "image/png" });
    }
    await page.setViewportSize(own);
    await settle(page, own.width);
  };
}

/** The CSV's header line and the line holding `needle`; checks the UTF-8 BOM Excel needs. */
/** The CSV's header and its first line holding every needle. */
function csvLines(text: string, ...needles: string[]) {
  expect(text.charCodeAt(0), "the CSV starts with a BOM").toBe(0xfeff);
  const lines = text.slice(1).split(/\r?\n/);
  const line = lines.find((l) => needles.every((needle) => l.includes(needle)));
  expect(line, `no line with ${needles.join(" and ")} in:\n${text.slice(0, 600)}`).toBeDefined();
  return { header: lines[0], line: line! };
}

type Made = { code: string; first_name: string; last_name: string; full_name: string };

/** The wall-clock time in the app's zone (the e2e server runs on the default, Bangkok), `HH:mm`. */
const bangkokClock = () =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());

test("the whole product: setup, an employee's day on the phone, the admin's review, reports and exports", async ({ page, browser }, testInfo) => {
  // Face models load on the server and in the browser, and every screen is saved twice.
  test.setTimeout(300_000);
  const shoot = screens(testInfo);
  const run = uniqueThai(5);
  const officeName = `สำนักงาน${run}`;
  const lastName = `ครบวงจร${run}`; // both employees share it: one search shows the two
  const employees: Made[] = [0, 1].map((i) => {
    const first_name = `${i === 0 ? "สมศรี" : "สมชาย"}${uniqueThai(3)}`;
    // "A…" codes come first in the code-ordered month, on its first page.
    return { code: uniqueCode(`AWP${i + 1}`), first_name, last_name: lastName, full_name: `นาย${first_name} ${lastName}` };
  });
  const [worker, colleague] = employees;
  const machineCode = uniqueCode("WPVM-");
  const machineName = `ตู้โถงต้อนรับ${run}`;
  const reason = `ไปงานบวชน้องชาย ${run}`;
  const visitNote = `เติมน้ำดื่มครบทุกช่อง ${run}`;

  // The admin signs in through the form.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "เข้าสู่ระบบ" })).toBeVisible();
  await shoot(page, "login");
  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("user-avatar")).toBeVisible();

  const before = ((await (await page.request.get("/api/settings")).json()) as { settings: Record<string, unknown> }).settings;
  // The daily view below needs today to be a working day (a colleague without a check-in is absent,
  // not off), whatever day CI runs: every weekday works, and a holiday on today is set aside.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
  const todayHoliday = withServerDatabase((db) => db.prepare("SELECT * FROM holidays WHERE date = ?").get(today) as Record<string, unknown> | undefined);
  if (todayHoliday) withServerDatabase((db) => db.prepare("DELETE FROM holidays WHERE date = ?").run(today));
  const everyDay = await page.request.put("/api/settings", { data: { work_days: [1, 2, 3, 4, 5, 6, 7] } });
  expect(everyDay.status(), await everyDay.text()).toBe(200);
  try {
    await test.step("the admin sets an office and asks for selfies", async () => {
      await page.goto("/admin/checkin-out?tab=settings");
      await expect(page.getByRole("tab", { name: "ตั้งค่า" })).toHaveAttribute("aria-selected", "true");
      const n = (await page.getByTestId("office-row").count()) + 1;
      await page.getByRole("button", { name: "เพิ่มสำนักงาน" }).click();
      await page.getByLabel(`ชื่อสำนักงาน ${n}`).fill(officeName);
      await page.getByLabel(`ละติจูด ${n}`, { exact: true }).fill(String(SPOT.lat));
      await page.getByLabel(`ลองจิจูด ${n}`, { exact: true }).fill(String(SPOT.lng));
      await page.getByLabel(`รัศมี (เมตร) ${n}`).fill("200");
      const selfie = page.getByRole("switch", { name: "บังคับถ่ายรูปใบหน้าเมื่อลงเวลา" });
      if (!(await selfie.isChecked())) await selfie.check({ force: true });
      await shoot(page, "attendance-settings");
      await page.getByRole("button", { name: "บันทึกการตั้งค่า" }).click();
      await expect(page.getByText("บันทึกการตั้งค่าแล้ว")).toBeVisible();
    });

    await test.step("the admin creates two employees", async () => {
      await page.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link", { name: "พนักงาน" }).click();
      await expect(page).toHaveURL("/admin/employee");
      const form = page.getByRole("dialog", { name: "เพิ่มพนักงาน" });
      for (const e of employees) {
        await openDialog(page, page.getByRole("button", { name: "เพิ่มพนักงาน" }), form);
        await form.getByRole("textbox", { name: "รหัสพนักงาน", exact: true }).fill(e.code);
        await expect(form.getByRole("textbox", { name: "คำนำหน้า", exact: true })).toHaveValue("นาย");
        await form.getByRole("textbox", { name: "ชื่อ", exact: true }).fill(e.first_name);
        await form.getByRole("textbox", { name: "นามสกุล", exact: true }).fill(e.last_name);
        await form.getByRole("textbox", { name: "เบอร์โทรศัพท์", exact: true }).fill("089-555-0101");
        if (e === worker) await shoot(page, "employee-form");
        await form.getByRole("button", { name: "บันทึก" }).click();
        await expect(form).toBeHidden();
        await expect(employeeRow(page, e.code)).toContainText(e.full_name);
      }
      await expect(employeeRow(page, worker.code)).toContainText("ยังไม่เชื่อม");
      await shoot(page, "employees");
    });

    await test.step("the admin registers a cabinet beside the office and assigns it to the first employee", async () => {
      await page.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link", { name: "ตู้จำหน่ายสินค้า" }).click();
      await expect(page).toHaveURL("/admin/vending-machine");
      const form = page.getByRole("dialog", { name: "เพิ่มตู้" });
      await openDialog(page, page.getByRole("button", { name: "เพิ่มตู้" }), form);
      await form.getByRole("textbox", { name: "รหัสตู้", exact: true }).fill(machineCode);
      await form.getByRole("textbox", { name: "ชื่อตู้", exact: true }).fill(machineName);
      await form.getByRole("textbox", { name: "ประเภทตู้", exact: true }).click();
      await page.getByRole("option", { name: "ผูกกับตู้", exact: true }).click();
      await form.getByRole("textbox", { name: "ต้องเข้าตู้ทุก (วัน)" }).fill("7");
      await form.getByRole("textbox", { name: "ละติจูด", exact: true }).fill(String(SPOT.lat));
      await form.getByRole("textbox", { name: "ลองจิจูด", exact: true }).fill(String(SPOT.lng));
      await form.getByRole("textbox", { name: "รัศมี (เมตร)", exact: true }).fill("150");
      await shoot(page, "cabinet-form");
      await form.getByRole("button", { name: "บันทึก", exact: true }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText("เพิ่มตู้แล้ว")).toBeVisible();

      await page.getByRole("textbox", { name: "ค้นหาตู้" }).fill(machineCode);
      const row = page.getByTestId("machine-row").filter({ has: page.getByText(machineCode, { exact: true }) });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: `จัดการตู้ ${machineCode}` }).click();
      await page.getByRole("menu").getByRole("menuitem", { name: "ผู้ดูแลตู้" }).click();
      const assign = page.getByRole("dialog", { name: `ผู้ดูแลตู้ ${machineCode} · ${machineName}` });
      const picker = assign.getByRole("textbox", { name: "เพิ่มผู้ดูแล" });
      await picker.click();
      await picker.fill(worker.code);
      await page.getByRole("option", { name: `${worker.full_name} (${worker.code})`, exact: true }).click();
      await assign.getByRole("button", { name: "เพิ่ม", exact: true }).click();
      await expect(assign.getByTestId("assignee")).toContainText(worker.full_name);
      await page.keyboard.press("Escape");
      await expect(assign).toBeHidden();
      await expect(row).toContainText(worker.full_name);
      await shoot(page, "cabinets");
    });

    let verifyCode = "";
    await test.step("the admin issues a verify code", async () => {
      await page.goto(`/admin/employee?q=${encodeURIComponent(worker.code)}`);
      verifyCode = await issueVerifyCodeInUi(page, worker, () => shoot(page, "verify-code"));
    });

    const selfie = await oneFaceJpeg(testInfo.outputPath("selfie.jpg"));
    const cabinetPhoto = await makeJpeg({ width: 640, height: 480 });
    const [leaveStart, leaveEnd] = twoWorkingDays((before.work_days as number[] | undefined) ?? [1, 2, 3, 4, 5]);
    await freeDemoUser(page, "Udemo0002");
    const phone = await openPhone(browser, "Udemo0002");
    try {
      const p = phone.page;
      await phone.context.grantPermissions(["geolocation"]);
      await phone.context.setGeolocation(PHONE_AT);

      await test.step("the employee links LINE and gives consent", async () => {
        await linkOnPhone(p, worker.code, verifyCode, () => shoot(p, "employee-verify"));
        // The consent text: what is kept, why, for how long, and the right to withdraw.
        await expect(p.getByText("วัตถุประสงค์: ยืนยันว่าผู้ลงเวลาเข้า-ออกงานเป็นตัวท่านเอง")).toBeVisible();
        await shoot(p, "employee-face-consent");
      });

      await test.step("the employee registers a face", async () => {
        await choosePhoto(p, selfie);
        await p.getByRole("button", { name: /^(ใช้รูปนี้|ส่งรูปนี้อยู่ดี)$/ }).click();
        await p.waitForURL(/\/employee\?face=registered$/, { timeout: 60_000 });
        await expect(p.getByRole("heading", { level: 2 })).toHaveText(`สวัสดี คุณ${worker.first_name}`);
        await expect(p.getByText("ยังไม่ได้ลงทะเบียนใบหน้า")).toHaveCount(0);
        await shoot(p, "employee-home");
      });

      const distance = new RegExp(`^ห่างจาก${officeName} \\d+ ม\\. \\(±10 ม\\.\\)$`);
      // Chromium dates an emulated position when it is set, and the server flags a position older
      // than a minute for review: set it anew, then have the page locate again, as a phone would.
      const freshFix = async () => {
        await phone.context.setGeolocation(PHONE_AT);
        await p.getByRole("button", { name: "หาตำแหน่งอีกครั้ง" }).click();
        await expect(p.getByText(distance)).toBeVisible({ timeout: 20_000 });
      };
      await test.step("the employee checks in beside the office with a selfie", async () => {
        await p.goto("/employee/checkin-out");
        await expect(p.getByText(distance)).toBeVisible({ timeout: 20_000 });
        await choosePhoto(p, selfie);
        await freshFix();
        await shoot(p, "employee-checkin");
        await p.getByRole("button", { name: "ลงเวลาเข้างาน" }).click();
        await expect(p.getByRole("status").filter({ hasText: /^ลงเวลาเข้างานแล้ว เวลา \d\d:\d\d น\.$/ })).toBeVisible({ timeout: 60_000 });
        await expect(p.getByText("อยู่ในพื้นที่")).toBeVisible();
        await expect(p.getByText("ใบหน้า: ตรง")).toBeVisible();
      });

      await test.step("the employee checks out", async () => {
        await p.reload(); // what the page shows when opened again at the end of the day
        await expect(p.getByTestId("เข้างาน-time")).toHaveText(/^\d\d:\d\d น\.$/);
        await expect(p.getByText(distance)).toBeVisible({ timeout: 20_000 });
        await choosePhoto(p, selfie);
        await freshFix();
        await p.getByRole("button", { name: "ลงเวลาออกงาน" }).click();
        await expect(p.getByRole("status").filter({ hasText: /^ลงเวลาออกงานแล้ว เวลา \d\d:\d\d น\.$/ })).toBeVisible({ timeout: 60_000 });
        await expect(p.getByText("วันนี้ลงเวลาเข้าและออกงานครบแล้ว")).toBeVisible();
        await expect(p.getByTestId("ออกงาน-time")).toHaveText(/^\d\d:\d\d น\.$/);
        await shoot(p, "employee-checked-out");
      });

      await test.step("the employee files a two-day business leave", async () => {
        await p.goto("/employee");
        await p.getByRole("link", { name: "ขอลางาน" }).click();
        await p.waitForURL(/\/employee\/petition$/);
        await p.getByRole("radio", { name: "ลากิจ" }).check({ force: true });
        await pickDate(p, "วันที่เริ่มลา", leaveStart);
        await pickDate(p, "ถึงวันที่", leaveEnd);
        await expect(p.getByTestId("preview-days")).toHaveText("ลา 2 วันทำงาน");
        await p.getByRole("textbox", { name: "เหตุผลการลา" }).fill(reason);
        await shoot(p, "employee-leave-form");
        await p.getByRole("button", { name: "ส่งคำขอลา" }).click();
        await expect(p.getByRole("status").filter({ hasText: "ส่งคำขอลาแล้ว" })).toContainText("(2 วัน) รอผู้อนุมัติพิจารณา");
        await expect(p.getByTestId("petition-row").first()).toContainText("ยื่นคำขอ");
        await shoot(p, "employee-leave-history");
      });

      await test.step("the employee reports a visit to the cabinet with a photo", async () => {
        await p.goto("/employee/vending-machine");
        const card = p.getByTestId("machine-card").filter({ hasText: machineCode });
        await expect(card.getByText("ห่าง 30 ม.", { exact: true })).toBeVisible({ timeout: 20_000 });
        const dialog = p.getByRole("dialog", { name: "รายงานการเข้าตู้" });
        await openDialog(p, card.getByRole("button", { name: "ส่งรายงาน" }), dialog);
        await expect(dialog.getByTestId("presence-check")).toContainText("อยู่ที่ตู้");
        await dialog.getByRole("button", { name: "เติมสินค้าแล้ว", exact: true }).click();
        await dialog.getByRole("textbox", { name: "หมายเหตุ" }).fill(visitNote);
        const chooser = p.waitForEvent("filechooser");
        await dialog.getByRole("button", { name: "เลือกรูป" }).click();
        await (await chooser).setFiles({ name: "cabinet.jpg", mimeType: "image/jpeg", buffer: cabinetPhoto });
        await expect(dialog.getByRole("img", { name: "รูปถ่ายตู้ที่แนบ" })).toHaveAttribute("src", /^blob:/);
        await shoot(p, "employee-visit-form");
        await dialog.getByRole("button", { name: "ส่งรายงาน" }).click();
        await expect(p.getByRole("status").filter({ hasText: "ส่งรายงานแล้ว" })).toContainText(new RegExp(`${machineCode} เติมสินค้าแล้ว เวลา \\d\\d:\\d\\d น\\.`), {
          timeout: 30_000,
        });
        await expect(card).toContainText("เติมสินค้าแล้ว");
        await shoot(p, "employee-cabinets");
      });
    } finally {
      await phone.close();
    }

    const workDate = withServerDatabase(
      (db) =>
        db
          .prepare("SELECT a.work_date FROM attendance a JOIN employees e ON e.id = a.employee_id WHERE e.code = ?")
          .pluck()
          .get(worker.code) as string,
    );

    await test.step("the admin accepts the new face in the review queue", async () => {
      await page.goto("/admin/checkin-out?tab=review");
      const card = page.getByRole("region", { name: "ใบหน้าที่ลงทะเบียนใหม่" }).getByTestId("face-review-card").filter({ hasText: worker.full_name });
      await expectImageLoaded(card.getByRole("img", { name: "ใบหน้าที่ลงทะเบียน" }));
      // The check-in and the check-out were inside the office's radius and matched a face no admin
      // had confirmed yet: the day waits here for that reason alone.
      const checkIn = page.getByTestId("review-card").filter({ hasText: worker.code });
      await expect(checkIn.getByText("ใบหน้าที่ลงทะเบียนยังไม่ได้รับการยืนยันจากผู้ดูแล", { exact: true })).toBeVisible();
      await shoot(page, "review-queue");
      await card.getByRole("button", { name: "ยืนยัน", exact: true }).click();
      await expect(page.getByText("ยืนยันใบหน้าแล้ว")).toBeVisible();
      await expect(card).toHaveCount(0);
      await checkIn.getByRole("group", { name: "ทั้งสองเวลา" }).getByRole("button", { name: "ยอมรับ", exact: true }).click();
      await expect(checkIn).toHaveCount(0);
    });

    await test.step("the admin approves the leave", async () => {
      await page.getByRole("navigation", { name: "เมนูหลัก" }).getByRole("link", { name: "การลางาน" }).click();
      await expect(page).toHaveURL("/admin/leave-work");
      const card = page.getByTestId("pending-petition").filter({ hasText: worker.code });
      await expect(card).toContainText(reason);
      await expect(card).toContainText("2 วัน");
      await shoot(page, "leave-queue");
      await card.getByRole("button", { name: "อนุมัติ", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "อนุมัติคำขอลา" });
      await expect(dialog).toContainText(`${worker.full_name} (${worker.code})`);
      await dialog.getByRole("button", { name: "อนุมัติ", exact: true }).click();
      await expect(page.getByText("อนุมัติคำขอลาแล้ว")).toBeVisible();
      await expect(card).toHaveCount(0);
    });

    await test.step("the admin reads the daily view: the check-in with its selfie and match, the colleague without one", async () => {
      // Until the day's end time a colleague without a check-in has "not checked in yet"; after it, "absent".
      const workEnd = String(before.work_end ?? "17:30");
      const beforeEnd = () => bangkokClock() < workEnd;
      const beforeEndAtLoad = beforeEnd();
      await page.goto(`/admin/checkin-out?date=${workDate}`);
      await page.getByRole("textbox", { name: "ค้นหาชื่อหรือรหัสพนักงาน" }).fill(lastName);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(lastName)}`));
      await expect(page.getByTestId("daily-row")).toHaveCount(2);
      const row = page.getByTestId("daily-row").filter({ hasText: worker.code });
      await expect(row.getByRole("cell").nth(2)).toContainText(/\d\d:\d\d/);
      await expect(row.getByRole("cell").nth(2)).toContainText("ตรง");
      await expect(row.getByRole("cell").nth(3)).toContainText(/\d\d:\d\d/);
      await expectImageLoaded(row.getByRole("img", { name: `เข้างาน ${worker.full_name}` }));
      await expectImageLoaded(row.getByRole("img", { name: `ออกงาน ${worker.full_name}` }));
      const other = page.getByTestId("daily-row").filter({ hasText: colleague.code });
      const status = other.getByRole("cell").nth(1);
      await expect(status).toContainText("ขาดงาน");
      // A page read across the end time may show either reason.
      if (beforeEnd() === beforeEndAtLoad) {
        if (beforeEndAtLoad) await expect(status).toContainText("ยังไม่ได้ลงเวลาเข้า");
        else await expect(status).not.toContainText("ยังไม่ได้ลงเวลาเข้า");
      }
      await shoot(page, "daily-view");
      await row.getByRole("button", { name: `ดูรูปเข้างาน ${worker.full_name}` }).click();
      const photo = page.getByRole("dialog", { name: `เข้างาน ${worker.full_name}` });
      await expectImageLoaded(photo.getByRole("img", { name: `เข้างาน ${worker.full_name}` }));
      await shoot(page, "daily-view-selfie");
      await page.keyboard.press("Escape");
      await expect(photo).toBeHidden();
    });

    await test.step("the admin exports the attendance CSV of the range", async () => {
      await page.getByRole("button", { name: "ส่งออก CSV" }).click();
      const form = page.getByRole("form", { name: "ส่งออกการลงเวลาเป็น CSV" });
      await expect(form).toBeVisible();
      const text = await downloadText(page, () => form.getByRole("button", { name: "ดาวน์โหลด CSV" }).click(), testInfo.outputPath("attendance.csv"));
      // One row per employee per date of the range (the day ledger's): the worker's day is there.
      const { header, line } = csvLines(text, `,${worker.code},`, `,${workDate},`);
      expect(header).toContain("รหัสพนักงาน");
      expect(line).toContain(`${thaiShort(workDate)},${workDate},`);
      expect(line).toContain(worker.full_name);
    });

    await test.step("the admin reads the month and exports its CSV", async () => {
      await page.getByRole("tab", { name: "รายเดือน" }).click();
      await expect(page).toHaveURL(/tab=monthly/);
      await expect(page.getByTestId("monthly-row").filter({ hasText: worker.code })).toHaveCount(1);
      await shoot(page, "monthly-view");
      const text = await downloadText(page, () => page.getByRole("link", { name: "ส่งออก CSV" }).click(), testInfo.outputPath("monthly.csv"));
      const { header } = csvLines(text, `${worker.code},${worker.full_name},`);
      expect(header).toContain("รหัสพนักงาน");
      expect(header).toContain(thaiShort(workDate));
    });

    await test.step("the admin reads the dashboard", async () => {
      await page.getByTestId("sidebar").getByRole("link", { name: "TN Management" }).click();
      await expect(page).toHaveURL("/admin");
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("ภาพรวม");
      // Each employee counts in exactly one of today's boxes.
      const headcount = Number((await page.getByText(/^พนักงาน \d+ คน/).textContent())!.match(/\d+/)![0]);
      expect(headcount).toBeGreaterThanOrEqual(2);
      const boxes = await page.locator('[data-testid^="today-"]').evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
      expect(boxes.reduce((sum, label) => sum + Number(label.match(/(\d+) คน$/)![1]), 0)).toBe(headcount);
      await expect(page.getByText("ตู้ที่ต้องดูแล")).toBeVisible();
      await shoot(page, "dashboard");
    });

    await test.step("the admin reads the cabinet visits and exports the day's CSV", async () => {
      const visitDate = withServerDatabase(
        (db) =>
          db
            .prepare("SELECT v.visit_date FROM machine_visits v JOIN machines m ON m.id = v.machine_id WHERE m.code = ?")
            .pluck()
            .get(machineCode) as string,
      );
      await page.goto(`/admin/vending-machine?tab=visits&visit_date=${visitDate}`);
      const report = page.getByTestId("visit-row").filter({ hasText: machineCode });
      await expect(report).toContainText(worker.full_name);
      await expect(report).toContainText(visitNote);
      await expect(report).toContainText("ในรัศมี");
      await expectImageLoaded(report.getByRole("img", { name: new RegExp(`^รูปตู้ ${machineCode} `) }));
      await shoot(page, "cabinet-visits");
      const text = await downloadText(page, () => page.getByRole("link", { name: "CSV วันที่เลือก" }).click(), testInfo.outputPath("visits.csv"));
      const { header, line } = csvLines(text, `,${machineCode},`);
      expect(header).toContain("รหัสตู้");
      expect(line).toContain(`,${worker.code},${worker.full_name},เติมสินค้าแล้ว,${visitNote},`);
      expect(line).toContain(",ในรัศมี,");
    });
  } finally {
    const restored = await page.request.put("/api/settings", {
      data: { offices: before.offices, require_selfie: before.require_selfie, work_days: before.work_days },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    if (todayHoliday) {
      const columns = Object.keys(todayHoliday);
      withServerDatabase((db) =>
        db.prepare(`INSERT INTO holidays (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`).run(todayHoliday),
      );
    }
  }
});
