// Every page a person can reach, at 1280×800 and at 390×844: the admin's (the main menu, the
// settings hub, the avatar menu, an employee's profile, every tab of every tabbed page, a dialog
// and the phone's menu drawer) and the employee's in demo mode (a linked employee's home,
// check-in, leave, cabinets and face pages; the linking form for a LINE user linked to nobody).
// Each page fails the test on an uncaught exception, a console error (the fixture), an error page
// (GeneralErrorBoundary's status, or an error answer) and on any critical or serious WCAG 2.1 AA
// violation axe-core finds. Every finding of a run is listed at the end, grouped by rule.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { request, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_BASE_URL } from "./env.mjs";
import { addAdminSession, expect, test, watchBrowserErrors, withServerDatabase } from "./fixtures";
import { freeDemoUser, twoWorkingDays, uniqueCode, uniqueThai, type NewEmployee } from "./employee-helpers";

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, phone: false },
  { name: "phone", viewport: { width: 390, height: 844 }, phone: true },
] as const;
type Size = (typeof SIZES)[number];

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const LINKED_USER = "Udemo0003";
const UNLINKED_USER = "Udemo0004";
// A spot of this test's own, away from the other journeys' offices and cabinets.
const SPOT = { lat: 16.25, lng: 99.25 };

const DAY_MS = 86_400_000;
const bangkokDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(ms);

type Seed = { employee: NewEmployee; offices: unknown[]; petitionMonth: string; overtimeMonth: string };
let seed: Seed;

/** What one walk found wrong, by page. */
type Finding = { where: string; rule: string; impact: string; nodes: string[] };

async function expectOk(api: { status: () => number; text: () => Promise<string> }, status: number) {
  expect(api.status(), await api.text()).toBe(status);
}

/** The last working day before today and the first of this month (not holidays), from the settings. */
function pastWorkingDays(workDays: number[]): { last: string; firstOfMonth: string | null } {
  const holidays = new Set(
    withServerDatabase((db) => db.prepare("SELECT date FROM holidays").pluck().all() as string[]),
  );
  const works = (date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return workDays.includes(weekday === 0 ? 7 : weekday) && !holidays.has(date);
  };
  const now = Date.now();
  const today = bangkokDate(now);
  let last = bangkokDate(now - DAY_MS);
  for (let d = 2; !works(last); d++) last = bangkokDate(now - d * DAY_MS);
  let firstOfMonth: string | null = null;
  for (let date = `${today.slice(0, 8)}01`; date < last; date = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)) {
    if (works(date)) {
      firstOfMonth = date;
      break;
    }
  }
  return { last, firstOfMonth };
}

