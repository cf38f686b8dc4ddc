import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { employees } from "../../../db/schema";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { computeDescriptor, countFaces, faceCountRefusal, faceDistance, readSelfie } from "~/lib/face.server";
import { encodeImage } from "~/lib/image.server";
import { deleteUploadAt, saveUpload } from "~/lib/uploads.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireEmployee } from "./employee.server";
import { getSetting } from "~/models/core/settings.server";

export const FACE_MESSAGES = {
  notRegistered: "ยังไม่ได้ลงทะเบียนใบหน้า กรุณาลงทะเบียนใบหน้าก่อน",
  consentRequired: "กรุณาอ่านและกดยินยอมให้เก็บข้อมูลใบหน้าก่อนลงทะเบียนใบหน้า",
  noFaceToReset: "พนักงานคนนี้ยังไม่ได้ลงทะเบียนใบหน้า",
} as const;

function storedConsent(employeeId: number, tx: Db = db()): Date | null {
  return tx.select({ at: employees.faceConsentAt }).from(employees).where(eq(employees.id, employeeId)).get()?.at ?? null;
}

/**
 * Registers the employee's face from a photo: the server computes the descriptor itself (a
 * descriptor from the browser is never accepted) and keeps the photo beside it.
 *
 * A face is biometric data (PDPA s.26): it is only registered with the employee's consent, given
 * now (`consent`, stored as face_consent_at) or stored earlier and not withdrawn since. A new
 * face waits for an admin's confirmation again (face-review.server.ts).
 */
export async function registerFace(employeeId: number, photo: Uint8Array, actor: Actor, { consent }: { consent: boolean }) {
  requireEmployee(employeeId);
  // Refused before the costly decode, and checked again under the lock below.
  if (!consent && !storedConsent(employeeId)) throw consentMissing();
  const descriptor = await computeDescriptor(photo);
  const encoded = await encodeImage(photo);
  return immediate((tx) => {
    const before = requireEmployee(employeeId);
    if (!consent && !storedConsent(employeeId, tx)) throw consentMissing();
    const stored = saveUpload(tx, encoded, "employees", employeeId);
    const now = new Date();
    tx.update(employees)
      .set({
        faceDescriptor: descriptor,
        faceUploadId: stored.id,
        faceRegisteredAt: now,
        faceResetAt: null,
        faceConfirmedAt: null,
        faceConfirmedBy: null,
        ...(consent ? { faceConsentAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(employees.id, employeeId))
      .run();
    deleteUploadAt(before.face_url, tx);
    if (consent) {
      recordAudit({ actor, action: "face_consent", entity: "employee", entityId: employeeId, changes: { face_consent_at: now.toISOString() } });
    }
    recordAudit({ actor, action: "register_face", entity: "employee", entityId: employeeId, changes: { face_url: stored.url } });
    return { face_registered: true, face_url: stored.url };
  });
}

const consentMissing = () => new DomainError(400, FACE_MESSAGES.consentRequired, { consent: FACE_MESSAGES.consentRequired });

/** Largest photo the pre-check reads: the page sends its own ≤ 640 px JPEG (~50–150 kB). */
export const PRECHECK_MAX_BYTES = 1024 * 1024;

export const PRECHECK_MESSAGES = {
  tooLarge: "รูปสำหรับตรวจใบหน้าล่วงหน้าต้องไม่เกิน 1 MB",
} as const;

/** `faces` null: the engine could not say now (busy, starting, failed); then `message` is null too. */
export type FacePrecheck = { faces: number | null; message: string | null };

/**
 * The face pre-check (docs/decisions/036-face-precheck-on-the-server.md): the engine's own count of
 * the faces in a photo, and the text the real submission refuses it with (FACE_ERRORS; a check-in
 * takes it for review instead). No descriptor is computed and nothing is stored or remembered, so
 * the answer proves nothing to the real check, which decodes and looks at the photo again.
 */
export async function precheckFace(photo: Uint8Array): Promise<FacePrecheck> {
  const faces = await countFaces(photo);
  return { faces, message: faces === null ? null : faceCountRefusal(faces) };
}

/** `confirmed`: an admin confirmed the registered face; `liveness`: the selfie's anti-spoof score when the engine gives one. */
export type FaceMatch = {
  distance: number | null;
  match: 0 | 1;
  registered: boolean;
  confirmed: boolean;
  liveness: number | null;
  message?: string;
};

/**
 * Compares a selfie with the registered face (Euclidean distance, threshold a setting) and gives
 * the selfie's liveness score (null when the engine could not score it; the match stands). Without
 * a registered face the answer is match 0 with a prompt to register, never an error.
 */
export async function matchFace(employeeId: number, photo: Uint8Array): Promise<FaceMatch> {
  const row = db()
    .select({ descriptor: employees.faceDescriptor, confirmedAt: employees.faceConfirmedAt })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .get();
  if (!row) throw new DomainError(404, "ไม่พบพนักงาน");
  if (!row.descriptor) {
    return { distance: null, match: 0, registered: false, confirmed: false, liveness: null, message: FACE_MESSAGES.notRegistered };
  }
  const selfie = await readSelfie(photo);
  const distance = faceDistance(row.descriptor, selfie.descriptor);
  return {
    distance,
    match: distance < getSetting("face_threshold") ? 1 : 0,
    registered: true,
    confirmed: row.confirmedAt != null,
    liveness: selfie.liveness,
  };
}

/**
 * Clears the registered face (descriptor, photo, confirmation and the consent given for it)
 * inside the caller's transaction: the employee registers again, consenting again. Withdrawing
 * consent is asked of an admin, who resets the face.
 */
export function clearFace(tx: Db, employeeId: number, faceUrl: string | null, now: Date) {
  tx.update(employees)
    .set({
      faceDescriptor: null,
      faceUploadId: null,
      faceRegisteredAt: null,
      faceResetAt: now,
      faceConfirmedAt: null,
      faceConfirmedBy: null,
      faceConsentAt: null,
      updatedAt: now,
    })
    .where(eq(employees.id, employeeId))
    .run();
  deleteUploadAt(faceUrl, tx);
}

/** An admin clears the registered face (photo included); the employee registers again from /employee. */
export function resetFace(employeeId: number, actor: Actor) {
  immediate((tx) => {
    const employee = requireEmployee(employeeId);
    if (!employee.face_registered) throw new DomainError(409, FACE_MESSAGES.noFaceToReset);
    clearFace(tx, employeeId, employee.face_url, new Date());
    recordAudit({ actor, action: "reset_face", entity: "employee", entityId: employeeId });
  });
  return requireEmployee(employeeId);
}

/** No face now, and an admin reset one: the employee home asks for a new registration. */
export function faceWasReset(employeeId: number): boolean {
  const row = db()
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), isNull(employees.faceDescriptor), isNotNull(employees.faceResetAt)))
    .get();
  return row != null;
}
