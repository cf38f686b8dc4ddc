// An admin's own sessions ("my sessions" on /admin/account, /api/admin/session). A session's id is
// the secret the cookie carries, so it never leaves the server: each session is named by a key
// derived from it. An admin sees and ends only their own sessions.
import crypto from "node:crypto";
import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import { adminSessions } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { revokeSessions } from "~/lib/session.server";
import { describeUserAgent } from "~/lib/user-agent";
import { recordAudit } from "~/models/audit/audit.server";

export const SESSION_MESSAGES = {
  notFound: "ไม่พบการเข้าสู่ระบบนี้ อาจออกจากระบบไปแล้ว",
  current: "นี่คือการเข้าสู่ระบบของอุปกรณ์นี้ หากต้องการออก กรุณาใช้เมนูออกจากระบบ",
} as const;

export type OwnSessionDto = {
  key: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string | null;
  current: boolean;
};

export const sessionKey = (sessionId: string) =>
  crypto.createHash("sha256").update(`admin-session:${sessionId}`).digest("base64url").slice(0, 22);

/** How many other sessions "my sessions" lists besides this device's (the newest by use, then sign-in). */
export const OTHER_SESSIONS_SHOWN = 20;

const unexpiredOf = (adminId: number, now: number) => and(eq(adminSessions.adminId, adminId), gt(adminSessions.expiresAt, new Date(now)));

const toDto = (s: typeof adminSessions.$inferSelect, sessionId: string): OwnSessionDto => ({
  key: sessionKey(s.id),
  device: describeUserAgent(s.userAgent),
  user_agent: s.userAgent,
  ip: s.ip,
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.lastSeenAt?.toISOString() ?? null,
  current: s.id === sessionId,
});

/**
 * The admin's unexpired sessions, bounded: this device's first, then the newest
 * {@link OTHER_SESSIONS_SHOWN} others; `total` counts them all (this device's included).
 */
export function listOwnSessions(admin: { id: number; sessionId: string }, now = Date.now()): { sessions: OwnSessionDto[]; total: number } {
  const unexpired = unexpiredOf(admin.id, now);
  const current = db()
    .select()
    .from(adminSessions)
    .where(and(unexpired, eq(adminSessions.id, admin.sessionId)))
    .get();
  const others = db()
    .select()
    .from(adminSessions)
    .where(and(unexpired, ne(adminSessions.id, admin.sessionId)))
    .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.createdAt))
    .limit(OTHER_SESSIONS_SHOWN)
    .all();
  const total = db().select({ n: count() }).from(adminSessions).where(unexpired).get()?.n ?? 0;
  return { sessions: [...(current ? [current] : []), ...others].map((s) => toDto(s, admin.sessionId)), total };
}

/** Ends one other session of the admin, named by its key. */
export function endOwnSession(admin: { id: number; sessionId: string }, key: string, now = Date.now()) {
  immediate(() => {
    // The key is a hash of the id and is not stored: read only each unexpired session's id (and
    // the user agent the audit names) to find the one it names, listed or not.
    const target = db()
      .select({ id: adminSessions.id, userAgent: adminSessions.userAgent })
      .from(adminSessions)
      .where(unexpiredOf(admin.id, now))
      .all()
      .find((s) => sessionKey(s.id) === key);
    if (!target) throw new DomainError(404, SESSION_MESSAGES.notFound);
    if (target.id === admin.sessionId) throw new DomainError(409, SESSION_MESSAGES.current);
    db().delete(adminSessions).where(eq(adminSessions.id, target.id)).run();
    recordAudit({
      actor: { type: "admin", id: admin.id },
      action: "end_session",
      entity: "admin",
      entityId: admin.id,
      changes: { session: { from: describeUserAgent(target.userAgent), to: null } },
    });
  });
}

/** Ends every session of the admin but this one; answers how many ended. */
export function endOtherSessions(admin: { id: number; sessionId: string }) {
  return immediate(() => {
    const ended = revokeSessions(admin.id, admin.sessionId);
    if (ended > 0) {
      recordAudit({
        actor: { type: "admin", id: admin.id },
        action: "end_sessions",
        entity: "admin",
        entityId: admin.id,
        changes: { other_sessions: { from: ended, to: 0 } },
      });
    }
    return ended;
  });
}