// Data for every page to show: an office, an employee linked to a demo LINE user with a face
// (awaiting confirmation), a day's attendance with a correction request, an approved and a pending
// leave, a cabinet with a problem report, an auto-reply, a LINE group and a second admin.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await addAdminSession(context);
  const admin = context.request;
  const run = uniqueThai(5);
  try {
    const settings = ((await (await admin.get("/api/settings")).json()) as { settings: { offices: unknown[]; work_days: number[] } }).settings;
    await expectOk(
      await admin.put("/api/settings", { data: { offices: [...settings.offices, { name: `สำนักงานตรวจทุกหน้า${run}`, ...SPOT, radius_m: 150 }] } }),
      200,
    );
    const created = await admin.post("/api/employee", {
      data: {
        code: uniqueCode("SMK"),
        title: 1,
        first_name: `สมหมาย${run}`,
        last_name: `ตรวจทุกหน้า${uniqueThai(3)}`,
        nickname: "หมาย",
        phone: "081-234-5678",
        position: "พนักงานขาย",
        department: "ฝ่ายขาย",
        start_date: bangkokDate(Date.now() - 400 * DAY_MS),
      },
    });
    await expectOk(created, 201);
    const { employee } = (await created.json()) as { employee: NewEmployee };
    const code = ((await (await admin.post(`/api/employee/${employee.id}/verify-code`)).json()) as { code: string }).code;

    // The employee links LINE through the API (the linking form has its own journey).
    const adminPage = await context.newPage();
    await freeDemoUser(adminPage, LINKED_USER);
    await freeDemoUser(adminPage, UNLINKED_USER);
    const phone = await request.newContext({ baseURL: E2E_BASE_URL });
    try {
      await expectOk(await phone.post("/api/emp/authen", { data: { idToken: `demo:${LINKED_USER}` } }), 200);
      await expectOk(await phone.post("/api/emp/verify", { data: { employee_code: employee.code, verify_code: code } }), 200);
      // A registered face waiting for the admin's confirmation (the face engine is not needed here).
      withServerDatabase((db) =>
        db
          .prepare("UPDATE employees SET face_descriptor = ?, face_registered_at = ?, face_consent_at = ? WHERE id = ?")
          .run(JSON.stringify(Array.from({ length: 128 }, (_, i) => ((i % 7) - 3) / 10)), Date.now(), Date.now(), employee.id),
      );

      const { last, firstOfMonth } = pastWorkingDays(settings.work_days);
      await expectOk(
        await admin.post("/api/checkin-out/correct", {
          data: { employee_id: employee.id, work_date: last, checkin_at: "08:41", note: "ลืมโทรศัพท์ไว้ที่บ้าน" },
        }),
        200,
      );
      await expectOk(
        await phone.post("/api/emp/checkin-out/correction", { data: { work_date: last, checkout_at: "17:35", reason: "ลืมลงเวลาออก" } }),
        201,
      );

      const [ahead] = twoWorkingDays(settings.work_days);
      const pending = await phone.post("/api/emp/leave/petition", { data: { type: 1, start_date: ahead, end_date: ahead, reason: "ไปธุระที่อำเภอ" } });
      await expectOk(pending, 201);
      let petitionMonth = ahead.slice(0, 7);
      if (firstOfMonth) {
        const filed = await phone.post("/api/emp/leave/petition", {
          data: { type: 2, start_date: firstOfMonth, end_date: firstOfMonth, half: "morning", reason: "ไปหาหมอฟัน" },
        });
        await expectOk(filed, 201);
        const { petition } = (await filed.json()) as { petition: { id: number } };
        await expectOk(await admin.post("/api/leave/approve-result", { data: { id: petition.id, action: "accept" } }), 200);
        petitionMonth = firstOfMonth.slice(0, 7);
      }

      // A pending overtime request on the first working day ahead (the admin page and the LIFF list show it).
      await expectOk(await phone.post("/api/emp/overtime", { data: { date: ahead, start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน" } }), 201);

      const machine = await admin.post("/api/machine", {
        data: { code: uniqueCode("SMKVM-"), name: `ตู้หน้าโกดัง${run}`, type: 1, ...SPOT, radius_m: 100, visit_every_days: 7 },
      });
      await expectOk(machine, 201);
      const machineId = ((await machine.json()) as { machine: { id: number } }).machine.id;
      await expectOk(await admin.post("/api/machine/map", { data: { machine_id: machineId, employee_id: employee.id } }), 201);
      await expectOk(
        await phone.post("/api/emp/machine", { data: { machine_id: machineId, status: "out_of_stock", note: "น้ำดื่มหมด" } }),
        201,
      );

      await expectOk(
        await admin.post("/api/message", { data: { keyword: `เวลาทำงาน${run}`, messages: [{ type: "text", text: "8:30 ถึง 17:30 น." }] } }),
        201,
      );
      withServerDatabase((db) =>
        db
          .prepare("INSERT INTO line_groups (group_id, name, active, joined_at, notify_leave) VALUES (?, ?, 1, ?, 1)")
          .run(`C${Date.now()}${Math.random().toString(16).slice(2, 8)}`, `กลุ่มฝ่ายขาย${run}`, Date.now()),
      );
      await expectOk(await admin.post("/api/admin-user", { data: { username: `smoke${Date.now().toString(36)}`, full_name: `ผู้ช่วย${run}` } }), 201);
      seed = { employee, offices: settings.offices, petitionMonth, overtimeMonth: ahead.slice(0, 7) };
    } finally {
      await phone.dispose();
    }
  } finally {
    await context.close();
  }
});

test.afterAll(async ({ browser }) => {
  if (!seed) return;
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await addAdminSession(context);
  try {
    await expectOk(await context.request.put("/api/settings", { data: { offices: seed.offices } }), 200);
    await expectOk(await context.request.post(`/api/employee/${seed.employee.id}/unlink`), 200);
  } finally {
    await context.close();
  }
});

/** Waits until the page has hydrated and stopped loading (route modules, loader data, fonts). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A drawer or a dialog still sliding in is measured half transparent.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"));
}

/** The checks of one page: not an error page, and no critical or serious axe violation. */
async function check(page: Page, where: string, findings: Finding[]) {
  await settle(page);
  const status = page.getByTestId("error-status");
  if ((await status.count()) > 0) {
    findings.push({ where, rule: "error-page", impact: "broken", nodes: [`${await status.first().textContent()} ${await page.locator("h2").first().textContent()}`] });
  }
  // label-content-name-mismatch (WCAG 2.5.3, level A) is one of axe's "experimental" rules, off
  // unless named; only violations are collected (faster than every pass and incomplete). The
  // app has no frames: axe runs in the page itself (legacy mode), without the blank page the
  // default mode opens for every run.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] })
    .withTags(WCAG_21_AA)
    .analyze();
  for (const v of results.violations) {
    if (v.impact !== "critical" && v.impact !== "serious") continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`),
    });
  }
}

/** Opens `url` as a new document; an error answer is a finding too. */
async function visit(page: Page, url: string, label: string, findings: Finding[]) {
  const response = await page.goto(url);
  const where = `${label} ${url}`;
  if (!response || response.status() >= 400) findings.push({ where, rule: "http-status", impact: "broken", nodes: [String(response?.status())] });
  await check(page, where, findings);
}

/** Clicks every tab of the page that is not selected yet and checks what it shows. */
async function walkTabs(page: Page, label: string, findings: Finding[]) {
  const tabs = page.getByRole("main").getByRole("tab");
  const names = await tabs.allTextContents();
  for (const name of names) {
    const tab = tabs.filter({ hasText: name }).first();
    if ((await tab.getAttribute("aria-selected")) === "true") continue;
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await check(page, `${label} ${new URL(page.url()).pathname}${new URL(page.url()).search} (tab ${name.trim()})`, findings);
  }
}

/** The admin's pages as a person finds them: the main menu, the settings hub and the avatar menu. */
async function reachablePages(page: Page): Promise<string[]> {
  const hrefs = new Set<string>(["/admin"]);
  const add = async (links: ReturnType<Page["locator"]>) => {
    for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""))) {
      if (href.startsWith("/admin")) hrefs.add(href);
    }
  };
  await add(page.locator('nav[aria-label="เมนูหลัก"] a:not([download]), [data-testid="sidebar-settings"]'));
  await page.getByTestId("user-avatar").click();
  await add(page.getByRole("menu").locator("a:not([download])"));
  await page.keyboard.press("Escape");
  await page.goto("/admin/settings");
  await add(page.locator('nav[aria-label="การตั้งค่า"] a:not([download])'));
  return [...hrefs];
}

/** A browser for the employee pages: the LIFF mock plays `demoUser`; a phone at phone size. */
async function employeeBrowser(browser: Browser, size: Size, demoUser: string, errors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
    viewport: size.viewport,
    ...(size.phone ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((user) => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem("tn-demo-user", user);
  }, demoUser);
  context.on("page", (p) => watchBrowserErrors(p, errors));
  return context;
}

/** The findings grouped by rule, one line per page and element. */
function report(findings: Finding[]) {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(`${f.rule} (${f.impact})`, [...(byRule.get(`${f.rule} (${f.impact})`) ?? []), f]);
  return [...byRule.entries()]
    .map(([rule, list]) => `${rule}: ${list.length} page(s)\n${list.map((f) => `  ${f.where}\n${f.nodes.map((n) => `    ${n}`).join("\n")}`).join("\n")}`)
    .join("\n");
}

async function attachReport(testInfo: TestInfo, findings: Finding[]) {
  if (!findings.length) return;
  await testInfo.attach("findings", { body: report(findings), contentType: "text/plain" });
  const file = testInfo.outputPath("findings.json");
  fs.writeFileSync(file, JSON.stringify(findings, null, 1));
  await testInfo.attach("findings.json", { path: file, contentType: "application/json" });
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });

    test("every page: no error, no critical or serious accessibility violation", async ({ page, browser, browserErrors }, testInfo) => {
      test.setTimeout(150_000);
      const findings: Finding[] = [];
      const label = size.name;
      await addAdminSession(page.context());
      await page.goto("/admin");
      await expect(page.getByTestId("user-avatar")).toBeVisible();

      const pages = await reachablePages(page);
      expect(pages).toEqual(
        expect.arrayContaining(["/admin/employee", "/admin/overtime", "/admin/schedule", "/admin/payroll", "/admin/settings", "/admin/account", "/admin/users", "/admin/audit", "/admin/jobs"]),
      );
      for (const url of pages) {
        await visit(page, url, label, findings);
        await walkTabs(page, label, findings);
      }
      await visit(page, `/admin/leave-work?tab=calendar&month=${seed.petitionMonth}`, label, findings);
      await visit(page, "/admin/leave-work?tab=types", label, findings);
      // The office kiosk's page as a device not paired yet shows it (its paired screen: kiosk.spec.ts).
      await visit(page, "/kiosk", label, findings);
      await visit(page, `/admin/employee/${seed.employee.id}`, label, findings);
      await visit(page, `/admin/employee/${seed.employee.id}/timesheet?month=${bangkokDate(Date.now()).slice(0, 7)}`, label, findings);
      // The payroll page's close dialog, for a month no journey closes (opened, not confirmed: the
      // journeys share the database).
      await visit(page, "/admin/payroll?month=2020-01", label, findings);
      const closeDialog = page.getByRole("dialog", { name: /^ปิดงวดเดือน/ });
      await page.getByRole("button", { name: "ปิดงวด", exact: true }).click();
      await expect(closeDialog).toBeVisible();
      await check(page, `${label} /admin/payroll (dialog ปิดงวด)`, findings);
      await page.keyboard.press("Escape");
      await expect(closeDialog).toBeHidden();
      // The overtime page with the seeded request, and its two dialogs.
      await visit(page, `/admin/overtime?month=${seed.overtimeMonth}`, label, findings);
      const decision = page.getByRole("dialog", { name: "อนุมัติการทำงานล่วงเวลา" });
      await page.getByRole("button", { name: new RegExp(`^อนุมัติ .*${seed.employee.first_name}`) }).first().click();
      await expect(decision).toBeVisible();
      await check(page, `${label} /admin/overtime (dialog อนุมัติ)`, findings);
      await page.keyboard.press("Escape");
      await expect(decision).toBeHidden();
      const record = page.getByRole("dialog", { name: "บันทึกการทำงานล่วงเวลา" });
      await page.getByRole("button", { name: "บันทึกโอที" }).click();
      await expect(record).toBeVisible();
      await check(page, `${label} /admin/overtime (dialog บันทึกโอที)`, findings);
      await page.keyboard.press("Escape");
      await expect(record).toBeHidden();

      // The schedule form (a row per weekday), opened and closed without saving.
      await visit(page, "/admin/schedule", label, findings);
      const scheduleForm = page.getByRole("dialog", { name: "เพิ่มตารางเวลาทำงาน" });
      await page.getByRole("button", { name: "เพิ่มตารางเวลา" }).click();
      await expect(scheduleForm).toBeVisible();
      await check(page, `${label} /admin/schedule (dialog เพิ่มตารางเวลาทำงาน)`, findings);
      await page.keyboard.press("Escape");
      await expect(scheduleForm).toBeHidden();

      // A dialog (its close button), and on a phone the menu drawer.
      await visit(page, "/admin/employee", label, findings);
      const dialog = page.getByRole("dialog", { name: "เพิ่มพนักงาน" });
      await expect(async () => {
        await page.getByRole("button", { name: "เพิ่มพนักงาน" }).click();
        await expect(dialog).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await check(page, `${label} /admin/employee (dialog เพิ่มพนักงาน)`, findings);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      if (size.phone) {
        await page.getByTestId("hamburger").click();
        await expect(page.getByTestId("drawer").getByRole("navigation", { name: "เมนูหลัก" })).toBeVisible();
        await check(page, `${label} /admin/employee (menu drawer)`, findings);
      }

      const linked = await employeeBrowser(browser, size, LINKED_USER, browserErrors.seen);
      try {
        const phone = await linked.newPage();
        // The first page signs the demo LINE user in (in the browser), then shows the linked home.
        await phone.goto("/employee");
        await expect(phone.getByRole("heading", { level: 2, name: new RegExp(`สวัสดี คุณ${seed.employee.first_name}`) })).toBeVisible({ timeout: 20_000 });
        await check(phone, `${label} /employee`, findings);
        for (const url of [
          "/employee/checkin-out",
          "/employee/petition",
          "/employee/petition?tab=history",
          "/employee/overtime",
          "/employee/overtime?tab=list",
          "/employee/vending-machine",
          "/employee/face",
        ]) {
          await visit(phone, url, label, findings);
        }
      } finally {
        await linked.close();
      }
      const unlinked = await employeeBrowser(browser, size, UNLINKED_USER, browserErrors.seen);
      try {
        const phone = await unlinked.newPage();
        await phone.goto("/employee");
        await phone.waitForURL(/\/employee\/verify$/, { timeout: 20_000 });
        await expect(phone.getByRole("heading", { level: 2, name: "ยืนยันตัวตนพนักงาน" })).toBeVisible();
        await check(phone, `${label} /employee/verify (a LINE user linked to nobody)`, findings);
      } finally {
        await unlinked.close();
      }

      await attachReport(testInfo, findings);
      expect(findings, report(findings)).toEqual([]);
    });
  });
}
