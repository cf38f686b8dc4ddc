// The HTTP edge in server.mjs: body size limits, compression and cache headers, the client
// address behind a proxy, open redirects after sign-in, and storage failures.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, signWebhook, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { makeJpeg } from "../fixtures/images";
import { eventLines } from "../fixtures/log-lines";
import { assignMachine, insertMachine, SITE, withServerDb } from "../fixtures/machines";
import { head, rawRequest } from "../fixtures/raw-http";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "edge-admin", password: "edge-admin-password-1" };
const MB = 1024 * 1024;
let fake: FakeLine;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  cookie = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const api = apiClient(() => server, () => cookie);
const url = (p: string) => `${server.baseUrl}${p}`;
const THAI = /[ก-๙]/;

/** A body sent chunked (no Content-Length), in 64 KB pieces. */
function chunked(total: number, fill = 0x61): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(64 * 1024, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(fill));
    },
  });
}

function post(p: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(url(p), { method: "POST", headers, body, duplex: "half", redirect: "manual" } as RequestInit);
}

describe("request body limits", () => {
  test("a Content-Length over 1 MB is refused with 413 and a Thai JSON error, and the server stays up", async () => {
    const response = await post("/api/auth/login", "x".repeat(2 * MB), { "content-type": "application/json" });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect((await response.json()).error).toMatch(THAI);
    expect((await fetch(url("/healthz"))).status).toBeLessThan(500);
  });

  test("a chunked body over 1 MB is counted as it streams: 413, not a reset connection", async () => {
    const response = await post("/api/auth/login", chunked(3 * MB), { "content-type": "application/json" });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(THAI);
  });

  test("a form body under 1 MB still reaches an ordinary route; a sign-in takes 16 KB", async () => {
    const pad = "y".repeat(500_000);
    // The route's own answer (its schema refuses the extra field), not the edge's 413.
    const holiday = await api("/api/holiday", { method: "POST", body: new URLSearchParams({ date: "2031-03-03", name: "วันทดสอบ", pad }) });
    expect(holiday.status).toBe(400);
    expect((await holiday.json()).error).toBe("ข้อมูลวันหยุดไม่ถูกต้อง");
    const signIn = await post("/api/auth/login", new URLSearchParams({ ...ADMIN, pad }));
    expect(signIn.status).toBe(413);
    expect((await signIn.json()).error).toMatch(/16 KB/);
    expect((await post("/api/auth/login", new URLSearchParams({ ...ADMIN, pad: "y".repeat(8_000) }))).status).toBe(200);
  });

  test("a page path gets a Thai page for 413", async () => {
    const response = await post("/login", chunked(2 * MB), { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/ใหญ่เกินไป/);
  });

  test("the LINE webhook: a chunked body over 1 MB gets 413", async () => {
    const response = await post("/api/line/webhook", chunked(MB + 100_000), {
      "content-type": "application/json",
      "x-line-signature": signWebhook("{}", "test-channel-secret"),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(THAI);
  });

  test("multipart within the upload limit works (over 1 MB); over the limit, chunked, is 413", async () => {
    const created = await api("/api/employee", {
      method: "POST",
      json: { code: "EDGE1", title: 2, first_name: "มาลี", last_name: "มีสุข" },
    });
    expect(created.status).toBe(201);
    const { employee } = await created.json();
    const noisy = await sharp({
      create: { width: 900, height: 700, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(MB);
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(noisy)], "photo.png", { type: "image/png" }));
    const ok = await api(`/api/employee/${employee.id}/photo`, { method: "POST", body: form });
    expect(ok.status).toBe(200);
    // The stored picture is JPEG already: it is sent as it is, not compressed again.
    const { photo_url } = await ok.json();
    const image = await api(photo_url, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("content-encoding")).toBeNull();

    const tooBig = await fetch(url(`/api/employee/${employee.id}/photo`), {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "multipart/form-data; boundary=edge" },
      body: chunked(11 * MB),
      duplex: "half",
    } as RequestInit);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toMatch(THAI);
  });
});

describe("requests no route could answer: 405 or 400 in Thai, one log line, no stack", () => {
  const port = () => Number(new URL(server.baseUrl).port);
  async function ask(...lines: string[]) {
    const request = rawRequest(port(), head(...lines));
    const answer = await request.answer;
    request.socket.destroy();
    if (!answer) throw new Error(`no answer to ${lines[0]}`);
    return answer;
  }
  /** Runs `send` and returns the messages it logged (besides each request's access line). */
  async function logged(send: () => Promise<unknown>) {
    const before = server.logs().length;
    await send();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return eventLines(server.logs().slice(before)).map((line) => line.msg);
  }

  test("TRACE (and any method the app does not use) is a 405 with Allow", async () => {
    const lines = await logged(async () => {
      const api = await ask("TRACE /api/employee HTTP/1.1", "Host: localhost");
      expect(api.status).toBe(405);
      expect(api.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(JSON.parse(api.body).error).toMatch(THAI);
      const page = await ask("PROPFIND / HTTP/1.1", "Host: localhost");
      expect(page.status).toBe(405);
      expect(page.body).toMatch(/ไม่รองรับวิธีการเรียกนี้/);
    });
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).toMatch(/^refused TRACE "\/api\/employee": 405/);
  });

  test.each(["[::1", "a b", "x:abc", "user@x", "tn.example:99999"])("Host %j is a 400", async (host) => {
    const lines = await logged(async () => {
      const answer = await ask("GET /api/employee HTTP/1.1", `Host: ${host}`);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toMatch(THAI);
    });
    expect(lines).toHaveLength(1);
  });

  test("a target that is not a path (`http://[::1/`, `*`) or does not decode (`//%`) is a 400", async () => {
    const targets = ["http://[::1/", "*", "//%", "/api/%zz"];
    const lines = await logged(async () => {
      for (const target of targets) {
        const answer = await ask(`GET ${target} HTTP/1.1`, "Host: localhost");
        expect(answer.status, target).toBe(400);
        expect(answer.body).toMatch(/ที่อยู่หรือข้อมูลที่ส่งมาไม่ถูกต้อง/);
      }
    });
    expect(lines).toHaveLength(targets.length);
  });

  test("an absolute URL as the target is served as its path", async () => {
    const answer = await ask(`GET http://localhost/login HTTP/1.1`, "Host: localhost");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("เข้าสู่ระบบ");
  });

  test("a `?_data=` route that does not serve the path is a Thai 403; the page's own still answers", async () => {
    const lines = await logged(async () => {
      for (const route of ["routes/nope", "routes/admin.employee"]) {
        const answer = await api(`/login?_data=${encodeURIComponent(route)}`);
        expect(answer.status).toBe(403);
        expect((await answer.json()).error).toMatch(THAI);
      }
    });
    expect(lines).toHaveLength(2);
    expect((await api(`/admin/employee?_data=${encodeURIComponent("routes/admin.employee")}`)).status).toBe(200);
  });

  test("none of them left a stack in the log", () => {
    expect(server.logs()).not.toMatch(/\n\s+at /);
  });
});

describe("keep-alive", () => {
  test("idle connections are kept 65 s, longer than a proxy's or a client's pool, so a reused one is not closed under a request", async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http.get(url("/healthz"), { agent: new http.Agent({ keepAlive: true }) }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.headers));
      }).on("error", reject);
    });
    expect(headers.connection).toBe("keep-alive");
    expect(headers["keep-alive"]).toBe("timeout=65");
  });
});

