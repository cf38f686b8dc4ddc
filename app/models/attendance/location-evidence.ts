import { haversineMeters, type Point } from "~/lib/geo";

// The location flags' pure rules and the shape of what they saw (client-safe: the review queue and
// the cabinet pages read the same evidence the server wrote). The reads are in
// location-evidence.server.ts.

/** Faster than this between two positions is not a trip a person makes between two punches. */
export const MAX_TRAVEL_KMH = 150;
/**
 * Two positions closer than this are never "fast", however close in time: a few hundred metres of
 * GPS noise a minute apart would otherwise look like hundreds of km/h.
 */
export const MIN_TRAVEL_M = 1000;
/** The same accuracy this many punches in a row (this one included) is not a real GPS reading. */
export const ACCURACY_RUN = 5;
/** No phone's GPS in a browser reports better than this. */
export const MIN_REAL_ACCURACY_M = 1;

export const LOCATION_FLAGS = ["impossible_travel", "repeated_position", "position_accuracy_suspect"] as const;
export type LocationFlag = (typeof LOCATION_FLAGS)[number];

export type PunchSide = "checkin" | "checkout";
export type PointKind = PunchSide | "visit";

/** A recorded position: where, when (ISO instant), and what recorded it. */
export type EvidencePoint = Point & { at: string; kind: PointKind };

export type TravelEvidence = { from: EvidencePoint; to: EvidencePoint; distance_m: number; minutes: number; speed_kmh: number };
/** The earlier punch on another day with the very same point (to 6 decimals). */
export type RepeatedEvidence = { date: string; side: PunchSide; lat: number; lng: number };
/** The accuracies (metres) of the employee's latest punches, this one first; `rule` says which rule caught them. */
export type AccuracyEvidence = { accuracies: number[]; rule: "same" | "below_1m" };

export type LocationEvidence = {
  impossible_travel?: TravelEvidence;
  repeated_position?: RepeatedEvidence;
  position_accuracy_suspect?: AccuracyEvidence;
};

/**
 * An attendance record's `flag_evidence`: by flag code, then by the side that raised it (both sides
 * of a day often raise the same flag: a spoofing app replays its point at check-in and check-out).
 */
export type RecordEvidence = { [F in LocationFlag]?: { [S in PunchSide]?: NonNullable<LocationEvidence[F]> } };

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The trip between two positions when it is impossible, else null. The distance judged is the
 * least the two readings allow (their accuracy circles taken off), so a coarse reading is not a
 * trip; it must be at least MIN_TRAVEL_M and faster than MAX_TRAVEL_KMH. The evidence gives the
 * measured distance and speed. Two readings at the same instant count as one second apart.
 */
export function impossibleTravel(
  from: EvidencePoint & { accuracy: number | null },
  to: EvidencePoint & { accuracy: number | null },
): TravelEvidence | null {
  const distance = haversineMeters(from, to);
  const least = distance - (from.accuracy ?? 0) - (to.accuracy ?? 0);
  const seconds = Math.max(1, (Date.parse(to.at) - Date.parse(from.at)) / 1000);
  if (least < MIN_TRAVEL_M || (least / seconds) * 3.6 <= MAX_TRAVEL_KMH) return null;
  const point = ({ lat, lng, at, kind }: EvidencePoint): EvidencePoint => ({ lat, lng, at, kind });
  return {
    from: point(from),
    to: point(to),
    distance_m: Math.round(distance),
    minutes: round(seconds / 60, 1),
    speed_kmh: round((distance / seconds) * 3.6, 1),
  };
}

/** The same point to 6 decimals (about 11 cm): what a replayed fake position gives, never two real readings. */
export const samePoint = (a: Point, b: Point) => round(a.lat, 6) === round(b.lat, 6) && round(a.lng, 6) === round(b.lng, 6);

/** `accuracies`: this punch's first, then the employee's earlier punches, newest first. */
export function suspectAccuracy(accuracies: readonly number[]): AccuracyEvidence | null {
  const [current] = accuracies;
  if (current === undefined) return null;
  if (current < MIN_REAL_ACCURACY_M) return { accuracies: [current], rule: "below_1m" };
  const run = accuracies.slice(0, ACCURACY_RUN);
  if (run.length === ACCURACY_RUN && run.every((a) => a === current)) return { accuracies: run, rule: "same" };
  return null;
}

/** Adds one side's evidence to a record's (the check-out's beside the check-in's). */
export function withSideEvidence(current: Record<string, unknown>, side: PunchSide, evidence: LocationEvidence): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const flag of LOCATION_FLAGS) {
    const e = evidence[flag];
    if (!e) continue;
    const before = merged[flag];
    merged[flag] = { ...(isObject(before) ? before : {}), [side]: e };
  }
  return merged;
}

// Reading the stored JSON back (the record's `flag_evidence` is untyped JSON in the API).

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isKind = (v: unknown): v is PointKind => v === "checkin" || v === "checkout" || v === "visit";
const isSide = (v: unknown): v is PunchSide => v === "checkin" || v === "checkout";

function pointOf(v: unknown): EvidencePoint | null {
  if (!isObject(v) || !isNumber(v.lat) || !isNumber(v.lng) || typeof v.at !== "string" || !isKind(v.kind)) return null;
  return { lat: v.lat, lng: v.lng, at: v.at, kind: v.kind };
}

function travelOf(v: unknown): TravelEvidence | null {
  if (!isObject(v) || !isNumber(v.distance_m) || !isNumber(v.minutes) || !isNumber(v.speed_kmh)) return null;
  const from = pointOf(v.from);
  const to = pointOf(v.to);
  return from && to ? { from, to, distance_m: v.distance_m, minutes: v.minutes, speed_kmh: v.speed_kmh } : null;
}

function repeatedOf(v: unknown): RepeatedEvidence | null {
  if (!isObject(v) || typeof v.date !== "string" || !isSide(v.side) || !isNumber(v.lat) || !isNumber(v.lng)) return null;
  return { date: v.date, side: v.side, lat: v.lat, lng: v.lng };
}

function accuracyOf(v: unknown): AccuracyEvidence | null {
  if (!isObject(v) || !Array.isArray(v.accuracies) || (v.rule !== "same" && v.rule !== "below_1m")) return null;
  const accuracies = v.accuracies.filter(isNumber);
  return accuracies.length === v.accuracies.length ? { accuracies, rule: v.rule } : null;
}

/** One evidence object (a cabinet visit's, or one side's of a record) as far as it is well formed. */
export function readEvidence(v: unknown): LocationEvidence {
  if (!isObject(v)) return {};
  const out: LocationEvidence = {};
  const travel = travelOf(v.impossible_travel);
  const repeated = repeatedOf(v.repeated_position);
  const accuracy = accuracyOf(v.position_accuracy_suspect);
  if (travel) out.impossible_travel = travel;
  if (repeated) out.repeated_position = repeated;
  if (accuracy) out.position_accuracy_suspect = accuracy;
  return out;
}

/** What one side of a record raised, from the record's `flag_evidence`. */
export function sideEvidence(flagEvidence: unknown, side: PunchSide): LocationEvidence {
  if (!isObject(flagEvidence)) return {};
  const bySide: Record<string, unknown> = {};
  for (const flag of LOCATION_FLAGS) {
    const entry = flagEvidence[flag];
    if (isObject(entry)) bySide[flag] = entry[side];
  }
  return readEvidence(bySide);
}
