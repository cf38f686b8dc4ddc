import { and, asc, eq, gt, lt, type SQL } from "drizzle-orm";
import { loginAttempts } from "../../db/schema";
import { db, immediate, type Db } from "./db.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one username from one address before that pair is refused. */
export const LOGIN_MAX_FAILURES = 5;
/** Failures from one address, whatever the usernames, before the address is refused. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** A username failing from many addresses is only slowed: this much per failure beyond the limit… */
export const SLOW_DOWN_STEP_MS = 500;
/** …up to this. */
export const SLOW_DOWN_MAX_MS = 5000;

export type ThrottleState = { limited: false } | { limited: true; retryAfterSeconds: number };
export type Reservation =
  | { limited: true; retryAfterSeconds: number }
  | { limited: false; attemptId: number; delayMs: number };

const normalise = (username: string) => username.trim().toLowerCase();

function failureTimes(tx: Db, where: SQL | undefined, since: number) {
  return tx
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(where, gt(loginAttempts.createdAt, new Date(since))))
    .orderBy(asc(loginAttempts.createdAt))
    .all()
    .map((r) => r.at.getTime());
}

/** When the oldest failure that keeps the count at the limit leaves the window. */
function unblockedAt(failures: number[], limit: number) {
  if (failures.length < limit) return 0;
  return failures[failures.length - limit] + LOGIN_WINDOW_MS;
}

function state(tx: Db, input: { username: string; ip: string; now: number }) {
  const since = input.now - LOGIN_WINDOW_MS;
  const username = normalise(input.username);
  const until = Math.max(
    unblockedAt(failureTimes(tx, and(eq(loginAttempts.username, username), eq(loginAttempts.ip, input.ip)), since), LOGIN_MAX_FAILURES),
    unblockedAt(failureTimes(tx, eq(loginAttempts.ip, input.ip), since), LOGIN_MAX_FAILURES_PER_IP),
  );
  const forUsername = failureTimes(tx, eq(loginAttempts.username, username), since).length;
  const delayMs = Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_STEP_MS * Math.max(0, forUsername - LOGIN_MAX_FAILURES));
  return { until, delayMs };
}

/**
 * 5 failures of a username from one address, or 20 from one address, in 15 minutes refuse further
 * tries until the window moves on. A username alone is never locked (a stranger could lock the
 * admin out), only slowed (`delayMs`).
 */
export function loginThrottle(input: { username: string; ip: string; now?: number }): ThrottleState & { delayMs: number } {
  const now = input.now ?? Date.now();
  const { until, delayMs } = state(db(), { ...input, now });
  if (until <= now) return { limited: false, delayMs };
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)), delayMs };
}

/**
 * Checks the limits and, when the attempt may go ahead, records it as a failure at once, under
 * the write lock: parallel requests each see the ones before them, so no more than the limit ever
 * reach the password check. A success takes its row back (`forgiveLoginAttempt`).
 */
export function reserveLoginAttempt(input: { username: string; ip: string; now?: number }): Reservation {
  const now = input.now ?? Date.now();
  return immediate((tx): Reservation => {
    const { until, delayMs } = state(tx, { ...input, now });
    if (until > now) return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    const row = tx
      .insert(loginAttempts)
      .values({ username: normalise(input.username), ip: input.ip, createdAt: new Date(now) })
      .returning({ id: loginAttempts.id })
      .get();
    return { limited: false, attemptId: row.id, delayMs };
  });
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

/** A success: its reserved row goes, and so do the earlier failures of this username from this address. */
export function forgiveLoginAttempt(input: { username: string; ip: string; attemptId?: number }) {
  immediate((tx) => {
    if (input.attemptId !== undefined) tx.delete(loginAttempts).where(eq(loginAttempts.id, input.attemptId)).run();
    tx.delete(loginAttempts)
      .where(and(eq(loginAttempts.username, normalise(input.username)), eq(loginAttempts.ip, input.ip)))
      .run();
  });
}

export function pruneLoginAttempts(now = Date.now()) {
  db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now - LOGIN_WINDOW_MS)))
    .run();
}

// Other tries that need a window (linking a LINE account) share the table under their own key
// (e.g. `line:<userId>`), with an address no client has, so they never count against a sign-in.
const KEYED_IP = "-";

/** Failures under `key` in the window, and when the limit (if reached) lifts. Runs inside the caller's transaction. */
export function keyedThrottle(tx: Db, key: string, limit: number, now = Date.now()) {
  const failures = failureTimes(tx, and(eq(loginAttempts.username, key), eq(loginAttempts.ip, KEYED_IP)), now - LOGIN_WINDOW_MS);
  const until = unblockedAt(failures, limit);
  return {
    failures: failures.length,
    retryAfterSeconds: until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0,
  };
}

export function recordKeyedFailure(tx: Db, key: string, now = Date.now()) {
  tx.insert(loginAttempts).values({ username: key, ip: KEYED_IP, createdAt: new Date(now) }).run();
}

export function clearKeyedFailures(tx: Db, key: string) {
  tx.delete(loginAttempts).where(and(eq(loginAttempts.username, key), eq(loginAttempts.ip, KEYED_IP))).run();
}
