// The /uploads/<folder>/<id>.jpg route, against the real built server. Rows are put straight
// into the running server's database (WAL lets a second connection write while it runs).
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { makeJpeg } from "../fixtures/images";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "uploads-admin", password: "uploads-admin-password-1" };
let server: RunningServer;
let cookie: string;
let jpeg: Buffer;
let sha256: string;
const employeePhoto = crypto.randomUUID();
const machinePhoto = crypto.randomUUID();

function insertUpload(dataDir: string, id: string, folder: string, bytes: Buffer) {
  const sqlite = new Database(path.join(dataDir, "tn.sqlite"));
  try {
    sqlite.pragma("busy_timeout = 5000");
    sqlite
      .prepare(
        `insert into uploads (id, folder, mime, bytes, size, width, height, sha256)
         values (?, ?, 'image/jpeg', ?, ?, 320, 240, ?)`,
      )
      .run(id, folder, bytes, bytes.byteLength, crypto.createHash("sha256").update(bytes).digest("hex"));
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  jpeg = await makeJpeg({ width: 320, height: 240 });
  sha256 = crypto.createHash("sha256").update(jpeg).digest("hex");
  insertUpload(server.dataDir, employeePhoto, "employees", jpeg);
  insertUpload(server.dataDir, machinePhoto, "machines", jpeg);

  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = cookieFrom(login, "tn_admin")!;
  expect(cookie).toBeTruthy();
});
afterAll(() => server?.stop());

const url = (p: string) => `${server.baseUrl}${p}`;
const asAdmin = (p: string, headers: Record<string, string> = {}) =>
  fetch(url(p), { headers: { Cookie: cookie, ...headers }, redirect: "manual" });

/** A request whose path goes out exactly as written (fetch would normalise `..` away). */
function rawGet(rawPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /uploads/<folder>/<id>.jpg", () => {
  test("an admin gets the bytes with type, length, ETag, private caching, nosniff and inline", async () => {
    const response = await asAdmin(`/uploads/employees/${employeePhoto}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("content-length")).toBe(String(jpeg.byteLength));
    expect(response.headers.get("etag")).toBe(`"${sha256}"`);
    expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe("inline");
    expect(Buffer.from(await response.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  test("If-None-Match with the ETag answers 304 without a body; another ETag gets the file", async () => {
    const first = await asAdmin(`/uploads/employees/${employeePhoto}.jpg`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();

    const again = await asAdmin(`/uploads/employees/${employeePhoto}.jpg`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const listed = await asAdmin(`/uploads/employees/${employeePhoto}.jpg`, { "If-None-Match": `"old", W/${etag}` });
    expect(listed.status).toBe(304);

    const stale = await asAdmin(`/uploads/employees/${employeePhoto}.jpg`, { "If-None-Match": '"something-else"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(jpeg.byteLength);
  });

  test("anonymous and forged-cookie visitors get 401 JSON, and no bytes", async () => {
    const visitors: Record<string, string>[] = [{}, { Cookie: "tn_admin=eyJ4IjoiMSJ9.forged" }];
    for (const headers of visitors) {
      const response = await fetch(url(`/uploads/employees/${employeePhoto}.jpg`), { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ error: "กรุณาเข้าสู่ระบบ" });
    }
  });

  test("the URL's folder must be the row's folder", async () => {
    const wrong = await asAdmin(`/uploads/employees/${machinePhoto}.jpg`);
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ error: "ไม่พบไฟล์" });
    expect((await asAdmin(`/uploads/machines/${machinePhoto}.jpg`)).status).toBe(200);
  });

  test("an unknown id, unknown folder, other extension or malformed name is 404 JSON", async () => {
    for (const p of [
      `/uploads/employees/${crypto.randomUUID()}.jpg`,
      `/uploads/others/${employeePhoto}.jpg`,
      `/uploads/employees/${employeePhoto}.html`,
      `/uploads/employees/${employeePhoto}`,
      `/uploads/employees//${employeePhoto}.jpg`,
      `/uploads/employees/${employeePhoto}.jpg/x`,
      `/uploads/employees/..%2f..%2fx`,
      `/uploads/employees/..%2f..%2fpackage.json`,
      `/uploads/employees/%2e%2e%2f%2e%2e%2fdb%2fschema.ts`,
    ]) {
      const response = await asAdmin(p);
      expect(response.status, p).toBe(404);
      expect(await response.json(), p).toEqual({ error: "ไม่พบไฟล์" });
    }
  });

  test("dot-dot paths sent raw do not leak files from the server", async () => {
    for (const p of [
      "/uploads/../package.json",
      "/uploads/employees/../../package.json",
      "/uploads/%2e%2e/package.json",
      "/uploads/employees/..%2f..%2fpackage.json",
      "/uploads/..%5c..%5cpackage.json",
      "/uploads/../server.mjs",
      "/uploads/../data/tn.sqlite",
    ]) {
      const response = await rawGet(p, { Cookie: cookie });
      expect(response.status, p).toBe(404);
      expect(response.body, p).not.toContain("tn-management");
      expect(response.body, p).not.toContain("createRequestHandler");
      expect(response.body, p).not.toContain("SQLite format");
    }
  });

  test("HEAD answers the headers; other methods are refused", async () => {
    const head = await fetch(url(`/uploads/employees/${employeePhoto}.jpg`), {
      method: "HEAD",
      headers: { Cookie: cookie },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(`"${sha256}"`);

    const post = await fetch(url(`/uploads/employees/${employeePhoto}.jpg`), {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseUrl },
    });
    expect(post.status).toBe(405);
  });
});

