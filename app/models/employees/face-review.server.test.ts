import sharp from "sharp";
import { admins, employees } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { encodeImage } from "~/lib/image.server";
import { getUpload, saveUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { listAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "./schema";
import { createEmployee, requireEmployee } from "./employee.server";
import { FaceReviewDecisionSchema, listFaceReviews, pendingFaceReviewCount, reviewFace } from "./face-review.server";
import { faceWasReset } from "./face.server";

// The face engine is not needed here: a registered face is a stored descriptor and photo.
const system = { type: "system" as const };
let adminId: number;
let n = 0;

function employee() {
  n += 1;
  return createEmployee(EmployeeCreateSchema.parse({ code: `FR${n}`, title: 2, first_name: `ใบหน้า${n}`, last_name: "ตรวจ" }), system);
}

async function giveFace(id: number, registeredAt = new Date()) {
  const encoded = await encodeImage(await sharp({ create: { width: 32, height: 32, channels: 3, background: "#888" } }).jpeg().toBuffer());
  return immediate((tx) => {
    const stored = saveUpload(tx, encoded, "employees", id);
    tx.update(employees)
      .set({ faceDescriptor: Array(128).fill(0.1), faceUploadId: stored.id, faceRegisteredAt: registeredAt, faceConsentAt: registeredAt })
      .where(eq(employees.id, id))
      .run();
    return stored.url;
  });
}

const decide = (decision: "confirm" | "reject", extra: Record<string, unknown> = {}) => FaceReviewDecisionSchema.parse({ decision, ...extra });
const admin = () => ({ type: "admin" as const, id: adminId });
const conflict = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).status;
  }
  throw new Error("expected a DomainError");
};
const ids = () => listFaceReviews({ page: 1, page_size: 200 }).items.map((i) => i.employee.id);

beforeAll(() => {
  adminId = db().insert(admins).values({ username: "face-reviewer", passwordHash: "x" }).returning().get().id;
});
beforeEach(() => {
  db().update(employees).set({ faceConfirmedAt: new Date(), faceConfirmedBy: null }).run();
});

describe("face review", () => {
  test("lists working employees with an unconfirmed face, the longest-waiting first, with both photos; the count matches", async () => {
    const late = employee();
    const early = employee();
    const none = employee();
    const gone = employee();
    db().update(employees).set({ resignDate: "2020-01-01" }).where(eq(employees.id, gone.id)).run();
    await giveFace(late.id, new Date("2026-11-20T10:00:00Z"));
    const url = await giveFace(early.id, new Date("2026-11-19T10:00:00Z"));
    await giveFace(gone.id);
    expect(ids()).toEqual([early.id, late.id]);
    expect(ids()).not.toContain(none.id);
    expect(pendingFaceReviewCount()).toBe(2);
    const item = listFaceReviews({ page: 1, page_size: 1 });
    expect(item.total).toBe(2);
    expect(item.items).toEqual([
      {
        employee: { id: early.id, code: early.code, full_name: early.full_name, first_name: early.first_name, position: "", photo_url: null },
        face_url: url,
        face_registered_at: "2026-11-19T10:00:00.000Z",
        face_consent_at: "2026-11-19T10:00:00.000Z",
      },
    ]);
    expect(listFaceReviews({ page: 2, page_size: 1 }).items[0].employee.id).toBe(late.id);
  });

  test("the kept count follows the business date: someone whose last day was yesterday leaves it without a write", async () => {
    const leaving = employee();
    db().update(employees).set({ resignDate: "2031-03-11" }).where(eq(employees.id, leaving.id)).run();
    await giveFace(leaving.id);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2031-03-10T10:00:00+07:00"));
      const onTheLastDay = pendingFaceReviewCount();
      vi.setSystemTime(new Date("2031-03-11T10:00:00+07:00"));
      expect(pendingFaceReviewCount()).toBe(onTheLastDay - 1);
    } finally {
      vi.useRealTimers();
    }
  });

  test("confirm: stored with the admin, audit-logged with the note, gone from the queue; a second decision is a 409", async () => {
    const e = employee();
    const waiting = pendingFaceReviewCount();
    const url = await giveFace(e.id);
    expect(pendingFaceReviewCount()).toBe(waiting + 1);
    const result = reviewFace(e.id, decide("confirm", { note: "ตรงกับรูปพนักงาน", face_url: url }), admin());
    expect(result.decision).toBe("confirm");
    const row = db().select().from(employees).where(eq(employees.id, e.id)).get()!;
    expect(row.faceConfirmedAt).toBeInstanceOf(Date);
    expect(row.faceConfirmedBy).toBe(adminId);
    expect(ids()).not.toContain(e.id);
    expect(pendingFaceReviewCount()).toBe(waiting);
    const log = listAudit({ entity: "employee", entityId: e.id })[0];
    expect(log).toMatchObject({ action: "confirm_face", actorType: "admin", actorId: adminId, changes: { face_url: url, note: "ตรงกับรูปพนักงาน" } });
    expect(conflict(() => reviewFace(e.id, decide("confirm"), admin()))).toBe(409);
    expect(conflict(() => reviewFace(e.id, decide("reject"), admin()))).toBe(409);
  });

  test("reject: the face is cleared as a reset (photo deleted, consent withdrawn); the employee registers again", async () => {
    const e = employee();
    const url = await giveFace(e.id);
    reviewFace(e.id, decide("reject", { note: "ไม่ใช่คนเดียวกัน" }), admin());
    expect(requireEmployee(e.id)).toMatchObject({ face_registered: false, face_url: null });
    expect(getUpload(uploadIdFromUrl(url)!.id)).toBeNull();
    expect(faceWasReset(e.id)).toBe(true);
    expect(db().select({ at: employees.faceConsentAt }).from(employees).where(eq(employees.id, e.id)).get()?.at).toBeNull();
    expect(listAudit({ entity: "employee", entityId: e.id })[0]).toMatchObject({ action: "reject_face", changes: { note: "ไม่ใช่คนเดียวกัน" } });
    expect(ids()).not.toContain(e.id);
    expect(conflict(() => reviewFace(e.id, decide("confirm"), admin()))).toBe(409);
  });

  test("a face registered again since the admin looked is a 409 and stays in the queue; unknown employee 404", async () => {
    const e = employee();
    const seen = await giveFace(e.id);
    await giveFace(e.id);
    expect(conflict(() => reviewFace(e.id, decide("confirm", { face_url: seen }), admin()))).toBe(409);
    expect(ids()).toContain(e.id);
    expect(conflict(() => reviewFace(999_999, decide("confirm"), admin()))).toBe(404);
  });

  test("the decision input is checked", () => {
    expect(FaceReviewDecisionSchema.safeParse({ decision: "accept" }).success).toBe(false);
    expect(FaceReviewDecisionSchema.safeParse({ decision: "confirm", extra: 1 }).success).toBe(false);
    expect(FaceReviewDecisionSchema.safeParse({ decision: "reject", note: "x".repeat(501) }).success).toBe(false);
  });
});
