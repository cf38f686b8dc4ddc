import fs from "node:fs";
import path from "node:path";
import { admins } from "../../db/schema";
import { db } from "./db.server";
import { resetEnvCache } from "./env.server";
import {
  adminCookie,
  clearAdminCookie,
  commitAdminSession,
  createAdminSession,
  deleteSession,
  findActiveSession,
  getSessionAdmin,
  purgeExpiredSessions,
  resetSessionCookieCache,
  revokeSessions,
  SESSION_TTL_MS,
  sessionSecrets,
} from "./session.server";

function newAdmin(username: string) {
  return db().insert(admins).values({ username, passwordHash: "x" }).returning().get();
}

function requestWith(cookie: string) {
  return new Request("http://localhost/admin", { headers: { Cookie: cookie.split(";")[0] } });
}

describe("admin sessions", () => {
  test("the cookie holds only a signed session id, httpOnly and SameSite=Lax", async () => {
    const admin = newAdmin("cookie-admin");
    const { id } = createAdminSession(admin.id);
    const header = await commitAdminSession(id);
    expect(header).toMatch(/^tn_admin=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).not.toContain("cookie-admin");
    const value = decodeURIComponent(header.split(";")[0].slice("tn_admin=".length));
    // signed: "<base64 of the JSON id>.<signature>"
    expect(value.split(".")).toHaveLength(2);
    expect((await getSessionAdmin(requestWith(header)))?.username).toBe("cookie-admin");
  });

  test("a tampered cookie is not accepted", async () => {
    const admin = newAdmin("tamper-admin");
    const { id } = createAdminSession(admin.id);
    const header = await commitAdminSession(id);
    const forged = header.replace(/\.[^.;]+;/, ".AAAA;");
    expect(await getSessionAdmin(requestWith(forged))).toBeNull();
    expect(await getSessionAdmin(new Request("http://localhost/"))).toBeNull();
  });

  test("a deleted or expired session no longer signs anyone in", async () => {
    const admin = newAdmin("expiry-admin");
    const now = Date.now();
    const { id } = createAdminSession(admin.id, {}, now);
    expect(findActiveSession(id, now + SESSION_TTL_MS - 1)).not.toBeNull();
    expect(findActiveSession(id, now + SESSION_TTL_MS + 1)).toBeNull();
    expect(purgeExpiredSessions(now + SESSION_TTL_MS + 1)).toBeGreaterThanOrEqual(1);
    const second = createAdminSession(admin.id);
    deleteSession(second.id);
    expect(findActiveSession(second.id)).toBeNull();
  });

  test("revoking keeps only the named session", () => {
    const admin = newAdmin("revoke-admin");
    const keep = createAdminSession(admin.id);
    const other1 = createAdminSession(admin.id);
    const other2 = createAdminSession(admin.id);
    expect(revokeSessions(admin.id, keep.id)).toBe(2);
    expect(findActiveSession(keep.id)).not.toBeNull();
    expect(findActiveSession(other1.id)).toBeNull();
    expect(findActiveSession(other2.id)).toBeNull();
  });

  test("the clearing cookie expires immediately", async () => {
    expect(await clearAdminCookie()).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
});

describe("session secrets", () => {
  afterEach(() => {
    delete process.env.SESSION_SECRET;
    resetEnvCache();
    resetSessionCookieCache();
  });

  test("without SESSION_SECRET one is generated once into DATA_DIR and reused", () => {
    const first = sessionSecrets();
    const file = path.join(process.env.DATA_DIR!, "session-secret");
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first[0].length).toBeGreaterThanOrEqual(40);
    expect(sessionSecrets()).toEqual(first);
  });

  test("SESSION_SECRET is comma-separated, newest first, and old cookies still verify", async () => {
    const admin = newAdmin("rotation-admin");
    const { id } = createAdminSession(admin.id);
    process.env.SESSION_SECRET = "old-secret";
    resetEnvCache();
    resetSessionCookieCache();
    const oldCookie = await adminCookie().serialize(id);

    process.env.SESSION_SECRET = "new-secret, old-secret";
    resetEnvCache();
    resetSessionCookieCache();
    expect(sessionSecrets()).toEqual(["new-secret", "old-secret"]);
    expect((await getSessionAdmin(requestWith(oldCookie)))?.username).toBe("rotation-admin");

    process.env.SESSION_SECRET = "new-secret";
    resetEnvCache();
    resetSessionCookieCache();
    expect(await getSessionAdmin(requestWith(oldCookie))).toBeNull();
  });
});
