import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Locator, type Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, E2E_BASE_URL, E2E_STATE_FILE } from "./env.mjs";

export const ADMIN_USERNAME = E2E_ADMIN_USERNAME;
export const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;

/** The admin menu entries, in order, with the page title (h2) each one shows. */
export const MENU = [
  { href: "/admin/employee", label: "พนักงาน", title: "พนักงาน" },
  { href: "/admin/leave-work", label: "การลางาน", title: "การลางาน" },
  { href: "/admin/overtime", label: "ทำงานล่วงเวลา", title: "ทำงานล่วงเวลา (โอที)" },
  { href: "/admin/checkin-out", label: "ลงเวลาเข้า-ออก", title: "ลงเวลาเข้า-ออก" },
  { href: "/admin/schedule", label: "ตารางเวลาทำงาน", title: "ตารางเวลาทำงาน" },
  { href: "/admin/payroll", label: "งวดเงินเดือน", title: "งวดเงินเดือน" },
  { href: "/admin/vending-machine", label: "ตู้จำหน่ายสินค้า", title: "ตู้จำหน่ายสินค้า" },
  { href: "/admin/line-reply", label: "ข้อความตอบกลับ", title: "ข้อความตอบกลับ" },
  { href: "/admin/line-group", label: "กลุ่มไลน์", title: "กลุ่มไลน์" },
] as const;

function describe(message: ConsoleMessage) {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

/** Watches a page for console errors, uncaught exceptions and native dialogs (alert/confirm). */
export function watchBrowserErrors(page: Page, into: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error") into.push(`${page.url()} ${describe(message)}`);
  });
  page.on("pageerror", (error) => into.push(`${page.url()} pageerror: ${error.stack ?? error.message}`));
  // The app reports LIFF failures with window.alert; no journey expects a native dialog.
  page.on("dialog", (dialog) => {
    into.push(`${page.url()} dialog (${dialog.type()}): ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
}

/** What the browser reported during one test; the test fails at the end when any is unexpected. */
export type BrowserErrors = {
  readonly seen: string[];
  /**
   * Marks errors a test causes on purpose (Chromium logs every 4xx response as
   * "Failed to load resource: … status of 401"). Keep patterns narrow.
   */
  expect: (pattern: RegExp) => void;
};

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const expected: RegExp[] = [];
      for (const page of context.pages()) watchBrowserErrors(page, seen);
      context.on("page", (page) => watchBrowserErrors(page, seen));
      await use({ seen, expect: (pattern) => void expected.push(pattern) });
      const unexpected = seen.filter((line) => !expected.some((p) => p.test(line)));
      if (unexpected.length > 0) {
        throw new Error(`The browser reported ${unexpected.length} error(s):\n${unexpected.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

export { expect };

/** Fills the /login form and submits it (the page must already show the form). */
export async function submitLogin(page: Page, username: string, password: string) {
  // By role: the accessible name leaves out Mantine's aria-hidden "required" asterisk.
  await page.getByRole("textbox", { name: "ชื่อผู้ใช้", exact: true }).fill(username);
  await page.getByRole("textbox", { name: "รหัสผ่าน", exact: true }).fill(password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
}

/**
 * Signs the e2e admin in through the form and waits for the admin shell. Only the journeys about
 * signing in use it; every other journey starts with `login` (a session written directly).
 */
export async function loginThroughForm(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL(redirectTo ?? /\/admin$/);
  await expect(page.getByTestId("user-avatar")).toBeVisible();
}

/** The running e2e server's DATA_DIR, written by serve.mjs. */
function serverDataDir(): string {
  const state: unknown = JSON.parse(fs.readFileSync(E2E_STATE_FILE, "utf8"));
  if (typeof state !== "object" || state === null || !("dataDir" in state) || typeof state.dataDir !== "string") {
    throw new Error(`${E2E_STATE_FILE} does not name the e2e server's DATA_DIR`);
  }
  return state.dataDir;
}

/** The server's cookie secret (app/lib/session.server.ts): made once into DATA_DIR, whoever comes first. */
function sessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * Gives the browser context a signed-in e2e admin without the form: writes an `admin_sessions`
 * row into the server's database and sets the `tn_admin` cookie signed as the server signs it.
 */
export async function addAdminSession(context: BrowserContext) {
  const dataDir = serverDataDir();
  const sqlite = new Database(path.join(dataDir, "tn.sqlite"));
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = now + 7 * 24 * 60 * 60 * 1000;
  try {
    sqlite.pragma("busy_timeout = 5000");
    const admin = sqlite.prepare("SELECT id FROM admins WHERE username = ?").get(ADMIN_USERNAME);
    if (typeof admin !== "object" || admin === null || !("id" in admin)) {
      throw new Error(`No admin "${ADMIN_USERNAME}" in the e2e database`);
    }
    sqlite
      .prepare("INSERT INTO admin_sessions (id, admin_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)")
      .run(id, admin.id, now, expiresAt, "playwright fixture");
  } finally {
    sqlite.close();
  }
  const header = await createCookie("tn_admin", { secrets: [sessionSecret(dataDir)] }).serialize(id);
  const value = header.slice(header.indexOf("=") + 1, header.indexOf(";"));
  await context.addCookies([
    { name: "tn_admin", value, url: E2E_BASE_URL, httpOnly: true, secure: true, sameSite: "Lax", expires: expiresAt / 1000 },
  ]);
}

/** Runs `work` on the e2e server's database (for test data the UI would take long to make). */
export function withServerDatabase<T>(work: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(path.join(serverDataDir(), "tn.sqlite"));
  try {
    sqlite.pragma("busy_timeout = 5000");
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

/** Signs the e2e admin in (a session written directly), opens the page and waits for the admin shell. */
export async function login(page: Page, to = "/admin") {
  await addAdminSession(page.context());
  await page.goto(to);
  await expect(page).toHaveURL(to);
  await expect(page.getByTestId("user-avatar")).toBeVisible();
}

/** `25 พ.ย. 2569`: a date (YYYY-MM-DD) as the app prints it, short month, Buddhist Era. */
export const thaiShort = (date: string) =>
  new Intl.DateTimeFormat("th-TH", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));

/** Clicks a button until the dialog it opens shows (a click before hydration does nothing). */
export async function openDialog(page: Page, button: Locator, dialog: Locator) {
  await expect(async () => {
    await button.click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The page body is no wider than the screen (nothing makes the whole page scroll sideways). A
 * mobile browser zooms out to fit a too-wide page, which widens innerWidth too: compare with the
 * viewport as well.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const screen = page.viewportSize()!.width;
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.inner, `the ${screen}px screen was zoomed out to ${widths.inner}px`).toBe(screen);
  expect(widths.scroll, `page is ${widths.scroll}px wide on a ${screen}px screen`).toBeLessThanOrEqual(screen);
}

/** Waits for the browser's download and returns its text. */
export async function downloadText(page: Page, start: () => Promise<void>, file: string) {
  const download = page.waitForEvent("download");
  await start();
  await (await download).saveAs(file);
  return fs.readFileSync(file, "utf8");
}
