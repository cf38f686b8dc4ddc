// The kiosk's device cookie (ADR 050): a signed, httpOnly cookie holding the kiosk's random token,
// and the guard of the kiosk's own routes.
import { lazySignedCookie } from "~/lib/session.server";
import { kioskForToken, type Kiosk } from "~/models/kiosk/kiosks.server";
import { KIOSK_MESSAGES } from "~/models/kiosk/labels";
import { apiError } from "./answers.server";

export const KIOSK_COOKIE_NAME = "tn_kiosk";
/** The longest a browser keeps a cookie (Chromium's cap): a kiosk is paired once. */
const KIOSK_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const cookie = lazySignedCookie(KIOSK_COOKIE_NAME, KIOSK_COOKIE_MAX_AGE_SECONDS);
export const resetKioskCookieCache = cookie.reset;

export function kioskCookieHeader(token: string) {
  return cookie.get().serialize(token);
}

async function kioskToken(request: Request): Promise<string | null> {
  const value: unknown = await cookie.get().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The kiosk this device is paired as (`revoked` when an admin ended it), for the /kiosk page. */
export async function kioskOfRequest(request: Request): Promise<{ kiosk: Kiosk | null; revoked: boolean }> {
  const token = await kioskToken(request);
  const found = token ? kioskForToken(token) : null;
  return found && "kiosk" in found ? { kiosk: found.kiosk, revoked: false } : { kiosk: null, revoked: !!found };
}

/** The kiosk routes' guard: the paired kiosk, else a thrown 401 (no pairing) or 403 (revoked) in Thai. */
export async function requireKioskApi(request: Request): Promise<Kiosk> {
  const { kiosk, revoked } = await kioskOfRequest(request);
  if (kiosk) return kiosk;
  throw revoked ? apiError(403, KIOSK_MESSAGES.revoked) : apiError(401, KIOSK_MESSAGES.notPaired);
}
