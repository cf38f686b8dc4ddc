// The kiosk shows the server's time and asks for its next QR on the server's clock: a tablet's own
// clock is often wrong and nobody sets it.

/** An HTTP Date header counts whole seconds: the server's instant is, on average, half a second past it. */
const DATE_HEADER_MIDPOINT_MS = 500;

/** The server's clock minus the device's, from an answer's `Date` header received at `receivedAt`; null without one. */
export function serverOffset(dateHeader: string | null, receivedAt: number): number | null {
  if (!dateHeader) return null;
  const at = Date.parse(dateHeader);
  return Number.isNaN(at) ? null : at + DATE_HEADER_MIDPOINT_MS - receivedAt;
}

/** Ask again this long after the code's step has turned (the next code exists by then). */
export const AFTER_TURN_MS = 300;
/** However wrong the clocks, no sooner than this and no later than one step. */
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait, on this device, before asking for the next QR: until `expires_at` on the
 * server's clock (then the next code exists, and the one on screen is still accepted for one more
 * step, so a scan at the turn counts).
 */
export function nextFetchDelay(expiresAt: string, offsetMs: number, deviceNow: number): number {
  const wait = Date.parse(expiresAt) - (deviceNow + offsetMs) + AFTER_TURN_MS;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, wait));
}

/** Retry a failed fetch this often while the kiosk is offline. */
export const OFFLINE_RETRY_MS = 5_000;
