// Helpers shared by the employee, LINE-link and face journeys. Every test makes its own employee
// with unique code and names, so tests stay independent on the suite's one shared database.
import path from "node:path";
import sharp from "sharp";
import { request, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./env.mjs";
import { expect, watchBrowserErrors, withServerDatabase } from "./fixtures";

const THAI_LETTERS = "กขคงจฉชซญดตถทนบปผพฟภมยรลวศสหอฮ";

/** A fresh, unique run of Thai consonants (names in the tests must not collide in a search). */
export function uniqueThai(length = 5): string {
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let out = "";
  for (let i = 0; i < length; i++) {
    out += THAI_LETTERS[n % THAI_LETTERS.length];
    n = Math.floor(n / THAI_LETTERS.length);
  }
  return out;
}

/** A unique employee code (A-Z, 0-9, at most 20 characters). */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase().slice(0, 20);
}

export type NewEmployee = { id: number; code: string; first_name: string; last_name: string; full_name: string };

/**
 * Creates an employee through POST /api/employee with the page's admin cookie (the page's
 * request context shares the browser context's cookies). Title 3 = นางสาว. `extra` adds other
 * fields of the POST (e.g. `start_date`).
 */
export async function createEmployeeViaApi(page: Page, prefix: string, extra: Record<string, string> = {}): Promise<NewEmployee> {
  const data = {
    ...extra,
    code: uniqueCode(prefix),
    title: 3,
    first_name: `มาลี${uniqueThai(4)}`,
    last_name: `ทดสอบ${uniqueThai(4)}`,
  };
  const response = await page.request.post("/api/employee", { data });
  expect(response.status(), await response.text()).toBe(201);
  const { employee } = (await response.json()) as { employee: NewEmployee };
  expect(employee.full_name).toBe(`นางสาว${data.first_name} ${data.last_name}`);
  return employee;
}

/** The employee's row in the admin list (matched by the unique code cell). */
export function employeeRow(page: Page, code: string): Locator {
  return page.getByTestId("employee-row").filter({ has: page.getByText(code, { exact: true }) });
}

/** Opens the row's "จัดการ …" menu and clicks one entry. */
export async function rowMenu(page: Page, fullName: string, item: string) {
  await page.getByRole("button", { name: `จัดการ ${fullName}`, exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await menu.getByRole("menuitem", { name: item }).click();
}

/**
 * Admin UI: row menu → ออกรหัสเชื่อม LINE → ยืนยัน; returns the 6-digit code shown once.
 * `whileShown` runs while the code's dialog is open (e.g. a screenshot).
 */
export async function issueVerifyCodeInUi(
  page: Page,
  employee: Pick<NewEmployee, "code" | "full_name">,
  whileShown?: () => Promise<void>,
): Promise<string> {
  await rowMenu(page, employee.full_name, "ออกรหัสเชื่อม LINE");
  const confirm = page.getByRole("dialog", { name: "ออกรหัสเชื่อม LINE" });
  await expect(confirm).toContainText(`${employee.full_name} (${employee.code})`);
  await confirm.getByRole("button", { name: "ยืนยัน" }).click();
  const shown = page.getByRole("dialog", { name: "รหัสเชื่อมบัญชี LINE" });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(employee.full_name);
  const code = page.getByTestId("verify-code");
  await expect(code).toHaveText(/^\d{6}$/);
  const value = (await code.textContent())!.trim();
  await expect(page.getByText("ออกรหัสเชื่อม LINE แล้ว")).toBeVisible();
  await whileShown?.();
  await shown.getByRole("button", { name: "ปิด", exact: true }).click();
  await expect(shown).toBeHidden();
  return value;
}

/**
 * Makes sure the demo LINE user is linked to nobody (an earlier test, a --repeat-each or a retry
 * on the same server may have linked it): asks /api/emp/authen who it is, from a throw-away
 * request context, and has the admin (the signed-in `admin` page) unlink that employee.
 */
export async function freeDemoUser(admin: Page, demoUser: string) {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const response = await api.post("/api/emp/authen", { data: { idToken: `demo:${demoUser}` } });
    expect(response.status()).toBe(200);
    const reply = (await response.json()) as { isVerify: boolean; id?: number };
    if (!reply.isVerify) return;
    const unlinked = await admin.request.post(`/api/employee/${reply.id}/unlink`);
    expect(unlinked.status(), await unlinked.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

export type Phone = { context: BrowserContext; page: Page; errors: string[]; close: () => Promise<void> };

/**
 * A phone in its own browser context: no admin cookie, 390×844, and the LIFF mock's LINE user
 * chosen up front (localStorage "tn-demo-user", as the demo banner's picker stores it). Console
 * errors, page errors and native dialogs are collected into `errors` (checked by `close`).
 */
export async function openPhone(browser: Browser, demoUser: string, allowed: RegExp[] = []): Promise<Phone> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  await context.addInitScript((user) => {
    // Also runs in about:blank, which has no localStorage.
    if (!window.location.protocol.startsWith("http")) return;
    if (!window.localStorage.getItem("tn-demo-user")) window.localStorage.setItem("tn-demo-user", user);
  }, demoUser);
  const errors: string[] = [];
  context.on("page", (p) => watchBrowserErrors(p, errors));
  const page = await context.newPage();
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      expect(errors.filter((line) => !allowed.some((p) => p.test(line)))).toEqual([]);
    },
  };
}

/** Chromium's console line for a 4xx answer to a form/fetch the test provokes on purpose. */
export function failedLoad(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`status of ${status} \\(.*\\) \\(http://localhost:\\d+${escaped}[^ ]*:0\\)$`);
}

