import { attendance, settings } from "../../../db/schema";
import { makeJpeg } from "../../../tests/fixtures/images";
import { db } from "~/lib/db.server";
import { go, input, newEmployee, useOffice } from "./attendance.test-helpers";

// An engine that crashes (worker gone, model missing): the check-in is accepted for review, never matched.
vi.mock("~/models/employees/face.server", () => ({
  matchFace: vi.fn(async () => {
    throw new Error("face worker exited");
  }),
}));

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(settings).run();
  useOffice({ require_selfie: true });
});

test("a face engine failure never fails the check-in and never matches", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const now = new Date("2026-11-23T08:00:00+07:00");
  const record = await go(newEmployee().id, input(now), await makeJpeg());
  expect(record).toMatchObject({
    checkin_match: null,
    checkin_face_distance: null,
    flags: ["face_review"],
    review_status: "pending",
  });
  expect(record.checkin_photo_url).not.toBeNull();
  expect(String(warn.mock.calls[0]?.[0])).toContain("face worker exited");
  warn.mockRestore();
});
