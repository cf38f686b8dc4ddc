import { and, desc, eq, isNotNull, lt, ne, or, sql, type AnyColumn } from "drizzle-orm";
import { attendance, machineVisits } from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/db.server";
import {
  impossibleTravel,
  samePoint,
  suspectAccuracy,
  type EvidencePoint,
  type LocationEvidence,
  type LocationFlag,
  type PunchSide,
} from "./location-evidence";

// The location flags' reads (ADR 017's evidence, issue 38): the employee's earlier positions, by
// the indexes on attendance (employee_id, work_date) and machine_visits (employee_id, visited_at).

type Located = EvidencePoint & { accuracy: number | null };

/** The employee's latest days with a position on either side (enough for the last ACCURACY_RUN punches). */
const recentDaysQuery = (d: Db) =>
  d
    .select({
      workDate: attendance.workDate,
      checkinAt: attendance.checkinAt,
      checkinLat: attendance.checkinLat,
      checkinLng: attendance.checkinLng,
      checkinAccuracy: attendance.checkinAccuracy,
      checkoutAt: attendance.checkoutAt,
      checkoutLat: attendance.checkoutLat,
      checkoutLng: attendance.checkoutLng,
      checkoutAccuracy: attendance.checkoutAccuracy,
    })
    .from(attendance)
    .where(and(eq(attendance.employeeId, sql.placeholder("employeeId")), or(isNotNull(attendance.checkinLat), isNotNull(attendance.checkoutLat))))
    .orderBy(desc(attendance.workDate))
    .limit(5);

const lastVisitQuery = (d: Db) =>
  d
    .select({ at: machineVisits.visitedAt, lat: machineVisits.lat, lng: machineVisits.lng, accuracy: machineVisits.accuracy })
    .from(machineVisits)
    .where(
      and(
        eq(machineVisits.employeeId, sql.placeholder("employeeId")),
        lt(machineVisits.visitedAt, sql.placeholder("before")),
        isNotNull(machineVisits.lat),
        isNotNull(machineVisits.lng),
      ),
    )
    .orderBy(desc(machineVisits.visitedAt))
    .limit(1);

const six = (column: AnyColumn) => sql`round(${column}, 6)`;
/** A punch on another work date at the same point to 6 decimals, walking only the employee's rows. */
const samePointQuery = (d: Db) =>
  d
    .select({
      workDate: attendance.workDate,
      checkinLat: attendance.checkinLat,
      checkinLng: attendance.checkinLng,
      checkoutLat: attendance.checkoutLat,
      checkoutLng: attendance.checkoutLng,
    })
    .from(attendance)
    .where(
      and(
        eq(attendance.employeeId, sql.placeholder("employeeId")),
        ne(attendance.workDate, sql.placeholder("workDate")),
        or(
          and(sql`${six(attendance.checkinLat)} = round(${sql.placeholder("lat")}, 6)`, sql`${six(attendance.checkinLng)} = round(${sql.placeholder("lng")}, 6)`),
          and(sql`${six(attendance.checkoutLat)} = round(${sql.placeholder("lat")}, 6)`, sql`${six(attendance.checkoutLng)} = round(${sql.placeholder("lng")}, 6)`),
        ),
      ),
    )
    .orderBy(desc(attendance.workDate))
    .limit(1);

/** The reads' SQL, for the test that keeps them on their indexes. */
export const locationQueries = (d: Db) => [recentDaysQuery(d), lastVisitQuery(d), samePointQuery(d)].map((q) => q.toSQL());

const recentDays = preparedQuery((d) => recentDaysQuery(d).prepare());
const lastVisit = preparedQuery((d) => lastVisitQuery(d).prepare());
const samePointElsewhere = preparedQuery((d) => samePointQuery(d).prepare());

type DayRow = ReturnType<ReturnType<typeof recentDays>["all"]>[number];

