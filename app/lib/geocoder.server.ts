// Reverse geocoding for check-ins (DESIGN.md §5: a Nominatim-compatible GEOCODER_URL). Best effort:
// the address is evidence for an admin, so a failure leaves it empty and never fails or holds up
// the check-in beyond the timeout.
import { env } from "./env.server";
import { logger } from "./log.server";

export const GEOCODER_TIMEOUT_MS = 2000;
const MAX_ADDRESS_LENGTH = 300;

type FailureKind = "timeout" | "network" | "http" | "answer";
const warned = new Set<FailureKind>();

function warnOnce(kind: FailureKind, detail: string) {
  if (warned.has(kind)) return;
  warned.add(kind);
  logger.warn(`Reverse geocoding failed (${kind}): ${detail}; check-ins are stored without an address.`);
}

/** The display address of a position in Thai, or null (not configured, or any failure). */
export async function reverseGeocode(lat: number, lng: number, timeoutMs = GEOCODER_TIMEOUT_MS): Promise<string | null> {
  const base = env().GEOCODER_URL;
  if (!base) return null;
  const url = new URL("reverse", base.endsWith("/") ? base : `${base}/`);
  url.search = new URLSearchParams({ format: "jsonv2", lat: String(lat), lon: String(lng), "accept-language": "th" }).toString();
  // One signal for the whole exchange: a server that sends headers and then stalls the body is cut off too.
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (error) {
    const timedOut = signal.aborted;
    warnOnce(timedOut ? "timeout" : "network", timedOut ? `no answer within ${timeoutMs} ms` : String(error));
    return null;
  }
  try {
    if (!response.ok) {
      await response.body?.cancel();
      warnOnce("http", `HTTP ${response.status}`);
      return null;
    }
    const body: unknown = await response.json();
    const name = body && typeof body === "object" && "display_name" in body ? body.display_name : null;
    if (typeof name !== "string" || name.trim() === "") {
      warnOnce("answer", "no display_name in the answer");
      return null;
    }
    return name.trim().slice(0, MAX_ADDRESS_LENGTH);
  } catch (error) {
    warnOnce(signal.aborted ? "timeout" : "answer", String(error));
    return null;
  }
}

export function resetGeocoderWarningsForTests() {
  warned.clear();
}
