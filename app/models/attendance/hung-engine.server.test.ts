import { performance } from "node:perf_hooks";
import { attendance, settings } from "../../../db/schema";
import { faceSelfie, secondSelfieOfA } from "../../../tests/fixtures/faces";
import { db } from "~/lib/db.server";
import {
  DEFAULT_FACE_JOB_TIMEOUT_MS,
  closeFaceEngine,
  configureFaceEngine,
  faceEngineStats,
  hangNextFaceJobForTests,
} from "~/lib/face.server";
import { getUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { registerFace } from "~/models/employees/face.server";
import { go, input, newEmployee, system, useOffice } from "./attendance.test-helpers";

// A stuck face engine at check-in (ADR 036): the watchdog ends the wait after a few seconds instead
// of a minute, and the check-ins, the stuck one and the one queued behind it, are taken for an
// admin's review with their selfies: never matched, never refused, never lost.
const LIMIT = 4_000; // the default is 8 s; a fresh worker's first jobs take over a second on a busy machine
const now = new Date("2026-11-23T08:00:00+07:00");

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(settings).run();
  useOffice({ require_selfie: true });
});
afterAll(async () => {
  await closeFaceEngine();
  configureFaceEngine({ jobTimeoutMs: DEFAULT_FACE_JOB_TIMEOUT_MS });
});

test("check-ins on a stuck engine go to review with their photos within the watchdog's time; the next one is matched", { timeout: 90_000 }, async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const [first, second] = [newEmployee(), newEmployee()];
  const [selfieA, selfieB] = await Promise.all([faceSelfie("a"), faceSelfie("b")]);
  // Registering starts the worker and runs its slow first jobs under the default limit.
  await registerFace(first.id, selfieA, system, { consent: true });
  await registerFace(second.id, selfieB, system, { consent: true });
  configureFaceEngine({ jobTimeoutMs: LIMIT });
  const before = faceEngineStats();

  hangNextFaceJobForTests();
  const started = performance.now();
  const records = await Promise.all([go(first.id, input(now), selfieA), go(second.id, input(now), selfieB)]);
  const took = performance.now() - started;

  expect(took).toBeLessThan(LIMIT + 4_000);
  for (const record of records) {
    expect(record).toMatchObject({ checkin_match: null, checkin_face_distance: null, flags: ["face_review"], review_status: "pending" });
    const upload = uploadIdFromUrl(record.checkin_photo_url);
    expect(upload && getUpload(upload.id)).toBeTruthy();
  }
  expect(faceEngineStats().restarts).toBe(before.restarts + 1);
  expect(String(warn.mock.calls[0]?.[0])).toMatch(/a job ran over 4000 ms; the worker is restarted/);

  // The restarted worker matches the next check-out.
  const later = new Date(now.getTime() + 9 * 3_600_000);
  const out = await go(first.id, input(later, { type: "out" }), await secondSelfieOfA());
  expect(out.checkout_match).toBe(1);
  warn.mockRestore();
});