describe("compression and caching", () => {
  /** The largest script the sign-in page loads (tiny files are below compression's threshold). */
  async function someAsset() {
    const html = await (await fetch(url("/login"))).text();
    const scripts = [...new Set(html.match(/\/build\/[^"]+\.js/g) ?? [])];
    expect(scripts.length).toBeGreaterThan(0);
    let largest = { path: "", size: -1 };
    for (const script of scripts) {
      const response = await fetch(url(script), { headers: { "Accept-Encoding": "identity" } });
      const size = (await response.arrayBuffer()).byteLength;
      if (size > largest.size) largest = { path: script, size };
    }
    expect(largest.size).toBeGreaterThan(4096);
    return largest.path;
  }

  test("JS under /build is compressed and cached for good", async () => {
    const asset = await someAsset();
    const response = await fetch(url(asset), { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  test("brotli when the browser offers it", async () => {
    const response = await fetch(url(await someAsset()), { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBe("br");
  });

  test("HTML pages are compressed", async () => {
    const response = await fetch(url("/login"), { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("เข้าสู่ระบบ");
  });

  test("a page is sent whole, with its length, not streamed in chunks (each chunk would queue behind other requests)", async () => {
    const plain = await api("/admin/employee", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("transfer-encoding")).toBeNull();
    const body = await plain.text();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(body));
    expect(body).toMatch(/<\/html>\s*$/);
  });

  test("many pages at once: each is rendered in its turn (two at a time) and all arrive whole", async () => {
    const paths = ["/admin/employee", "/admin/dashboard", "/admin/checkin-out", "/admin/employee", "/admin/leave-work", "/admin/users", "/admin/dashboard"];
    const answers = await Promise.all(paths.map((p) => api(p, { headers: { "Accept-Encoding": "identity" } })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toMatch(/<\/html>\s*$/);
    }
  });

  test("while a write is being served an admin's read gives way (up to 60 ms); the employees' reads and /healthz are answered", async () => {
    const timed = async (p: string) => {
      const started = performance.now();
      const answer = await api(p);
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started };
    };
    await timed("/api/employee"); // warm
    const created = await api("/api/employee", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: "EDGE-TURN", title: 1, first_name: "รอ", last_name: "คิว" }),
    });
    const { id } = (await created.json()).employee as { id: number };
    withServerDb(server.dataDir, (d) => d.run(sql`update employees set line_user_id = 'U-edge-turn' where id = ${id}`));
    // A push LINE never answers: an admin's write in flight until this client gives up on it.
    fake.pushPlan = [-1];
    const giveUp = new AbortController();
    const pushing = api("/api/line/push-one", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ employee_id: id, text: "ทดสอบ" }),
      signal: giveUp.signal,
    }).catch(() => null);
    for (let i = 0; i < 100 && !fake.find("/v2/bot/message/push", "POST").length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.find("/v2/bot/message/push", "POST")).toHaveLength(1);
    try {
      const [admin, employee, health] = await Promise.all([timed("/api/employee"), timed("/api/emp/checkin-out/today"), timed("/healthz")]);
      expect(admin.status).toBe(200);
      expect(admin.ms).toBeGreaterThanOrEqual(55);
      expect(employee.status).toBe(401); // answered (no LINE session here), without waiting its turn
      expect(health.status).toBe(200);
    } finally {
      giveUp.abort();
      await pushing;
      fake.pushPlan = [];
    }
    // The write's end gave its turn back: nothing is left holding the reads.
    expect((await timed("/api/employee")).status).toBe(200);
  });

  test("a CSV export is compressed on its own (fast) settings and arrives intact", async () => {
    for (let i = 1; i <= 12; i++) {
      const created = await api("/api/employee", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: `CSVZ${i}`, title: 1, first_name: "ส่งออก", last_name: `ทดสอบการบีบอัด${i}`, position: "พนักงานขาย" }),
      });
      expect(created.status).toBe(201);
    }
    const plain = await api("/api/employee?format=csv", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const expected = Buffer.from(await plain.arrayBuffer());
    expect(expected.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const response = await api("/api/employee?format=csv", { headers: { "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
    }
  });

  test("a small JSON answer is sent as it is, a large one compressed", async () => {
    for (let i = 1; i <= 20; i++) {
      const created = await api("/api/employee", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: `JSZ${i}`, title: 1, first_name: "ขนาด", last_name: `คำตอบ${i}`, position: "พนักงานขาย" }),
      });
      expect(created.status).toBe(201);
    }
    const sized = async (limit: number) => {
      const plain = await api(`/api/employee?page_size=${limit}`, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.status).toBe(200);
      return (await plain.arrayBuffer()).byteLength;
    };
    const small = await sized(3);
    expect(small).toBeGreaterThan(1024);
    expect(small).toBeLessThan(8 * 1024);
    const smallResponse = await api("/api/employee?page_size=3", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(smallResponse.headers.get("content-encoding")).toBeNull();
    expect(await sized(20)).toBeGreaterThan(8 * 1024);
    const large = await api("/api/employee?page_size=20", { headers: { "Accept-Encoding": "gzip" } });
    expect(large.headers.get("content-encoding")).toBe("gzip");
  });

  test("API JSON and admin pages are private, no-store; a route's own Cache-Control is kept", async () => {
    const list = await api("/api/employee");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const page = await api("/admin/employee");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const provinces = await api("/api/province");
    expect(provinces.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(provinces.headers.get("cache-control")).not.toMatch(/no-store/);
  });
});

describe("redirect after sign-in", () => {
  const hostile = ["%2F%09%2Fevil.example", "%2F%0A%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example",
    "https%3A%2F%2Fevil.example", "javascript%3Aalert(1)", "%2F.%2F%2Fevil.example", "%2F%5C%5Cevil.example"];

  test.each(hostile)("redirectTo=%s lands on this site, never a 500", async (redirectTo) => {
    const response = await post(`/login?redirectTo=${redirectTo}`, new URLSearchParams(ADMIN));
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const browser = new URL(location.replace(/[\t\n\r]/g, ""), url("/login"));
    expect(browser.origin).toBe(server.baseUrl);
  });

  test("a same-site path is followed", async () => {
    const response = await post(`/login?redirectTo=${encodeURIComponent("/admin/employee?status=active")}`, new URLSearchParams(ADMIN));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/employee?status=active");
  });
});

describe("TRUST_PROXY", () => {
  function failedLogin(base: string, username: string, headers: Record<string, string>) {
    return fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ username, password: "wrong-password" }),
    });
  }

  function attemptIps(s: RunningServer, username: string) {
    const sqlite = new Database(path.join(s.dataDir, "tn.sqlite"), { readonly: true });
    try {
      return sqlite
        .prepare("select ip from login_attempts where username = ?")
        .all(username)
        .map((row) => (row as { ip: string }).ip);
    } finally {
      sqlite.close();
    }
  }

  test("off (the default): X-Forwarded-For and a client-sent x-tn-client-ip are ignored", async () => {
    const response = await failedLogin(server.baseUrl, "xff-off", { "x-forwarded-for": "198.51.100.7", "x-tn-client-ip": "9.9.9.9" });
    expect(response.status).toBe(401);
    expect(attemptIps(server, "xff-off")).toEqual(["127.0.0.1"]);
  });

  test("from the named proxy, the client is the right-most X-Forwarded-For entry that is not the proxy", async () => {
    const proxied = await startServer({ TRUST_PROXY: "127.0.0.1" });
    try {
      const response = await failedLogin(proxied.baseUrl, "xff-on", {
        "x-forwarded-for": "6.6.6.6, 198.51.100.7",
        "x-tn-client-ip": "9.9.9.9",
      });
      expect(response.status).toBe(401);
      expect(attemptIps(proxied, "xff-on")).toEqual(["198.51.100.7"]);

      // A proxy that writes the client's address with its port, or in brackets: each client is
      // still its own address, so one locked out (5 failures) does not lock out the next.
      for (const forwardedFor of ["198.51.100.20:4711", "[2001:db8::20]:443"]) {
        expect((await failedLogin(proxied.baseUrl, "xff-port", { "x-forwarded-for": forwardedFor })).status).toBe(401);
      }
      expect(attemptIps(proxied, "xff-port")).toEqual(["198.51.100.20", "2001:db8::20"]);
      for (let i = 0; i < 5; i++) await failedLogin(proxied.baseUrl, "xff-lock", { "x-forwarded-for": "198.51.100.30:1111" });
      expect((await failedLogin(proxied.baseUrl, "xff-lock", { "x-forwarded-for": "198.51.100.30:2222" })).status).toBe(429);
      expect((await failedLogin(proxied.baseUrl, "xff-lock", { "x-forwarded-for": "198.51.100.31:1111" })).status).toBe(401);
    } finally {
      await proxied.stop();
    }
  }, 120_000);
});

/** A 32 MB tmpfs for a real full disk; null where this process may not mount (not root, no CAP_SYS_ADMIN). */
function mountSmallDisk(): string | null {
  if (process.platform !== "linux") return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-full-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dir], { stdio: "ignore" });
  if (mounted.status === 0) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  return null;
}

