import { attendance } from "../../../db/schema";
import type { Geofence } from "~/lib/geo";
import { uploadUrl } from "~/lib/uploads.server";

export type AttendanceRow = typeof attendance.$inferSelect;

const photoUrl = (id: string | null) => (id ? uploadUrl("checkinouts", id) : null);
const time = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A side checked in from the phone (it has a position) that took a selfie (no `no_selfie` flag)
 * but has no photo any more: the retention job deleted it (selfie-retention.server.ts). With
 * `no_selfie` on the day, which side went without cannot be told, so neither says purged.
 */
function photoPurged(r: AttendanceRow, side: "checkin" | "checkout"): boolean {
  const [at, lat, photo] =
    side === "checkin" ? [r.checkinAt, r.checkinLat, r.checkinPhotoUploadId] : [r.checkoutAt, r.checkoutLat, r.checkoutPhotoUploadId];
  return at != null && lat != null && photo == null && !r.flags.includes("no_selfie");
}

/** A side's proof of presence; a record from before proofs were kept, with a position, was the GPS. */
const proofOf = (proof: AttendanceRow["checkinProof"], lat: number | null) => proof ?? (lat != null ? "gps" : null);

/** The API's record (snake_case, times as ISO instants), for employees and admins alike. */
export function toAttendanceDto(r: AttendanceRow) {
  return {
    id: r.id,
    employee_id: r.employeeId,
    work_date: r.workDate,
    checkin_at: time(r.checkinAt),
    checkin_lat: r.checkinLat,
    checkin_lng: r.checkinLng,
    checkin_accuracy: r.checkinAccuracy,
    checkin_distance_m: r.checkinDistanceM,
    checkin_office: r.checkinOffice,
    checkin_geofence: r.checkinGeofence,
    checkin_address: r.checkinAddress,
    checkin_photo_url: photoUrl(r.checkinPhotoUploadId),
    checkin_photo_purged: photoPurged(r, "checkin"),
    checkin_match: r.checkinMatch,
    checkin_face_distance: r.checkinFaceDistance,
    checkin_proof: proofOf(r.checkinProof, r.checkinLat),
    checkin_liveness: r.checkinLiveness,
    checkout_at: time(r.checkoutAt),
    checkout_lat: r.checkoutLat,
    checkout_lng: r.checkoutLng,
    checkout_accuracy: r.checkoutAccuracy,
    checkout_distance_m: r.checkoutDistanceM,
    checkout_office: r.checkoutOffice,
    checkout_geofence: r.checkoutGeofence,
    checkout_address: r.checkoutAddress,
    checkout_photo_url: photoUrl(r.checkoutPhotoUploadId),
    checkout_photo_purged: photoPurged(r, "checkout"),
    checkout_match: r.checkoutMatch,
    checkout_face_distance: r.checkoutFaceDistance,
    checkout_proof: proofOf(r.checkoutProof, r.checkoutLat),
    checkout_liveness: r.checkoutLiveness,
    late_minutes: r.lateMinutes,
    early_minutes: r.earlyMinutes,
    flags: r.flags,
    /** What each location flag saw (its two points, the distance and the minutes between them), by flag. */
    flag_evidence: r.flagEvidence,
    review_status: r.reviewStatus,
    /** Each side's own review (ADR 043); review_status sums them up. */
    checkin_review: r.checkinReview,
    checkout_review: r.checkoutReview,
    review_note: r.reviewNote,
    reviewed_at: time(r.reviewedAt),
    checked: r.checked === 1 ? 1 : 0,
    /** The times were changed by a correction (the originals are kept with it). */
    corrected: r.correctedAt != null,
  };
}
export type AttendanceDto = ReturnType<typeof toAttendanceDto>;

/** One side of the day (check-in or check-out) as the model decided it. */
export type Side = {
  at: Date;
  /** Null for a check-in placed by the office QR without a position. */
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  distanceM: number | null;
  office: string;
  geofence: Geofence;
  address: string | null;
  photoUploadId: string | null;
  match: 0 | 1 | null;
  faceDistance: number | null;
  clientTime: Date;
  positionAt: Date | null;
  proof: "gps" | "qr" | "pin";
  liveness: number | null;
};

const SIDE_COLUMNS = [
  "At",
  "Lat",
  "Lng",
  "Accuracy",
  "DistanceM",
  "Office",
  "Geofence",
  "Address",
  "PhotoUploadId",
  "Match",
  "FaceDistance",
  "ClientTime",
  "PositionAt",
  "Proof",
  "Liveness",
] as const;

/** The column keys `sideColumns(prefix, …)` fills. */
export const sideColumnKeys = <P extends "checkin" | "checkout">(prefix: P) =>
  SIDE_COLUMNS.map((column) => `${prefix}${column}` as const);

/** A side's values under its prefix's column names. */
export function sideColumns(prefix: "checkin" | "checkout", s: Side): Partial<AttendanceRow> {
  if (prefix === "checkin") {
    return {
      checkinAt: s.at,
      checkinLat: s.lat,
      checkinLng: s.lng,
      checkinAccuracy: s.accuracy,
      checkinDistanceM: s.distanceM,
      checkinOffice: s.office,
      checkinGeofence: s.geofence,
      checkinAddress: s.address,
      checkinPhotoUploadId: s.photoUploadId,
      checkinMatch: s.match,
      checkinFaceDistance: s.faceDistance,
      checkinClientTime: s.clientTime,
      checkinPositionAt: s.positionAt,
      checkinProof: s.proof,
      checkinLiveness: s.liveness,
    };
  }
  return {
    checkoutAt: s.at,
    checkoutLat: s.lat,
    checkoutLng: s.lng,
    checkoutAccuracy: s.accuracy,
    checkoutDistanceM: s.distanceM,
    checkoutOffice: s.office,
    checkoutGeofence: s.geofence,
    checkoutAddress: s.address,
    checkoutPhotoUploadId: s.photoUploadId,
    checkoutMatch: s.match,
    checkoutFaceDistance: s.faceDistance,
    checkoutClientTime: s.clientTime,
    checkoutPositionAt: s.positionAt,
    checkoutProof: s.proof,
    checkoutLiveness: s.liveness,
  };
}