describe("who sees an upload, and thumbnails", () => {
  const json = { "content-type": "application/json" };
  const post = (p: string, body: BodyInit, headers: Record<string, string>) =>
    fetch(url(p), { method: "POST", body, headers });

  /** An employee created by the admin, linked to a demo LINE user, with a photo uploaded by the admin. */
  async function employeeWithPhoto(code: string, lineUserId: string) {
    const created = await post("/api/employee", JSON.stringify({ code, title: 1, first_name: "รูป", last_name: code }), { ...json, Cookie: cookie });
    expect(created.status).toBe(201);
    const id: number = (await created.json()).employee.id;
    const { code: verifyCode } = await (await post(`/api/employee/${id}/verify-code`, "", { Cookie: cookie })).json();
    const authen = await post("/api/emp/authen", JSON.stringify({ idToken: `demo:${lineUserId}` }), json);
    const session = cookieFrom(authen, "tn_emp")!;
    const linked = await post("/api/emp/verify", JSON.stringify({ employee_code: code, verify_code: verifyCode }), { ...json, Cookie: session });
    expect(linked.status).toBe(200);
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(await makeJpeg({ width: 1200, height: 900 }))], "me.jpg", { type: "image/jpeg" }));
    const photo = await post(`/api/employee/${id}/photo`, form, { Cookie: cookie });
    expect(photo.status).toBe(200);
    const { photo_url } = await photo.json();
    return { session, photoUrl: photo_url as string };
  }

  test("the owner and admins see an employee's photo; another employee gets 404, as if it did not exist", async () => {
    const owner = await employeeWithPhoto("UP-OWN", "Udemo0001");
    const other = await employeeWithPhoto("UP-OTHER", "Udemo0002");

    expect((await fetch(url(owner.photoUrl), { headers: { Cookie: owner.session } })).status).toBe(200);
    expect((await asAdmin(owner.photoUrl)).status).toBe(200);

    // An upload nobody owns is for admins only, except a cabinet's picture (folder machines).
    for (const p of [owner.photoUrl, `${owner.photoUrl}?size=thumb`, `/uploads/employees/${employeePhoto}.jpg`]) {
      const refused = await fetch(url(p), { headers: { Cookie: other.session } });
      expect(refused.status, p).toBe(404);
      expect(await refused.json(), p).toEqual({ error: "ไม่พบไฟล์" });
    }
    expect((await fetch(url(other.photoUrl), { headers: { Cookie: other.session } })).status).toBe(200);
    expect((await fetch(url(`/uploads/machines/${machinePhoto}.jpg`), { headers: { Cookie: other.session } })).status).toBe(200);
    expect((await fetch(url(`/uploads/machines/${machinePhoto}.jpg`))).status).toBe(401);
  });

  test("?size=thumb answers a small JPEG with its own ETag; rows without a thumbnail answer the original", async () => {
    const { photoUrl } = await employeeWithPhoto("UP-THUMB", "Udemo0003");
    const full = await asAdmin(photoUrl);
    const fullBytes = Buffer.from(await full.arrayBuffer());
    const thumb = await asAdmin(`${photoUrl}?size=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(thumb.headers.get("cache-control")).toBe("private, max-age=86400");
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(thumb.headers.get("content-length")).toBe(String(thumbBytes.byteLength));
    expect(thumbBytes.byteLength).toBeLessThan(fullBytes.byteLength);
    const meta = await sharp(thumbBytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(192);
    expect((await sharp(fullBytes).metadata()).width).toBe(1200);

    const etag = thumb.headers.get("etag")!;
    expect(etag).not.toBe(full.headers.get("etag"));
    expect((await asAdmin(`${photoUrl}?size=thumb`, { "If-None-Match": etag })).status).toBe(304);
    expect((await asAdmin(photoUrl, { "If-None-Match": etag })).status).toBe(200);

    const legacy = await asAdmin(`/uploads/employees/${employeePhoto}.jpg?size=thumb`);
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get("etag")).toBe(`"${sha256}"`);
    expect(Buffer.from(await legacy.arrayBuffer()).equals(jpeg)).toBe(true);
  });
});
