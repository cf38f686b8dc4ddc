import { eq } from "drizzle-orm";
import { employees } from "../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { computeDescriptor, faceDistance } from "~/lib/face.server";
import { deleteUploadAt, storeImage } from "~/lib/uploads.server";
import { hasAudit, recordAudit, type Actor } from "./audit.server";
import { requireEmployee } from "./employee.server";
import { getSetting } from "./settings.server";

export const FACE_MESSAGES = {
  notRegistered: "ยังไม่ได้ลงทะเบียนใบหน้า กรุณาลงทะเบียนใบหน้าก่อน",
} as const;

/**
 * Registers the employee's face from a photo: the server computes the descriptor itself (a
 * descriptor from the browser is never accepted) and keeps the photo beside it.
 */
export async function registerFace(employeeId: number, photo: Uint8Array, actor: Actor) {
  const before = requireEmployee(employeeId);
  const descriptor = await computeDescriptor(photo);
  const stored = await storeImage(photo, "employees");
  db()
    .update(employees)
    .set({ faceDescriptor: descriptor, faceUploadId: stored.id, faceRegisteredAt: new Date(), updatedAt: new Date() })
    .where(eq(employees.id, employeeId))
    .run();
  deleteUploadAt(before.face_url);
  recordAudit({ actor, action: "register_face", entity: "employee", entityId: employeeId, changes: { face_url: stored.url } });
  return { face_registered: true, face_url: stored.url };
}

export type FaceMatch = { distance: number | null; match: 0 | 1; registered: boolean; message?: string };

/**
 * Compares a selfie with the registered face (Euclidean distance, threshold a setting). Without
 * a registered face the answer is match 0 with a prompt to register, never an error.
 */
export async function matchFace(employeeId: number, photo: Uint8Array): Promise<FaceMatch> {
  const row = db()
    .select({ descriptor: employees.faceDescriptor })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .get();
  if (!row) throw new DomainError(404, "ไม่พบพนักงาน");
  if (!row.descriptor) return { distance: null, match: 0, registered: false, message: FACE_MESSAGES.notRegistered };
  const selfie = await computeDescriptor(photo);
  const distance = faceDistance(row.descriptor, selfie);
  return { distance, match: distance < getSetting("face_threshold") ? 1 : 0, registered: true };
}

/** An admin clears the registered face (photo included); the employee registers again from /employee. */
export function resetFace(employeeId: number, actor: Actor) {
  const employee = requireEmployee(employeeId);
  if (!employee.face_registered) throw new DomainError(409, "พนักงานคนนี้ยังไม่ได้ลงทะเบียนใบหน้า");
  db()
    .update(employees)
    .set({ faceDescriptor: null, faceUploadId: null, faceRegisteredAt: null, updatedAt: new Date() })
    .where(eq(employees.id, employeeId))
    .run();
  deleteUploadAt(employee.face_url);
  recordAudit({ actor, action: "reset_face", entity: "employee", entityId: employeeId });
  return requireEmployee(employeeId);
}

/** No face now, and an admin reset one: the employee home asks for a new registration. */
export function faceWasReset(employee: { id: number; face_registered: boolean }) {
  return !employee.face_registered && hasAudit({ entity: "employee", entityId: employee.id, action: "reset_face" });
}
