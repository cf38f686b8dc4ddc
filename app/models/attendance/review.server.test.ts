import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, employees } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { createAdmin } from "~/models/admins/admin.server";
import { DailyQuery, dailyAttendance } from "./daily.server";
import {
  CheckedSchema,
  listReviews,
  pendingReviewCount,
  ReviewDecisionSchema,
  ReviewListQuery,
  reviewAttendance,
  setAttendanceChecked,
} from "./review.server";
import { listAudit } from "~/models/audit/audit.server";
import { setSetting } from "~/models/core/settings.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";

const DATE = "2026-11-23";
const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00+07:00`);

let actor: { type: "admin"; id: number };
let serial = 0;

beforeAll(async () => {
  setSetting("attendance_start", "2020-01-01");
  const admin = await createAdmin({ username: "reviewer", password: "Reviewer-pass-2026" });
  actor = { type: "admin", id: admin.id };
});

beforeEach(() => {
  db().delete(attendanceDays).run();
  db().delete(attendance).run();
  db().delete(employees).run();
});

function record(values: Partial<typeof attendance.$inferInsert> = {}) {
  serial += 1;
  const e = createEmployee(
    EmployeeCreateSchema.parse({ code: `R${String(serial).padStart(4, "0")}`, title: 2, first_name: "สมหญิง", last_name: "ตรวจดี" }),
    { type: "system" },
  );
  return db()
    .insert(attendance)
    .values({
      employeeId: e.id,
      workDate: DATE,
      checkinAt: at("08:20"),
      checkoutAt: at("17:35"),
      reviewStatus: "pending",
      checkinReview: values.reviewStatus ?? "pending",
      checkoutReview: values.reviewStatus ?? "pending",
      flags: ["uncertain"],
      ...values,
    })
    .returning()
    .get();
}

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

const decide = (id: number, decision: "accept" | "reject", note = "", side?: "in" | "out") =>
  reviewAttendance(id, ReviewDecisionSchema.parse({ decision, note, side }), actor, new Date("2026-11-24T02:00:00Z"));

describe("review queue", () => {
  it("lists pending records newest first, paged, with the employee's photos", () => {
    const older = record({ workDate: "2026-11-20" });
    const newer = record();
    record({ reviewStatus: "none", flags: [] });
    const page = listReviews(ReviewListQuery.parse({ page_size: "1" }));
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.record.id)).toEqual([newer.id]);
    expect(page.items[0].employee).toMatchObject({ full_name: "นางสมหญิง ตรวจดี", face_url: null });
    expect(listReviews(ReviewListQuery.parse({ page: "2", page_size: "1" })).items[0].record.id).toBe(older.id);
    expect(pendingReviewCount()).toBe(2);
  });

  it("the queue and the badge's count are kept until a write: a decision and a new flagged record reach them", () => {
    const before = pendingReviewCount();
    const queue = () => listReviews(ReviewListQuery.parse({ page_size: "100" }));
    const first = queue();
    expect(queue()).toBe(first);
    const r = record();
    expect(pendingReviewCount()).toBe(before + 1);
    expect(queue().items.map((i) => i.record.id)).toContain(r.id);
    decide(r.id, "accept");
    expect(pendingReviewCount()).toBe(before);
    expect(queue().items.map((i) => i.record.id)).not.toContain(r.id);
  });

  it("defaults to pending and refuses an unknown status", () => {
    expect(ReviewListQuery.parse({}).status).toBe("pending");
    expect(ReviewListQuery.safeParse({ status: "none" }).success).toBe(false);
  });

  it("accepts a pending record with a note, audit-logged", () => {
    const r = record();
    const done = decide(r.id, "accept", "อยู่หน้าสำนักงาน สัญญาณ GPS ไม่ดี");
    expect(done).toMatchObject({ review_status: "accepted", review_note: "อยู่หน้าสำนักงาน สัญญาณ GPS ไม่ดี" });
    expect(done.reviewed_at).not.toBeNull();
    const [row] = listAudit({ entity: "attendance", entityId: r.id });
    expect(row).toMatchObject({ action: "accept", actorType: "admin", actorId: actor.id });
    expect(row.changes).toEqual({
      review_status: { from: "pending", to: "accepted" },
      sides: ["in", "out"],
      checkin_review: { from: "pending", to: "accepted" },
      checkout_review: { from: "pending", to: "accepted" },
      note: "อยู่หน้าสำนักงาน สัญญาณ GPS ไม่ดี",
    });
    expect(listReviews(ReviewListQuery.parse({ status: "accepted" })).items.map((i) => i.record.id)).toEqual([r.id]);
  });

  it("a rejected record shows as absent in the daily view", () => {
    const r = record();
    decide(r.id, "reject", "ไม่ใช่ใบหน้าของพนักงาน");
    const view = dailyAttendance(DailyQuery.parse({ date: DATE }), { now: new Date("2026-11-24T02:00:00Z") });
    expect(view.items.find((i) => i.record?.id === r.id)?.status).toBe("absent");
    expect(listAudit({ entity: "attendance", entityId: r.id })[0]).toMatchObject({ action: "reject" });
  });

  it("409 when the record is no longer pending, and nothing more is logged", () => {
    const r = record();
    decide(r.id, "accept");
    const error = thrown(() => decide(r.id, "reject"));
    expect(error.status).toBe(409);
    expect(listAudit({ entity: "attendance", entityId: r.id })).toHaveLength(1);
    const unflagged = record({ reviewStatus: "none" });
    expect(thrown(() => decide(unflagged.id, "accept")).status).toBe(409);
  });

  it("404 for a record that does not exist", () => {
    expect(thrown(() => decide(999_999, "accept")).status).toBe(404);
    expect(thrown(() => setAttendanceChecked(999_999, true, actor)).status).toBe(404);
  });

  it("refuses a decision other than accept or reject, and a note with control characters", () => {
    expect(ReviewDecisionSchema.safeParse({ decision: "maybe" }).success).toBe(false);
    expect(ReviewDecisionSchema.safeParse({ decision: "accept", note: "a\u0000b" }).success).toBe(false);
    expect(ReviewDecisionSchema.safeParse({ decision: "accept", note: "x".repeat(501) }).success).toBe(false);
  });

  it("ticks and unticks checked, audit-logging each change once", () => {
    const r = record({ reviewStatus: "none" });
    expect(setAttendanceChecked(r.id, true, actor).checked).toBe(1);
    expect(setAttendanceChecked(r.id, true, actor).checked).toBe(1);
    expect(setAttendanceChecked(r.id, false, actor).checked).toBe(0);
    const rows = listAudit({ entity: "attendance", entityId: r.id });
    expect(rows.map((row) => row.changes)).toEqual([{ checked: { from: 1, to: 0 } }, { checked: { from: 0, to: 1 } }]);
    expect(CheckedSchema.parse({ checked: "1" }).checked).toBe(true);
    expect(CheckedSchema.parse({ checked: 0 }).checked).toBe(false);
    expect(CheckedSchema.safeParse({ checked: "yes" }).success).toBe(false);
  });
});

describe("per-side review (ADR 043)", () => {
  const ledger = (employeeId: number) =>
    db()
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, DATE)))
      .get();

  it("rejecting only the check-out leaves a day without a check-out, the check-in standing, not an absence", () => {
    const r = record({ checkinReview: "none", checkoutReview: "pending", checkoutAt: at("16:00") });
    const done = decide(r.id, "reject", "รูปออกงานไม่ใช่พนักงาน", "out");
    expect(done).toMatchObject({ checkin_review: "none", checkout_review: "rejected", review_status: "rejected", early_minutes: 0 });
    expect(ledger(r.employeeId)).toMatchObject({ status: "missing_checkout", checkinReview: "none", checkoutReview: "rejected", absentFraction: 0 });
    expect(ledger(r.employeeId)?.reason).toContain("เวลาออกไม่ผ่านการตรวจสอบ");
    expect(listAudit({ entity: "attendance", entityId: r.id })[0].changes).toEqual({
      review_status: { from: "pending", to: "rejected" },
      sides: ["out"],
      checkout_review: { from: "pending", to: "rejected" },
      note: "รูปออกงานไม่ใช่พนักงาน",
    });
  });

  it("rejecting the check-in alone is an absence that says why", () => {
    const r = record({ checkoutReview: "none" });
    decide(r.id, "reject", "", "in");
    expect(ledger(r.employeeId)).toMatchObject({ status: "absent", absentFraction: 1, checkinReview: "rejected" });
    expect(ledger(r.employeeId)?.reason).toContain("การลงเวลาเข้าไม่ผ่านการตรวจสอบ");
  });

  it("one side decided keeps the other pending in the queue; the other decided settles the summary", () => {
    const r = record();
    expect(decide(r.id, "accept", "ผ่าน", "in")).toMatchObject({ checkin_review: "accepted", checkout_review: "pending", review_status: "pending" });
    expect(pendingReviewCount()).toBe(1);
    expect(decide(r.id, "reject", "", "out")).toMatchObject({ checkout_review: "rejected", review_status: "rejected", review_note: "ผ่าน" });
    expect(pendingReviewCount()).toBe(0);
    expect(ledger(r.employeeId)).toMatchObject({ status: "missing_checkout" });
  });

  it("a side that is not pending is a 409 in Thai; without a side only the pending sides are decided", () => {
    const r = record({ checkinReview: "accepted", checkoutReview: "pending" });
    const error = thrown(() => decide(r.id, "reject", "", "in"));
    expect([error.status, error.message]).toEqual([409, "เวลาเข้าของรายการนี้ไม่ได้รอการตรวจสอบ"]);
    expect(decide(r.id, "reject")).toMatchObject({ checkin_review: "accepted", checkout_review: "rejected", review_status: "rejected" });
    expect(thrown(() => decide(r.id, "accept", "", "out")).message).toBe("เวลาออกของรายการนี้ไม่ได้รอการตรวจสอบ");
  });

  it("refuses a side other than in or out", () => {
    const bad = ReviewDecisionSchema.safeParse({ decision: "accept", side: "both" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("ด้านที่ตรวจสอบต้องเป็น in (เวลาเข้า) หรือ out (เวลาออก)");
  });
});
