import { and, asc, eq, gt, lt } from "drizzle-orm";
import { loginAttempts } from "../../db/schema";
import { db } from "./db.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;

export type ThrottleState = { limited: false } | { limited: true; retryAfterSeconds: number };

const normalise = (username: string) => username.trim().toLowerCase();

function failuresSince(column: "username" | "ip", value: string, since: number) {
  const col = column === "username" ? loginAttempts.username : loginAttempts.ip;
  return db()
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(col, value), gt(loginAttempts.createdAt, new Date(since))))
    .orderBy(asc(loginAttempts.createdAt))
    .all()
    .map((r) => r.at.getTime());
}

/** When the oldest failure that keeps the count at the limit leaves the window. */
function unblockedAt(failures: number[]) {
  if (failures.length < LOGIN_MAX_FAILURES) return 0;
  return failures[failures.length - LOGIN_MAX_FAILURES] + LOGIN_WINDOW_MS;
}

/** 5 failures per username or per IP in 15 minutes block further tries until the window moves on. */
export function loginThrottle(input: { username: string; ip: string; now?: number }): ThrottleState {
  const now = input.now ?? Date.now();
  const since = now - LOGIN_WINDOW_MS;
  const until = Math.max(
    unblockedAt(failuresSince("username", normalise(input.username), since)),
    unblockedAt(failuresSince("ip", input.ip, since)),
  );
  if (until <= now) return { limited: false };
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
}

export function recordLoginFailure(input: { username: string; ip: string; now?: number }) {
  db()
    .insert(loginAttempts)
    .values({
      username: normalise(input.username),
      ip: input.ip,
      createdAt: new Date(input.now ?? Date.now()),
    })
    .run();
}

/** A successful sign-in forgives the username's earlier failures (not the IP's). */
export function clearLoginFailures(username: string) {
  db().delete(loginAttempts).where(eq(loginAttempts.username, normalise(username))).run();
}

export function pruneLoginAttempts(now = Date.now()) {
  db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now - LOGIN_WINDOW_MS)))
    .run();
}
