import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "api-admin", password: "api-admin-password-1" };
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => server?.stop());

const url = (path: string) => `${server.baseUrl}${path}`;

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url(path), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

async function login() {
  const response = await postJson("/api/auth/login", ADMIN);
  expect(response.status).toBe(200);
  const cookie = cookieFrom(response, "tn_admin");
  expect(cookie).toBeTruthy();
  return cookie!;
}

describe("POST /api/auth/login", () => {
  test("200 with the user and an httpOnly, SameSite=Lax, Secure session cookie", async () => {
    const response = await postJson("/api/auth/login", ADMIN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      user: { username: ADMIN.username, full_name: "", permission: "admin" },
    });
    const header = response.headers.getSetCookie().find((h) => h.startsWith("tn_admin="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Secure/i);
    expect(header).not.toContain(ADMIN.username);
  });

  test("a form body works too", async () => {
    const response = await fetch(url("/api/auth/login"), {
      method: "POST",
      body: new URLSearchParams(ADMIN),
    });
    expect(response.status).toBe(200);
    expect(cookieFrom(response, "tn_admin")).toBeTruthy();
  });

  test("400 with Thai field messages for missing or mistyped fields", async () => {
    const missing = await postJson("/api/auth/login", {});
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.fields).toEqual({ username: "กรุณากรอกชื่อผู้ใช้", password: "กรุณากรอกรหัสผ่าน" });
    expect(typeof body.error).toBe("string");

    const typed = await postJson("/api/auth/login", { username: 42, password: ["x"] });
    expect(typed.status).toBe(400);

    const broken = await fetch(url("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBe("รูปแบบข้อมูล JSON ไม่ถูกต้อง");
  });

  test("GET is not a way to sign in", async () => {
    expect((await fetch(url("/api/auth/login"))).status).toBe(405);
  });

  test("a cross-origin POST is refused with 403 before anything happens", async () => {
    const response = await postJson("/api/auth/login", ADMIN, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(cookieFrom(response, "tn_admin")).toBeNull();
    expect((await response.json()).error).toMatch(/cross-origin/);
    const sameOrigin = await postJson("/api/auth/login", ADMIN, { Origin: server.baseUrl });
    expect(sameOrigin.status).toBe(200);
  });
});

describe("bodies a sign-in does not expect: 400 in Thai, never 500", () => {
  const BAD_BODY = "รูปแบบข้อมูลไม่ถูกต้อง กรุณาส่งชื่อผู้ใช้และรหัสผ่านเป็นแบบฟอร์มหรือ JSON";
  const shapes: Array<[string, RequestInit, string, string]> = [
    ["JSON", { headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }, BAD_BODY, BAD_BODY],
    ["text/plain", { headers: { "content-type": "text/plain" }, body: "username=api-admin&password=x" }, BAD_BODY, BAD_BODY],
    ["an empty body", {}, BAD_BODY, BAD_BODY],
    ["a broken multipart body", { headers: { "content-type": "multipart/form-data; boundary=zzz" }, body: "--zzz\r\nnot a part" }, BAD_BODY, BAD_BODY],
    ["XML", { headers: { "content-type": "application/xml" }, body: "<login/>" }, BAD_BODY, BAD_BODY],
    ["octet-stream", { headers: { "content-type": "application/octet-stream" }, body: new Uint8Array([0, 1, 2]) }, BAD_BODY, BAD_BODY],
    // a real but empty form: the fields are named
    ["an empty form", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }, "กรุณากรอกข้อมูลให้ครบ", "กรุณากรอกชื่อผู้ใช้"],
  ];

  test.each(shapes)("the /login page action answers %s with 400 and a Thai message", async (_, init, error, shown) => {
    const page = await fetch(url("/login"), { method: "POST", redirect: "manual", ...init });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(shown);
    expect(cookieFrom(page, "tn_admin")).toBeNull();

    const data = await fetch(url("/login?_data=routes%2Flogin"), { method: "POST", redirect: "manual", ...init });
    expect(data.status).toBe(400);
    expect((await data.json()).error).toBe(error);
  });

  const apiShapes: Array<[string, RequestInit, string]> = [
    ["text/plain", { headers: { "content-type": "text/plain" }, body: JSON.stringify(ADMIN) }, BAD_BODY],
    ["an empty body", {}, BAD_BODY],
    ["a broken multipart body", { headers: { "content-type": "multipart/form-data; boundary=zzz" }, body: "--zzz\r\nnot a part" }, BAD_BODY],
    ["XML", { headers: { "content-type": "application/xml" }, body: "<login/>" }, BAD_BODY],
    ["an empty JSON body", { headers: { "content-type": "application/json" }, body: "" }, "รูปแบบข้อมูล JSON ไม่ถูกต้อง"],
    ["a JSON array", { headers: { "content-type": "application/json" }, body: "[1,2]" }, "รูปแบบข้อมูล JSON ไม่ถูกต้อง"],
    ["JSON null", { headers: { "content-type": "application/json" }, body: "null" }, "รูปแบบข้อมูล JSON ไม่ถูกต้อง"],
    ["a JSON string", { headers: { "content-type": "application/json" }, body: '"admin"' }, "รูปแบบข้อมูล JSON ไม่ถูกต้อง"],
    ["JSON with objects for fields", { headers: { "content-type": "application/json" }, body: '{"username":{"a":1},"password":true}' }, "กรุณากรอกข้อมูลให้ครบ"],
  ];

  test.each(apiShapes)("POST /api/auth/login answers %s with 400 and a Thai error", async (_, init, message) => {
    const response = await fetch(url("/api/auth/login"), { method: "POST", ...init });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect((await response.json()).error).toBe(message);
    expect(cookieFrom(response, "tn_admin")).toBeNull();
  });
});

describe("GET /api/user-auth and logout", () => {
  test("401 without a session, the user with one", async () => {
    const anonymous = await fetch(url("/api/user-auth"));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "กรุณาเข้าสู่ระบบ" });

    const cookie = await login();
    const signedIn = await fetch(url("/api/user-auth"), { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ user: { username: ADMIN.username, permission: "admin" } });
  });

  test("a forged cookie is anonymous", async () => {
    const response = await fetch(url("/api/user-auth"), {
      headers: { Cookie: "tn_admin=eyJ4IjoiMSJ9.forged" },
    });
    expect(response.status).toBe(401);
  });

  test("logout ends the server-side session: the same cookie no longer works", async () => {
    const cookie = await login();
    // What a browser sends for the app's own sign-out (Node's fetch sends no Sec-Fetch-Site).
    const out = await fetch(url("/api/auth/logout"), { headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(out.headers.getSetCookie().join()).toMatch(/tn_admin=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    // replaying the old cookie after logout must fail: the row is gone
    const replay = await fetch(url("/api/user-auth"), { headers: { Cookie: cookie } });
    expect(replay.status).toBe(401);
  });

  test("a cross-site GET logout changes nothing: 403 in Thai, the session still works", async () => {
    const cookie = await login();
    const attempts: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      {},
    ];
    for (const headers of attempts) {
      const out = await fetch(url("/api/auth/logout"), { headers: { Cookie: cookie, ...headers } });
      expect(out.status).toBe(403);
      expect((await out.json()).error).toMatch(/[ก-๙]/);
      expect(out.headers.getSetCookie().join()).not.toMatch(/tn_admin=/);
      expect((await fetch(url("/api/user-auth"), { headers: { Cookie: cookie } })).status).toBe(200);
    }
    const typed = await fetch(url("/api/auth/logout"), { headers: { Cookie: cookie, "Sec-Fetch-Site": "none" } });
    expect(typed.status).toBe(200);
    const matching = await login();
    const byOrigin = await fetch(url("/api/auth/logout"), { headers: { Cookie: matching, Origin: server.baseUrl } });
    expect(byOrigin.status).toBe(200);
    expect((await fetch(url("/api/user-auth"), { headers: { Cookie: matching } })).status).toBe(401);
  });

  test("POST logout works the same", async () => {
    const cookie = await login();
    const out = await fetch(url("/api/auth/logout"), { method: "POST", headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect((await fetch(url("/api/user-auth"), { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe("pages and the guard", () => {
  test("/admin pages redirect an anonymous visitor to /auth", async () => {
    const response = await fetch(url("/admin/employee"), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Femployee");
  });

  test("the login form signs in and redirects only to same-site paths", async () => {
    const good = await fetch(url("/login?redirectTo=%2Fadmin%2Fline-group"), {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      redirect: "manual",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/admin/line-group");
    const cookie = cookieFrom(good, "tn_admin")!;
    const page = await fetch(url("/admin/line-group"), { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("กลุ่มไลน์");

    const evil = await fetch(url("/login?redirectTo=%2F%2Fevil.example"), {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      redirect: "manual",
    });
    expect(evil.headers.get("location")).toBe("/admin");
  });

  test("a signed-in admin visiting /login goes to /admin", async () => {
    const cookie = await login();
    const response = await fetch(url("/login"), { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  test("unknown pages are a Thai 404 page; unknown APIs a JSON 404", async () => {
    const page = await fetch(url("/no-such-page"));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("ไม่พบหน้าที่ต้องการ");
    const api = await fetch(url("/api/no-such-thing"));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "ไม่พบ API ที่เรียก" });
  });

  test("/healthz reads the database", async () => {
    const response = await fetch(url("/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("every response carries the security headers; the CSP nonce is on the page's scripts", async () => {
    const response = await fetch(url("/login"));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // a new nonce for each response
    const again = (await fetch(url("/login"))).headers.get("content-security-policy")!;
    expect(again).not.toBe(csp);
    expect((await fetch(url("/api/user-auth"))).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
