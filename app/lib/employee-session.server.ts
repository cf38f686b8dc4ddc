import { isLineConfigured } from "./line.server";
import { lazySignedCookie } from "./session.server";

/** A LINE user whose identity the server verified (with LINE, or as a demo user in demo mode). */
export type LineIdentity = { lineUserId: string; name: string; picture: string | null; demo: boolean };

export const EMPLOYEE_COOKIE_NAME = "tn_emp";
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Separate from the admin cookie: holds the verified LINE identity, signed, so later calls skip LINE. */
const employee = lazySignedCookie(EMPLOYEE_COOKIE_NAME, MAX_AGE_SECONDS);
export const employeeCookie = employee.get;

// The signed values of the Cookie headers seen last. Checking the signature (an HMAC, base64 and
// JSON) on every request of a phone that sends the same header each time cost as much as a
// check-in's queries. Only headers that verified are kept; the age is checked on every read.
const verified = new Map<string, unknown>();
const MAX_VERIFIED = 1_000;

export function resetEmployeeCookieCache() {
  employee.reset();
  verified.clear();
}

async function verifiedValue(header: string | null): Promise<unknown> {
  if (!header) return null;
  if (verified.has(header)) return verified.get(header);
  const value: unknown = await employeeCookie().parse(header);
  if (value) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(header, value);
  }
  return value;
}

export function commitLineIdentity(identity: LineIdentity) {
  return employeeCookie().serialize({ ...identity, iat: Date.now() });
}

export async function readLineIdentity(request: Request): Promise<LineIdentity | null> {
  const value = await verifiedValue(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<LineIdentity> & { iat?: number };
  if (typeof v.lineUserId !== "string" || !v.lineUserId) return null;
  if (typeof v.iat !== "number" || Date.now() - v.iat > MAX_AGE_SECONDS * 1000) return null;
  // A demo identity stops counting the moment a LINE channel is configured.
  if (v.demo && isLineConfigured()) return null;
  return { lineUserId: v.lineUserId, name: v.name ?? "", picture: v.picture ?? null, demo: Boolean(v.demo) };
}
