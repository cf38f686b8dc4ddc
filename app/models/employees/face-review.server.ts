// New face registrations wait once for an admin to confirm the registered face is the employee's.
import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, keptUntilWrite } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { uploadUrl } from "~/lib/uploads.server";
import { cleanText, PageFields, pageOffset, type Page } from "~/lib/validation";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { briefEmployeeColumns, employeeBrief } from "./brief.server";
import { requireEmployee, workingOn } from "./employee.server";
import { clearFace, FACE_MESSAGES } from "./face.server";

export const FACE_REVIEW_MESSAGES = {
  alreadyConfirmed: "ยืนยันใบหน้านี้แล้ว",
  changed: "พนักงานลงทะเบียนใบหน้าใหม่แล้ว กรุณาตรวจรูปล่าสุดอีกครั้ง",
} as const;

export const FaceReviewQuery = z.object(PageFields);
export type FaceReviewQuery = z.infer<typeof FaceReviewQuery>;

export const FaceReviewDecisionSchema = z.strictObject(
  {
    decision: z.enum(["confirm", "reject"], {
      error: "กรุณาเลือกผลการตรวจใบหน้า (confirm หรือ reject)",
    }),
    note: cleanText({ label: "หมายเหตุ", max: 500, multiline: true })
      .optional()
      .default(""),
    /** The face the admin looked at: a newer registration since then is a 409, not a blind confirm. */
    face_url: z
      .string({ error: "face_url ไม่ถูกต้อง" })
      .max(200, "face_url ไม่ถูกต้อง")
      .optional(),
  },
  { error: "ข้อมูลการตรวจใบหน้าไม่ถูกต้อง" }
);
export type FaceReviewDecision = z.infer<typeof FaceReviewDecisionSchema>;

export type FaceReviewItem = {
  employee: {
    id: number;
    code: string;
    full_name: string;
    position: string;
    photo_url: string | null;
  };
  face_url: string;
  face_registered_at: string | null;
  face_consent_at: string | null;
};

/** Working employees with a registered face no admin has confirmed yet. */
const pending = (today = workDate()) =>
  and(
    isNotNull(employees.faceDescriptor),
    isNotNull(employees.faceUploadId),
    isNull(employees.faceConfirmedAt),
    workingOn(today)
  );

/** Faces waiting for confirmation, the longest-waiting first, paged. */
export function listFaceReviews(query: FaceReviewQuery): Page<FaceReviewItem> {
  const where = pending();
  const total =
    db().select({ n: count() }).from(employees).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      ...briefEmployeeColumns,
      faceUploadId: employees.faceUploadId,
      faceRegisteredAt: employees.faceRegisteredAt,
      faceConsentAt: employees.faceConsentAt,
    })
    .from(employees)
    .where(where)
    .orderBy(asc(employees.faceRegisteredAt), asc(employees.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all();
  const items = rows.flatMap((e) => {
    if (!e.faceUploadId) return [];
    return [
      {
        employee: employeeBrief(e),
        face_url: uploadUrl("employees", e.faceUploadId),
        face_registered_at: e.faceRegisteredAt?.toISOString() ?? null,
        face_consent_at: e.faceConsentAt?.toISOString() ?? null,
      },
    ];
  });
  return { items, total, page: query.page, page_size: query.page_size };
}

/** How many faces wait for confirmation (part of the review tab's badge); kept until a write. */
export function pendingFaceReviewCount(): number {
  const today = workDate();
  return keptUntilWrite("pending face reviews", today, () => db().select({ n: count() }).from(employees).where(pending(today)).get()?.n ?? 0);
}

/**
 * Confirms the registered face is the employee's, or rejects it: a rejected face is cleared as
 * an admin reset does, so the employee must register (and consent) again. 409 without a face,
 * for a face already confirmed, or when the face changed since the admin looked (`face_url`).
 * Audit-logged with the note.
 */
export function reviewFace(
  employeeId: number,
  input: FaceReviewDecision,
  actor: Actor
) {
  return immediate((tx) => {
    const employee = requireEmployee(employeeId);
    if (!employee.face_registered || !employee.face_url)
      throw new DomainError(409, FACE_MESSAGES.noFaceToReset);
    const row = tx
      .select({ confirmedAt: employees.faceConfirmedAt })
      .from(employees)
      .where(eq(employees.id, employeeId))
      .get();
    if (row?.confirmedAt)
      throw new DomainError(409, FACE_REVIEW_MESSAGES.alreadyConfirmed);
    if (input.face_url !== undefined && input.face_url !== employee.face_url)
      throw new DomainError(409, FACE_REVIEW_MESSAGES.changed);
    const now = new Date();
    const note = input.note || null;
    if (input.decision === "confirm") {
      tx.update(employees)
        .set({
          faceConfirmedAt: now,
          faceConfirmedBy: actor.type === "admin" ? actor.id ?? null : null,
          updatedAt: now,
        })
        .where(eq(employees.id, employeeId))
        .run();
      recordAudit({
        actor,
        action: "confirm_face",
        entity: "employee",
        entityId: employeeId,
        changes: { face_url: employee.face_url, note },
      });
    } else {
      clearFace(tx, employeeId, employee.face_url, now);
      recordAudit({
        actor,
        action: "reject_face",
        entity: "employee",
        entityId: employeeId,
        changes: { face_url: employee.face_url, note },
      });
    }
    return { employee: requireEmployee(employeeId), decision: input.decision };
  });
}
