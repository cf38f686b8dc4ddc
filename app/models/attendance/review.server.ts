import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { attendance, employees, REVIEW_STATUSES } from "../../../db/schema";
import { db, immediate, keptUntilWrite } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { uploadUrl } from "~/lib/uploads.server";
import { cleanText, formFlag, PageFields, pageOffset, type Page } from "~/lib/validation";
import { toAttendanceDto, type AttendanceDto, type AttendanceRow } from "./dto.server";
import { recomputeDay } from "./ledger.server";
import { REVIEW_SIDE_LABELS, REVIEW_SIDES, reviewSummary, type ReviewSide } from "./review-state";
import type { Actor } from "~/models/audit/audit.server";
import { recordAudit } from "~/models/audit/audit.server";
import { employeeBrief } from "~/models/employees/brief.server";

const NOT_FOUND = "ไม่พบรายการลงเวลา";
const NOT_PENDING = "รายการนี้ไม่ได้รอการตรวจสอบแล้ว";
export const REVIEW_MESSAGES = {
  notPending: NOT_PENDING,
  sideNotPending: (side: ReviewSide) => `${REVIEW_SIDE_LABELS[side]}ของรายการนี้ไม่ได้รอการตรวจสอบ`,
  badSide: "ด้านที่ตรวจสอบต้องเป็น in (เวลาเข้า) หรือ out (เวลาออก)",
} as const;

export const ReviewListQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === undefined ? "pending" : v),
    z.enum(REVIEW_STATUSES.filter((s) => s !== "none") as ["pending", "accepted", "rejected"], {
      error: "สถานะการตรวจสอบต้องเป็น pending, accepted หรือ rejected",
    }),
  ),
  ...PageFields,
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewDecisionSchema = z.strictObject(
  {
    decision: z.enum(["accept", "reject"], { error: "กรุณาเลือกผลการตรวจสอบ (accept หรือ reject)" }),
    note: cleanText({ label: "หมายเหตุ", max: 500, multiline: true }).optional().default(""),
    /** Only this side (in: the check-in, out: the check-out); without it every pending side is decided. */
    side: z.enum(REVIEW_SIDES, { error: REVIEW_MESSAGES.badSide }).optional(),
  },
  { error: "ข้อมูลการตรวจสอบไม่ถูกต้อง" },
);
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const CheckedSchema = z.strictObject(
  { checked: formFlag },
  { error: "ข้อมูลการตรวจแล้วไม่ถูกต้อง" },
);

export type ReviewItem = {
  employee: {
    id: number;
    code: string;
    full_name: string;
    position: string;
    photo_url: string | null;
    face_url: string | null;
  };
  record: AttendanceDto;
};

/**
 * Records by review status (pending first of all: the queue), newest work date first, paged.
 * The (review_status, work_date) index serves both the filter and the order. Kept until a write.
 */
export function listReviews(query: ReviewListQuery): Page<ReviewItem> {
  return keptUntilWrite("review queue", `${query.status}|${query.page}|${query.page_size}`, () => readReviews(query));
}

function readReviews(query: ReviewListQuery): Page<ReviewItem> {
  const where = eq(attendance.reviewStatus, query.status);
  const total = db().select({ n: count() }).from(attendance).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ a: attendance, e: employees })
    .from(attendance)
    .innerJoin(employees, eq(employees.id, attendance.employeeId))
    .where(where)
    .orderBy(desc(attendance.workDate), desc(attendance.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all();
  const items = rows.map(({ a, e }) => ({
    employee: { ...employeeBrief(e), face_url: e.faceUploadId ? uploadUrl("employees", e.faceUploadId) : null },
    record: toAttendanceDto(a),
  }));
  return { items, total, page: query.page, page_size: query.page_size };
}

/** How many records wait for review (the tab's badge); kept until a write. */
export function pendingReviewCount(): number {
  return keptUntilWrite("pending reviews", "", () => db().select({ n: count() }).from(attendance).where(eq(attendance.reviewStatus, "pending")).get()?.n ?? 0);
}

function requireRow(id: number, tx = db()) {
  const row = tx.select().from(attendance).where(eq(attendance.id, id)).get();
  if (!row) throw new DomainError(404, NOT_FOUND);
  return row;
}

const pendingSides = (row: AttendanceRow): ReviewSide[] =>
  REVIEW_SIDES.filter((side) => (side === "in" ? row.checkinReview : row.checkoutReview) === "pending");

/**
 * Accepts or rejects a record's pending sides: `side` decides only that one (409 when it is not
 * pending), without it every pending side (409 when none is, e.g. another admin decided first).
 * A rejected check-in leaves an absence, a rejected check-out a day without a check-out whose
 * check-in stands (ADR 043). review_status sums the sides up again, and the day's ledger row is
 * recomputed in the same transaction. Audit-logged with the sides decided.
 */
export function reviewAttendance(id: number, input: ReviewDecision, actor: Actor, now: Date = new Date()): AttendanceDto {
  return immediate((tx) => {
    const row = requireRow(id, tx);
    const pending = pendingSides(row);
    if (input.side && !pending.includes(input.side)) throw new DomainError(409, REVIEW_MESSAGES.sideNotPending(input.side));
    const sides = input.side ? [input.side] : pending;
    if (sides.length === 0) throw new DomainError(409, NOT_PENDING);
    const to = input.decision === "accept" ? "accepted" : "rejected";
    const checkinReview = sides.includes("in") ? to : row.checkinReview;
    const checkoutReview = sides.includes("out") ? to : row.checkoutReview;
    const reviewStatus = reviewSummary(checkinReview, checkoutReview);
    tx.update(attendance)
      .set({
        checkinReview,
        checkoutReview,
        reviewStatus,
        // A decision on one side keeps the note of the other's when it brings none.
        reviewNote: input.note || (input.side ? row.reviewNote : null),
        reviewedBy: actor.type === "admin" ? (actor.id ?? null) : null,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(attendance.id, id))
      .run();
    recomputeDay(tx, row.employeeId, row.workDate, now);
    recordAudit({
      actor,
      action: input.decision,
      entity: "attendance",
      entityId: id,
      changes: {
        review_status: { from: row.reviewStatus, to: reviewStatus },
        sides,
        ...(sides.includes("in") ? { checkin_review: { from: row.checkinReview, to } } : {}),
        ...(sides.includes("out") ? { checkout_review: { from: row.checkoutReview, to } } : {}),
        note: input.note || null,
      },
    });
    return toAttendanceDto(requireRow(id, tx));
  });
}

/** Sets the spec's "checked" tick; audit-logged when it changes. */
export function setAttendanceChecked(id: number, checked: boolean, actor: Actor): AttendanceDto {
  return immediate((tx) => {
    const row = requireRow(id, tx);
    const to = checked ? 1 : 0;
    if (row.checked !== to) {
      tx.update(attendance).set({ checked: to, updatedAt: new Date() }).where(eq(attendance.id, id)).run();
      recordAudit({ actor, action: "update", entity: "attendance", entityId: id, changes: { checked: { from: row.checked, to } } });
    }
    return toAttendanceDto(requireRow(id, tx));
  });
}
