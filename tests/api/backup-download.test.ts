// GET /admin/backup and /admin/backups/:file against the built server: only the system's own
// pages start a download, and no download, finished or not, leaves a copy in the temp folder.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "download-admin", password: "download-admin-password-1" };

let server: RunningServer;
let cookie: string;
let tmpDir: string;
let serverPid: number;

beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-download-tmp-"));
  // os.tmpdir() of the server: its temp copies land here, where the test can watch them.
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TMPDIR: tmpDir });
  cookie = await adminCookie(server, ADMIN);
  const [mark] = fs.readdirSync(path.join(server.dataDir, "run"));
  serverPid = Number(mark.replace(/\.pid$/, ""));
  // 24 MB more database, so that a download takes longer than the socket's buffers.
  const padding = new Database(path.join(server.dataDir, "tn.sqlite"));
  padding.pragma("busy_timeout = 5000");
  padding.exec("CREATE TABLE test_padding (data BLOB)");
  const insert = padding.prepare("INSERT INTO test_padding VALUES (randomblob(1000000))");
  for (let i = 0; i < 24; i++) insert.run();
  padding.close();
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

const download = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${url}`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });

/** The server's open files in the temp folder (a copy it still holds, named or not). */
const heldCopies = () =>
  fs.readdirSync(`/proc/${serverPid}/fd`).flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/${serverPid}/fd/${fd}`);
      return target.startsWith(tmpDir) ? [target] : [];
    } catch {
      return []; // closed while listing
    }
  });

async function expectNothingLeft() {
  const deadline = Date.now() + 10_000;
  while ((fs.readdirSync(tmpDir).length > 0 || heldCopies().length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(fs.readdirSync(tmpDir)).toEqual([]);
  expect(heldCopies()).toEqual([]);
}

describe("who may start a download", () => {
  const own = () => new URL(server.baseUrl).host;

  test.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["a Referer of another site", { Referer: "https://evil.example/page" }],
    ["cross-site whatever the Referer says", { "Sec-Fetch-Site": "cross-site", Referer: "http://127.0.0.1/admin/settings" }],
    ["no sign of where it came from", {}],
  ])("%s: 403 with a Thai page, nothing copied", async (_name, headers) => {
    for (const url of ["/admin/backup", "/admin/backups/tn-2026-01-01.sqlite"]) {
      const response = await download(url, headers);
      expect(response.status, url).toBe(403);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("ดาวน์โหลดไฟล์สำรองข้อมูลได้จากปุ่มในหน้าตั้งค่าของระบบเท่านั้น");
    }
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  test.each([
    ["the page's link (Sec-Fetch-Site: same-origin)", () => ({ "Sec-Fetch-Site": "same-origin" })],
    ["typed into the address bar (Sec-Fetch-Site: none)", () => ({ "Sec-Fetch-Site": "none" })],
    ["a browser without Sec-Fetch-Site, from the settings page (Referer)", () => ({ Referer: `http://${own()}/admin/settings` })],
    ["a browser without Sec-Fetch-Site, Origin of this site", () => ({ Origin: `http://${own()}` })],
  ])("%s: the file", async (_name, headers) => {
    const response = await download("/admin/backup", headers());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.sqlite3");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(Number(response.headers.get("content-length")));
    expect(bytes.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
    expect((await download("/admin/backups/tn-2026-01-01.sqlite", headers())).status).toBe(404);
    await expectNothingLeft();
  });
});

test("ten aborted downloads (while the copy is made, at the headers, mid-file) leave no copy and no open file", async () => {
  const aborted = (when: "copying" | "headers" | "body", delayMs: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(`${server.baseUrl}/admin/backup`, { headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" } });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      if (when === "copying") setTimeout(() => request.destroy(), delayMs);
      request.on("response", (response) => {
        expect(response.statusCode).toBe(200);
        if (when === "headers") request.destroy();
        else response.once("data", () => request.destroy());
      });
    });
  const runs: Promise<void>[] = [];
  for (const delay of [1, 5, 20, 60]) runs.push(aborted("copying", delay));
  for (let i = 0; i < 3; i++) runs.push(aborted("headers", 0), aborted("body", 0));
  await Promise.all(runs);
  await expectNothingLeft();

  // The server is fine afterwards: a whole download still works.
  const response = await download("/admin/backup", { "Sec-Fetch-Site": "same-origin" });
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).length).toBe(Number(response.headers.get("content-length")));
  await expectNothingLeft();
}, 120_000);
