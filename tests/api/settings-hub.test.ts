import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "hub-admin", password: "hub-admin-password" };
let server: RunningServer;
let cookie: string;

const NAME = "tn-2020-01-02.sqlite";

beforeAll(async () => {
  // Behind a proxy on this machine: its X-Forwarded-Proto says how the client reached the site.
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "127.0.0.1" });
  cookie = await adminCookie(server, ADMIN);
  const dir = path.join(server.dataDir, "backups");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, NAME), "SQLite format 3\0nightly");
  fs.writeFileSync(path.join(dir, "notes.txt"), "not a backup");
});
afterAll(async () => {
  await server?.stop();
});

const api = apiClient(() => server, () => cookie);

const pageText = async (path: string, init?: Parameters<typeof api>[1]) => (await api(path, init)).text();

// The page's link; another site's is refused (tests/api/backup-download.test.ts).
const OWN_PAGE = { "Sec-Fetch-Site": "same-origin" };

describe("GET /admin/backups/:file", () => {
  test("admins only: anyone else is sent to sign in and gets no bytes", async () => {
    const response = await api(`/admin/backups/${NAME}`, { anonymous: true, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await response.text()).not.toContain("nightly");
  });

  test("a listed nightly file downloads as an attachment", async () => {
    const response = await api(`/admin/backups/${NAME}`, { headers: OWN_PAGE });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.sqlite3");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${NAME}"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("SQLite format 3\0nightly");
  });

  test("an unknown date, another file or any path trick is a 404 without the database", async () => {
    for (const name of [
      "tn-2020-01-09.sqlite",
      "notes.txt",
      "..%2Ftn.sqlite",
      "%2E%2E%2Ftn.sqlite",
      "..%5Ctn.sqlite",
      "tn-2020-01-02.sqlite%2F..%2F..%2Ftn.sqlite",
      "tn-2020-01-02.sqlite%00",
      "tn.sqlite",
    ]) {
      const response = await api(`/admin/backups/${name}`, { redirect: "manual", headers: OWN_PAGE });
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toContain("SQLite format");
    }
  });
});

describe("/admin/settings", () => {
  test("the hub shows the webhook URL from the request (https through the trusted proxy), LINE in demo mode and the backups", async () => {
    const html = await pageText("/admin/settings");
    const host = new URL(server.baseUrl).host;
    expect(html).toContain(`http://${host}/api/line/webhook`);
    expect(html).toContain('<span class="m_5add502a mantine-Badge-label">ยังไม่ได้ตั้งค่า ระบบจะไม่ส่งข้อความ LINE</span>');
    expect(html).toContain("--badge-color:var(--mantine-color-orange-light-color)");
    expect(html).toContain("ยังไม่เคยได้รับ");
    expect(html).toContain(NAME);
    expect(html).not.toContain("notes.txt");
    expect(html).toContain("วิธีกู้คืนจากไฟล์สำรอง");
    expect(html).toContain("npm run restore -- ");
    expect(html.includes("\0"), "no NUL bytes in the page (react/react#31134)").toBe(false);
    const proxied = await pageText("/admin/settings", { headers: { "x-forwarded-proto": "https" } });
    expect(proxied).toContain(`https://${host}/api/line/webhook`);
  });

  test("the hub's data lists the nightly backups and holds no secret", async () => {
    const response = await api("/admin/settings?_data=routes%2Fadmin.settings");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.hub.backups.files.map((f: { name: string }) => f.name)).toContain(NAME);
    expect(JSON.stringify(data)).not.toMatch(/SESSION_SECRET|ACCESS_TOKEN/);
  });

  test("backup_keep: a bad number is refused in Thai, a good one is stored", async () => {
    const form = (fields: Record<string, string>) =>
      api("/admin/settings?_data=routes%2Fadmin.settings", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const bad = await form({ intent: "backup_keep", keep: "-3" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: "จำนวนไฟล์สำรองต้องไม่ติดลบ", fields: { keep: "จำนวนไฟล์สำรองต้องไม่ติดลบ" } });
    const good = await form({ intent: "backup_keep", keep: "3" });
    expect(good.status).toBe(200);
    const db = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
    try {
      expect(db.prepare("select value from settings where key = 'backup_keep'").get()).toEqual({ value: "3" });
    } finally {
      db.close();
    }
  });
});
