import { eq } from "drizzle-orm";
import { attendance, employees, settings } from "../../../db/schema";
import { blankImage, faceSelfie, secondSelfieOfA } from "../../../tests/fixtures/faces";
import { db } from "~/lib/db.server";
import { closeFaceEngine } from "~/lib/face.server";
import { getUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { go, input, newEmployee, system, useOffice } from "./attendance.test-helpers";
import { registerFace } from "~/models/employees/face.server";

const consented = { consent: true };

/** A face registered and confirmed by an admin (a face no admin confirmed sends a match to review). */
async function confirmedFace(employeeId: number) {
  await registerFace(employeeId, await faceSelfie("a"), system, consented);
  db().update(employees).set({ faceConfirmedAt: new Date() }).where(eq(employees.id, employeeId)).run();
}

// The face decision with the real engine: the server's own match, review (never a match) when it cannot tell.
const now = new Date("2026-11-23T08:00:00+07:00");

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(settings).run();
  useOffice({ require_selfie: true });
});
afterAll(() => closeFaceEngine());

describe("face at check-in", { timeout: 60_000 }, () => {
  test("the same person: match 1 with the distance, the selfie stored for its owner", async () => {
    const e = newEmployee();
    await confirmedFace(e.id);
    const record = await go(e.id, input(now), await secondSelfieOfA());
    expect(record.checkin_match).toBe(1);
    expect(record.checkin_face_distance).toBeLessThan(0.5);
    expect(record.flags).toEqual([]);
    expect(record.review_status).toBe("none");
    expect(record.checkin_photo_url).toMatch(/^\/uploads\/checkinouts\/.+\.jpg$/);
    const id = uploadIdFromUrl(record.checkin_photo_url);
    expect(getUpload(id?.id ?? "")?.ownerEmployeeId).toBe(e.id);
  });

  test("another person: match 0, flagged face_not_matched, pending review", async () => {
    const e = newEmployee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    const record = await go(e.id, input(now), await faceSelfie("b"));
    expect(record.checkin_match).toBe(0);
    expect(record.checkin_face_distance).toBeGreaterThanOrEqual(0.5);
    expect(record).toMatchObject({
      flags: ["face_not_matched"],
      review_status: "pending",
    });
  });

  test("no face in the selfie: accepted for review, never a match", async () => {
    const e = newEmployee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    const record = await go(e.id, input(now), await blankImage());
    expect(record).toMatchObject({
      checkin_match: null,
      checkin_face_distance: null,
      flags: ["face_review"],
      review_status: "pending",
    });
    expect(record.checkin_photo_url).not.toBeNull();
  });

  test("no registered face: review, never a match", async () => {
    const record = await go(newEmployee().id, input(now), await faceSelfie("a"));
    expect(record).toMatchObject({
      checkin_match: null,
      flags: ["face_review"],
      review_status: "pending",
    });
  });

  test("the same person against a face no admin confirmed yet: a match, sent to review as face_unconfirmed", async () => {
    const e = newEmployee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    const record = await go(e.id, input(now), await secondSelfieOfA());
    expect(record).toMatchObject({ checkin_match: 1, flags: ["face_unconfirmed"], checkin_review: "pending" });
  });

  test("a check-out adds its own flags and sends the record to review", async () => {
    const e = newEmployee();
    await confirmedFace(e.id);
    await go(e.id, input(now), await secondSelfieOfA());
    const out = await go(e.id, input(new Date("2026-11-23T17:45:00+07:00"), { type: "out" }), await faceSelfie("c"));
    expect(out).toMatchObject({
      checkin_match: 1,
      checkout_match: 0,
      flags: ["face_not_matched"],
      review_status: "pending",
      early_minutes: 0,
    });
  });
});
