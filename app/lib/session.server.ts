import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie, type Cookie } from "@remix-run/node";
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { admins, adminSessions } from "../../db/schema";
import { db, preparedQuery } from "./db.server";
import { env } from "./env.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last_seen_at is written at most this often: the guard runs on every request. */
export const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000;
export const ADMIN_COOKIE_NAME = "tn_admin";
const SECRET_FILE = "session-secret";

/** SESSION_SECRET (comma-separated, newest first), else one generated once into DATA_DIR. */
export function sessionSecrets(): string[] {
  const e = env();
  if (e.SESSION_SECRET) {
    const secrets = e.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean);
    if (secrets.length > 0) return secrets;
  }
  const file = path.resolve(e.DATA_DIR, SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), {
        mode: 0o600,
        flag: "wx",
      });
    } catch (error) {
      // Two processes raced to create it: the other one's secret is the one to use.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return [fs.readFileSync(file, "utf8").trim()];
}

/** A signed, httpOnly, SameSite=Lax cookie, made on first use (env and DATA_DIR known by then). */
export function lazySignedCookie(name: string, maxAgeSeconds: number) {
  let cookie: Cookie | undefined;
  const get = (): Cookie =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().NODE_ENV === "production",
      secrets: sessionSecrets(),
      maxAge: maxAgeSeconds,
    }));
  const reset = () => {
    cookie = undefined;
  };
  return { get, reset };
}

/** The admin cookie carries only a signed session id; everything else is in the database. */
const admin = lazySignedCookie(ADMIN_COOKIE_NAME, SESSION_TTL_MS / 1000);
export const adminCookie = admin.get;
export const resetSessionCookieCache = admin.reset;

export type SessionAdmin = {
  sessionId: string;
  id: number;
  username: string;
  fullName: string;
  permission: "admin";
};

export function createAdminSession(
  adminId: number,
  meta: { ip?: string; userAgent?: string | null } = {},
  now = Date.now(),
) {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + SESSION_TTL_MS);
  db()
    .insert(adminSessions)
    .values({
      id,
      adminId,
      expiresAt,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .run();
  return { id, expiresAt };
}

export function commitAdminSession(sessionId: string) {
  return adminCookie().serialize(sessionId);
}

export function clearAdminCookie() {
  return adminCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await adminCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

const activeSession = preparedQuery((d) =>
  d
    .select({
      sessionId: adminSessions.id,
      id: admins.id,
      username: admins.username,
      fullName: admins.fullName,
      permission: admins.permission,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.id, sql.placeholder("id")),
        gt(adminSessions.expiresAt, sql.placeholder("now")),
        eq(admins.active, true),
      ),
    )
    .prepare(),
);

const touchSession = preparedQuery((d) =>
  d
    .update(adminSessions)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
    .where(
      and(
        eq(adminSessions.id, sql.placeholder("id")),
        or(isNull(adminSessions.lastSeenAt), lt(adminSessions.lastSeenAt, sql.placeholder("staleBefore"))),
      ),
    )
    .prepare(),
);

/**
 * The signed-in admin of a session id: unexpired, and the admin still enabled. Marks the session
 * as seen, writing only when the last mark is older than LAST_SEEN_INTERVAL_MS.
 */
export function findActiveSession(sessionId: string, now = Date.now()): SessionAdmin | null {
  const row = activeSession().get({ id: sessionId, now });
  if (!row) return null;
  const { lastSeenAt, ...session } = row;
  if (!lastSeenAt || now - lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS) {
    touchSession().run({ id: sessionId, now, staleBefore: now - LAST_SEEN_INTERVAL_MS + 1 });
  }
  return session;
}

export async function getSessionAdmin(request: Request): Promise<SessionAdmin | null> {
  const sessionId = await readSessionId(request);
  return sessionId ? findActiveSession(sessionId) : null;
}

export function deleteSession(sessionId: string) {
  db().delete(adminSessions).where(eq(adminSessions.id, sessionId)).run();
}

/** Revokes every session of the admin except `keepSessionId` (none kept when omitted). */
export function revokeSessions(adminId: number, keepSessionId?: string) {
  const condition = keepSessionId
    ? and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId))
    : eq(adminSessions.adminId, adminId);
  return db().delete(adminSessions).where(condition).run().changes;
}

export function purgeExpiredSessions(now = Date.now()) {
  return db().delete(adminSessions).where(lt(adminSessions.expiresAt, new Date(now))).run().changes;
}