/** The punch sides of the employee's recent days that have a position and came before `before`, newest first. */
function earlierPunches(rows: DayRow[], before: Date): Located[] {
  const sides: Located[] = [];
  for (const r of rows) {
    const pairs = [
      [r.checkinAt, r.checkinLat, r.checkinLng, r.checkinAccuracy, "checkin"],
      [r.checkoutAt, r.checkoutLat, r.checkoutLng, r.checkoutAccuracy, "checkout"],
    ] as const;
    for (const [at, lat, lng, accuracy, kind] of pairs) {
      if (at && lat != null && lng != null && at.getTime() < before.getTime()) sides.push({ lat, lng, accuracy, at: at.toISOString(), kind });
    }
  }
  return sides.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** The employee's latest position before `before`: a punch side or a cabinet visit, whichever came last. */
function previousPosition(employeeId: number, punches: Located[], before: Date): Located | null {
  const visit = lastVisit().get({ employeeId, before: before.getTime() });
  const fromVisit: Located | null =
    visit && visit.lat != null && visit.lng != null ? { lat: visit.lat, lng: visit.lng, accuracy: visit.accuracy, at: visit.at.toISOString(), kind: "visit" } : null;
  const [punch] = punches;
  if (!punch) return fromVisit;
  if (!fromVisit) return punch;
  return Date.parse(fromVisit.at) > Date.parse(punch.at) ? fromVisit : punch;
}

export type Position = { lat: number; lng: number; accuracy: number | null; at: Date };
export type LocationCheck = { flags: LocationFlag[]; evidence: LocationEvidence };

function collect(evidence: LocationEvidence): LocationCheck {
  const flags = (Object.keys(evidence) as LocationFlag[]).filter((f) => evidence[f] !== undefined);
  return { flags, evidence };
}

/**
 * The location flags of a check-in or check-out with a position, and what each saw:
 * impossible_travel (against the employee's previous punch or visit), repeated_position (the same
 * point as a punch on another day), position_accuracy_suspect (the same accuracy over the last
 * ACCURACY_RUN punches, or below 1 m). Read before the check-in's transaction: evidence, not a rule
 * that needs the lock.
 */
export function punchLocationCheck(employeeId: number, punch: Position & { side: PunchSide; workDate: string }): LocationCheck {
  const here: Located = { lat: punch.lat, lng: punch.lng, accuracy: punch.accuracy, at: punch.at.toISOString(), kind: punch.side };
  const punches = earlierPunches(recentDays().all({ employeeId }), punch.at);
  const evidence: LocationEvidence = {};

  const previous = previousPosition(employeeId, punches, punch.at);
  const travel = previous ? impossibleTravel(previous, here) : null;
  if (travel) evidence.impossible_travel = travel;

  const repeated = samePointElsewhere().get({ employeeId, workDate: punch.workDate, lat: punch.lat, lng: punch.lng });
  if (repeated) {
    const checkin = repeated.checkinLat != null && repeated.checkinLng != null ? { lat: repeated.checkinLat, lng: repeated.checkinLng } : null;
    const checkout = repeated.checkoutLat != null && repeated.checkoutLng != null ? { lat: repeated.checkoutLat, lng: repeated.checkoutLng } : null;
    const [side, point] = checkin && samePoint(checkin, punch) ? (["checkin", checkin] as const) : (["checkout", checkout ?? punch] as const);
    evidence.repeated_position = { date: repeated.workDate, side, lat: point.lat, lng: point.lng };
  }

  if (punch.accuracy !== null) {
    const earlier = punches.flatMap((p) => (p.accuracy === null ? [] : [p.accuracy]));
    const accuracy = suspectAccuracy([punch.accuracy, ...earlier]);
    if (accuracy) evidence.position_accuracy_suspect = accuracy;
  }
  return collect(evidence);
}

/** A cabinet visit's location flag: impossible_travel against the employee's previous punch or visit. */
export function visitLocationCheck(employeeId: number, visit: Position): LocationCheck {
  const here: Located = { lat: visit.lat, lng: visit.lng, accuracy: visit.accuracy, at: visit.at.toISOString(), kind: "visit" };
  const punches = earlierPunches(recentDays().all({ employeeId }), visit.at);
  const previous = previousPosition(employeeId, punches, visit.at);
  const travel = previous ? impossibleTravel(previous, here) : null;
  return collect(travel ? { impossible_travel: travel } : {});
}