function unmount(dir: string) {
  spawnSync("umount", [dir], { stdio: "ignore" });
  fs.rmSync(dir, { recursive: true, force: true });
}

const probe = mountSmallDisk();
if (probe) unmount(probe);

describe("storage faults", () => {
  test.skipIf(!probe)(
    "a full disk (SQLITE_FULL): sign-in and writes answer 503 in Thai, reads go on, freeing space recovers",
    async () => {
      const dir = mountSmallDisk();
      if (!dir) throw new Error("could not mount a tmpfs");
      const full = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir: dir });
      const filler = path.join(dir, "filler");
      try {
        const before = await adminCookie(full, ADMIN);
        const block = Buffer.alloc(MB);
        const fd = fs.openSync(filler, "w");
        try {
          for (;;) fs.writeSync(fd, block);
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
        } finally {
          fs.closeSync(fd);
        }
        const login = await fetch(`${full.baseUrl}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(ADMIN),
        });
        expect(login.status).toBe(503);
        expect((await login.json()).error).toMatch(/^บันทึกข้อมูลไม่ได้ในขณะนี้/);
        const read = await fetch(`${full.baseUrl}/api/employee`, { headers: { Cookie: before } });
        expect(read.status).toBe(200);
        expect(full.logs()).toMatch(/storage failure \(SQLITE_FULL\)/);

        fs.rmSync(filler);
        expect((await adminCookie(full, ADMIN)).startsWith("tn_admin=")).toBe(true);
      } finally {
        await full.stop({ keepData: true });
        unmount(dir);
      }
    },
    120_000,
  );

  test.skipIf(!probe)(
    "a full disk: a check-in with a selfie, a petition with a certificate and a visit report with a photo are a Thai 503 and leave no row and no upload",
    async () => {
      const dir = mountSmallDisk();
      if (!dir) throw new Error("could not mount a tmpfs");
      const full = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir: dir });
      const filler = path.join(dir, "filler");
      const file = path.join(dir, "tn.sqlite");
      try {
        const admin = await adminCookie(full, ADMIN);
        const settings = await fetch(`${full.baseUrl}/api/settings`, {
          method: "PUT",
          headers: { "content-type": "application/json", Cookie: admin },
          body: JSON.stringify({ offices: [{ name: "สำนักงาน", ...SITE, radius_m: 100 }], require_selfie: true }),
        });
        expect(settings.status).toBe(200);
        const employee = await linkedEmployee(full, admin, { code: "EDGE-FULL", demoUser: "Udemofull1" });
        const machine = withServerDb(dir, (d) => {
          const m = insertMachine(d);
          assignMachine(d, m.id, employee.id);
          return m;
        });
        const photo = await makeJpeg({ width: 640, height: 480 });
        const send = (p: string, fields: Record<string, string | number>, name: string) => {
          const body = new FormData();
          for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
          body.set(name, new File([new Uint8Array(photo)], `${name}.jpg`, { type: "image/jpeg" }));
          return fetch(`${full.baseUrl}${p}`, { method: "POST", headers: { Cookie: employee.cookie }, body });
        };
        const position = { lat: SITE.lat, lng: SITE.lng, accuracy: 10 };
        const writes = () => [
          send("/api/emp/checkin-out", { type: "in", ...position, position_at: Date.now(), client_time: new Date().toISOString() }, "photo"),
          // Sick leave of three working days: the certificate photo is required.
          send("/api/emp/leave/petition", { type: 2, start_date: "2031-01-07", end_date: "2031-01-09", half: "full", reason: "ป่วย" }, "attachment"),
          send("/api/emp/machine", { machine_id: machine.id, status: "refilled", ...position }, "photo"),
        ];
        const counts = () => {
          const sqlite = new Database(file, { readonly: true });
          try {
            return ["attendance", "leave_petitions", "machine_visits", "uploads"].map((t) => sqlite.prepare(`select count(*) from ${t}`).pluck().get() as number);
          } finally {
            sqlite.close();
          }
        };

        // Empty the WAL first, so that every write needs new space rather than reusing the file's.
        const checkpoint = new Database(file);
        checkpoint.pragma("wal_checkpoint(TRUNCATE)");
        checkpoint.close();
        const before = counts();
        const fd = fs.openSync(filler, "w");
        try {
          for (;;) fs.writeSync(fd, Buffer.alloc(MB));
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
        } finally {
          fs.closeSync(fd);
        }
        for (const response of await Promise.all(writes())) {
          expect(response.status, response.url).toBe(503);
          expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
          expect((await response.json()).error).toMatch(/^บันทึกข้อมูลไม่ได้ในขณะนี้/);
        }
        expect(counts()).toEqual(before);
        const sqlite = new Database(file, { readonly: true });
        try {
          expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
        } finally {
          sqlite.close();
        }

        fs.rmSync(filler);
        const statuses = [];
        for (const write of writes()) statuses.push((await write).status);
        expect(statuses).toEqual([201, 201, 201]);
        expect(counts()).toEqual([before[0] + 1, before[1] + 1, before[2] + 1, before[3] + 3]);
      } finally {
        await full.stop({ keepData: true });
        unmount(dir);
      }
    },
    120_000,
  );

  test("a data folder that is not a folder stops the start with a Thai/English message and status 1", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-edge-"));
    const file = path.join(dir, "data");
    fs.writeFileSync(file, "not a folder");
    try {
      const error = await startServer({}, { dataDir: file }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const text = (error as Error).message;
      expect(text).toMatch(/server exited with 1/);
      expect(text).toContain(file);
      expect(text).toMatch(/ไม่สามารถใช้โฟลเดอร์ข้อมูล/);
      expect(text).toMatch(/Cannot use the data folder/);
      expect(text).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  test("a write that cannot get the database (locked past busy_timeout) is a Thai 503; reads go on", async () => {
    const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
    sqlite.pragma("busy_timeout = 5000");
    sqlite.prepare("BEGIN IMMEDIATE").run();
    try {
      const read = await api("/api/employee");
      expect(read.status).toBe(200);
      const write = await api("/api/employee", {
        method: "POST",
        json: { code: "EDGE-BUSY", title: 2, first_name: "มาลี", last_name: "มีสุข" },
      });
      expect(write.status).toBe(503);
      expect(write.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await write.json()).error).toMatch(/^บันทึกข้อมูลไม่ได้ในขณะนี้/);
    } finally {
      sqlite.prepare("ROLLBACK").run();
      sqlite.close();
    }
    expect(server.logs()).not.toMatch(/SqliteError[^\n]*\n\s+at /);
  });
});