/**
 * On the phone: open /employee, let demo mode sign the mock LINE user in, land on the verify form
 * and link with the employee code and the admin's verify code; ends on /employee/face with the
 * biometric consent ticked (the photo buttons wait for it). `beforeSubmit` runs on the filled form.
 */
export async function linkOnPhone(page: Page, employeeCode: string, verifyCode: string, beforeSubmit?: () => Promise<void>) {
  await page.goto("/employee");
  await expect(page.getByTestId("demo-banner")).toBeVisible();
  await expect(page.getByTestId("demo-banner")).toContainText("โหมดทดลอง");
  // The sign-in runs in the browser, then a client-side navigation to the form.
  await page.waitForURL(/\/employee\/verify$/);
  await expect(page.getByRole("heading", { level: 2, name: "ยืนยันตัวตนพนักงาน" })).toBeVisible();
  await page.getByRole("textbox", { name: "รหัสพนักงาน", exact: true }).fill(employeeCode);
  await page.locator("input[name=verify_code]").fill(verifyCode);
  await beforeSubmit?.();
  await page.getByRole("button", { name: "ยืนยัน", exact: true }).click();
  await page.waitForURL(/\/employee\/face$/);
  await expect(page.getByRole("heading", { level: 2, name: "ลงทะเบียนใบหน้า" })).toBeVisible();
  await giveFaceConsent(page);
}

/** On /employee/face: reads past the consent text and ticks "ยินยอม"; the photo buttons open up. */
export async function giveFaceConsent(page: Page) {
  await expect(page.getByText("ความยินยอมในการเก็บข้อมูลใบหน้า (ข้อมูลชีวภาพ)")).toBeVisible();
  const choose = page.getByRole("button", { name: "เลือกรูป" });
  await expect(choose).toBeDisabled();
  // A tick before hydration is undone when React takes over the checkbox: tick until it holds.
  await expect(async () => {
    await page.getByRole("checkbox", { name: "ยินยอม" }).check();
    await expect(choose).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Waits until an <img> has loaded real pixels (not a broken image). */
export async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

const SAMPLE_DIR = path.resolve("node_modules/@vladmandic/face-api/demo");

/**
 * A selfie with exactly one face. The demo photos that ship with face-api are all group photos,
 * so this is the left-hand woman of sample3.jpg, cut out with room around her and no neighbour.
 */
export async function oneFaceJpeg(file: string) {
  await sharp(path.join(SAMPLE_DIR, "sample3.jpg"))
    .extract({ left: 330, top: 170, width: 660, height: 760 })
    .resize({ width: 480 })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

/** The admin issues a verify code (JSON API with the page's cookie) for the employee. */
export async function issueCode(page: Page, employee: NewEmployee) {
  const response = await page.request.post(`/api/employee/${employee.id}/verify-code`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

/**
 * 'เลือกรูป' opens the file chooser (the camera's fallback); waits for the server's face pre-check,
 * whose first run may start the face worker (it gives up after ~5 s and then says nothing).
 */
export async function choosePhoto(p: Page, file: string) {
  const chooser = p.waitForEvent("filechooser");
  await p.getByRole("button", { name: "เลือกรูป" }).click();
  await (await chooser).setFiles(file);
  // The preview comes after the photo is decoded and re-encoded in the page (slow on a busy machine).
  await expect(p.getByRole("img", { name: "รูปที่ถ่าย" })).toHaveAttribute("src", /^blob:/, { timeout: 20_000 });
  await expect(p.getByText("กำลังตรวจรูป…")).toBeHidden({ timeout: 60_000 });
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A date (YYYY-MM-DD) the way the Thai date picker names it: `24 พฤศจิกายน 2569` (long) or `24 พ.ย. 2569`. */
export const thaiDay = (date: string, month: "long" | "short") =>
  new Intl.DateTimeFormat("th-TH", { timeZone: "UTC", day: "numeric", month, year: "numeric" }).format(new Date(`${date}T00:00:00Z`));

/** Two consecutive working days at least a week ahead, neither a holiday of the server's table. */
export function twoWorkingDays(workDays: number[]): [string, string] {
  const holidays = new Set(
    withServerDatabase((db) => db.prepare("SELECT date FROM holidays").all().map((row) => String((row as { date: string }).date))),
  );
  const works = (ms: number) => {
    const weekday = new Date(ms).getUTCDay();
    return workDays.includes(weekday === 0 ? 7 : weekday) && !holidays.has(iso(ms));
  };
  const today = Date.parse(`${iso(Date.now())}T00:00:00Z`);
  for (let d = today + 7 * DAY_MS; ; d += DAY_MS) {
    if (works(d) && works(d + DAY_MS)) return [iso(d), iso(d + DAY_MS)];
  }
}

/** Opens a Thai date picker and clicks the day (announced as `24 พฤศจิกายน 2569`), paging months forward. */
export async function pickDate(p: Page, field: string, date: string) {
  await p.getByRole("button", { name: field }).click();
  // isVisible() does not wait: on a busy machine the month could still be opening, and the loop
  // paged past the date.
  await expect(p.locator("[data-dates-dropdown]")).toBeVisible();
  const day = p.getByRole("button", { name: thaiDay(date, "long"), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await p.locator('[data-dates-dropdown] button[data-direction="next"]').click();
  }
  await day.click();
  await expect(p.locator("[data-dates-dropdown]")).toBeHidden();
}
