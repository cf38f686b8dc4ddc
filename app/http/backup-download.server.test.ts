import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupFileResponse, isOwnPageRequest } from "./backup-download.server";

const at = (headers: Record<string, string>, signal?: AbortSignal) =>
  new Request("http://office.example:3000/admin/backup", { headers, signal });

describe("isOwnPageRequest", () => {
  test("the system's own pages and the address bar", () => {
    expect(isOwnPageRequest(at({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isOwnPageRequest(at({ "sec-fetch-site": "none" }))).toBe(true);
    expect(isOwnPageRequest(at({ origin: "http://office.example:3000" }))).toBe(true);
    expect(isOwnPageRequest(at({ referer: "http://office.example:3000/admin/settings" }))).toBe(true);
  });

  test("another site, or no sign of where it came from", () => {
    expect(isOwnPageRequest(at({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isOwnPageRequest(at({ "sec-fetch-site": "same-site" }))).toBe(false);
    // Sec-Fetch-Site is the browser's own word; a Referer cannot overrule it.
    expect(isOwnPageRequest(at({ "sec-fetch-site": "cross-site", referer: "http://office.example:3000/admin" }))).toBe(false);
    expect(isOwnPageRequest(at({ origin: "https://evil.example" }))).toBe(false);
    expect(isOwnPageRequest(at({ origin: "https://evil.example", referer: "http://office.example:3000/admin" }))).toBe(false);
    expect(isOwnPageRequest(at({ referer: "https://evil.example/office.example:3000" }))).toBe(false);
    expect(isOwnPageRequest(at({ referer: "http://office.example:3001/admin" }))).toBe(false);
    expect(isOwnPageRequest(at({ referer: "not a url" }))).toBe(false);
    expect(isOwnPageRequest(at({}))).toBe(false);
  });
});

describe("backupFileResponse", () => {
  const SIZE = 16 + 1024 * 1024;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-download-response-"));
    // Larger than the stream's buffers: unread, it stays open.
    fs.writeFileSync(path.join(dir, "file"), Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(1024 * 1024)]));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("unread and not aborted, the file stays open (what the tests above rely on)", async () => {
    const body = fs.createReadStream(path.join(dir, "file"));
    backupFileResponse(at({}), body, SIZE, "tn.sqlite");
    expect(await closed(body)).toBe(false);
    body.destroy();
  });

  const closed = (body: fs.ReadStream) => new Promise<boolean>((resolve) => {
    if (body.closed) return resolve(true);
    body.once("close", () => resolve(true));
    setTimeout(() => resolve(false), 1000);
  });

  test("the client going away closes the file, also when nobody reads the response", async () => {
    const client = new AbortController();
    const body = fs.createReadStream(path.join(dir, "file"));
    backupFileResponse(at({}, client.signal), body, SIZE, "tn.sqlite");
    client.abort();
    expect(await closed(body)).toBe(true);
  });

  test("a client already gone: closed at once", async () => {
    const client = new AbortController();
    client.abort();
    const body = fs.createReadStream(path.join(dir, "file"));
    backupFileResponse(at({}, client.signal), body, SIZE, "tn.sqlite");
    expect(await closed(body)).toBe(true);
  });

  test("a download read to its end: the bytes, with the headers", async () => {
    const body = fs.createReadStream(path.join(dir, "file"));
    const response = backupFileResponse(at({}), body, SIZE, "tn-2026-01-01.sqlite");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/vnd.sqlite3",
      "content-length": String(SIZE),
      "content-disposition": 'attachment; filename="tn-2026-01-01.sqlite"',
      "cache-control": "no-store",
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(SIZE);
    expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
    expect(await closed(body)).toBe(true);
  });
});
