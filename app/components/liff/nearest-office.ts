import type { Office } from "./checkin-types";

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (for the hint only: the server measures again). */
function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function nearestOffice(point: { lat: number; lng: number }, offices: readonly Office[]) {
  let best: { office: Office; distance: number } | null = null;
  for (const office of offices) {
    const distance = distanceM(point, office);
    if (!best || distance < best.distance) best = { office, distance };
  }
  return best;
}
