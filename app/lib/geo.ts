// Pure geometry for the check-in (client-safe: the LIFF page shows the same distance the server decides on).

export type Point = { lat: number; lng: number };
export type Geofence = "inside" | "outside" | "uncertain";
export type OfficeArea = Point & { name: string; radius_m: number };

const EARTH_RADIUS_M = 6_371_008.8; // mean Earth radius (IUGG)
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversineMeters(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The office whose fence edge is nearest (distance minus radius), so a point inside a large
 * office's fence is not judged against a small office whose centre is merely closer. Null
 * without offices.
 */
export function nearestOffice<O extends OfficeArea>(offices: readonly O[], point: Point): { office: O; distance: number } | null {
  let best: { office: O; distance: number } | null = null;
  for (const office of offices) {
    const distance = haversineMeters(office, point);
    if (!best || distance - office.radius_m < best.distance - best.office.radius_m) best = { office, distance };
  }
  return best;
}

/**
 * With the position's accuracy (metres, the radius of its uncertainty): inside only when the whole
 * accuracy circle is within the fence, outside only when all of it is beyond, else uncertain.
 */
export function classifyGeofence(distance: number, accuracy: number, radius: number): Geofence {
  if (distance + accuracy <= radius) return "inside";
  if (distance - accuracy > radius) return "outside";
  return "uncertain";
}

/** A distance or radius as the Thai messages write it: whole metres with thousands separators. */
export const metresText = (metres: number) => Math.round(metres).toLocaleString("en-US");

/** A recorded position on Google Maps (a search link; the app on a phone), null without one. */
export function mapLink(lat: number | null, lng: number | null) {
  return lat == null || lng == null ? null : `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** A point on Google Maps (opens the app on a phone). */
export const mapUrl = (lat: number, lng: number) => `https://www.google.com/maps?q=${lat},${lng}`;
