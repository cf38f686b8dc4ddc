import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

// Its own server: the per-IP counter would otherwise spill into other files' logins.
const ADMIN = { username: "throttle-admin", password: "throttle-password-1" };
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(() => server?.stop());

function attempt(password: string, username = ADMIN.username) {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

test("5 failures in 15 minutes → 429 with Retry-After, even for the right password; unknown user and wrong password look alike", async () => {
  const wrong = await attempt("wrong-1");
  const unknown = await attempt("wrong-2", "no-such-user");
  expect(wrong.status).toBe(401);
  expect(unknown.status).toBe(401);
  expect(await wrong.json()).toEqual(await unknown.json());

  for (let i = 3; i <= 5; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);

  const blocked = await attempt(ADMIN.password);
  expect(blocked.status).toBe(429);
  const retryAfter = Number(blocked.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(900);
  expect((await blocked.json()).error).toMatch(/หลายครั้งเกินไป/);
  expect(cookieFrom(blocked, "tn_admin")).toBeNull();

  // The IP is blocked too, and a client cannot claim another one through the internal header.
  const spoofed = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-tn-client-ip": "9.9.9.9" },
    body: JSON.stringify({ username: "fresh-name", password: "whatever" }),
  });
  expect(spoofed.status).toBe(429);
});

test("the count lives in SQLite: a restarted server still refuses", async () => {
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  expect((await attempt(ADMIN.password)).status).toBe(429);
  // the first admin was not created twice and no new password was printed
  expect(server.logs()).not.toContain("password:");
});
