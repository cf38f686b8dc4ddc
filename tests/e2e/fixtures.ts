import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from "./env.mjs";

export const ADMIN_USERNAME = E2E_ADMIN_USERNAME;
export const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;

/** The six admin menu entries, in order, with the page title (h2) each one shows. */
export const MENU = [
  { href: "/admin/employee", label: "พนักงาน", title: "พนักงาน" },
  { href: "/admin/leave-work", label: "การลางาน", title: "การลางาน" },
  { href: "/admin/checkin-out", label: "ลงเวลาเข้า-ออก", title: "ลงเวลาเข้า-ออก" },
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

/** Signs the e2e admin in through the UI and waits for the admin shell. */
export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL(redirectTo ?? /\/admin$/);
  await expect(page.getByTestId("user-avatar")).toBeVisible();
}
