import { eq } from "drizzle-orm";
import sharp from "sharp";
import { attendance, employees, settings, uploads } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { encodeImage, type EncodedImage } from "~/lib/image.server";
import { getUpload, saveUpload } from "~/lib/uploads.server";
import { toAttendanceDto } from "./dto.server";
import { listAudit } from "~/models/audit/audit.server";
import { newEmployee, system } from "./attendance.test-helpers";
import { purgeExpiredSelfies, selfieCutoff } from "./selfie-retention.server";
import { setSetting } from "~/models/core/settings.server";

// 10:00 in Bangkok on 23 Nov 2026; the default retention is 90 days, so 25 Aug is the oldest kept.
const NOW = new Date("2026-11-23T10:00:00+07:00");
const DAY = 24 * 60 * 60 * 1000;

let image: EncodedImage;
let employeeId: number;
let personal: { photo: string; face: string };

beforeAll(async () => {
  image = await encodeImage(await sharp({ create: { width: 16, height: 16, channels: 3, background: "#777" } }).jpeg().toBuffer());
});

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(uploads).where(eq(uploads.folder, "checkinouts")).run();
  db().delete(settings).run();
  employeeId = newEmployee().id;
  // The employee's own photo and registered face must survive every purge.
  personal = immediate((tx) => {
    const photo = saveUpload(tx, image, "employees", employeeId).id;
    const face = saveUpload(tx, image, "employees", employeeId).id;
    tx.update(employees).set({ photoUploadId: photo, faceUploadId: face, faceDescriptor: Array(128).fill(0.2) }).where(eq(employees.id, employeeId)).run();
    return { photo, face };
  });
});

/** A day's record with a check-in selfie (and a check-out one unless `out: false`), decided and reviewed. */
function seed(date: string, { out = true, flags = ["face_not_matched"], lat = 13.75 as number | null } = {}) {
  return immediate((tx) => {
    const inPhoto = saveUpload(tx, image, "checkinouts", employeeId).id;
    const outPhoto = out ? saveUpload(tx, image, "checkinouts", employeeId).id : null;
    const at = new Date(`${date}T08:30:00+07:00`);
    return tx
      .insert(attendance)
      .values({
        employeeId,
        workDate: date,
        checkinAt: at,
        checkinLat: lat,
        checkinLng: 100.5,
        checkinPhotoUploadId: inPhoto,
        checkinMatch: 0,
        checkinFaceDistance: 0.61,
        checkoutAt: out ? new Date(at.getTime() + 9 * 3600_000) : null,
        checkoutLat: out ? 13.75 : null,
        checkoutPhotoUploadId: outPhoto,
        checkoutMatch: out ? 1 : null,
        checkoutFaceDistance: out ? 0.31 : null,
        flags,
        reviewStatus: "rejected",
        reviewNote: "ไม่ใช่พนักงาน",
        reviewedAt: at,
      })
      .returning()
      .get();
  });
}

const row = (id: number) => db().select().from(attendance).where(eq(attendance.id, id)).get()!;
const photoIds = (r: typeof attendance.$inferSelect) => [r.checkinPhotoUploadId, r.checkoutPhotoUploadId].filter((x): x is string => x != null);
const decisions = (r: typeof attendance.$inferSelect) => ({
  checkinMatch: r.checkinMatch,
  checkinFaceDistance: r.checkinFaceDistance,
  checkoutMatch: r.checkoutMatch,
  checkoutFaceDistance: r.checkoutFaceDistance,
  flags: r.flags,
  reviewStatus: r.reviewStatus,
  reviewNote: r.reviewNote,
  checkinAt: r.checkinAt,
  checkoutAt: r.checkoutAt,
});
const checkinUploads = () => db().select({ id: uploads.id }).from(uploads).where(eq(uploads.folder, "checkinouts")).all().map((u) => u.id).sort();

describe("purgeExpiredSelfies", () => {
  test("the cutoff is the work date retention days back, in the business zone", () => {
    expect(selfieCutoff(NOW)).toBe("2026-08-25");
    // 23:30 UTC on 22 Nov is already 23 Nov in Bangkok.
    expect(selfieCutoff(new Date("2026-11-22T23:30:00Z"), 7)).toBe("2026-11-16");
  });

  test("deletes exactly the expired selfies; decisions, flags and the employee's own photos stay", async () => {
    const today = seed("2026-11-23");
    const kept = seed("2026-08-25"); // 90 days: the last day kept
    const expired = seed("2026-08-24"); // 91 days
    const old = seed("2025-10-19", { out: false });
    const before = new Map([today, kept, expired, old].map((r) => [r.id, row(r.id)]));

    const result = await purgeExpiredSelfies(NOW, { batchSize: 1 });
    expect(result).toEqual({ cutoff: "2026-08-25", records: 2, photos: 3 });

    for (const r of [expired, old]) {
      const after = row(r.id);
      expect(photoIds(after)).toEqual([]);
      for (const id of photoIds(before.get(r.id)!)) expect(getUpload(id)).toBeNull();
      expect(decisions(after)).toEqual(decisions(before.get(r.id)!));
    }
    for (const r of [today, kept]) expect(row(r.id)).toEqual(before.get(r.id));
    expect(checkinUploads()).toEqual([...photoIds(row(today.id)), ...photoIds(row(kept.id))].sort());
    expect(getUpload(personal.photo)).not.toBeNull();
    expect(getUpload(personal.face)).not.toBeNull();

    // The API's record says where a photo was deleted, and only there.
    expect(toAttendanceDto(row(expired.id))).toMatchObject({ checkin_photo_url: null, checkin_photo_purged: true, checkout_photo_purged: true });
    expect(toAttendanceDto(row(old.id))).toMatchObject({ checkin_photo_purged: true, checkout_photo_purged: false });
    expect(toAttendanceDto(row(kept.id))).toMatchObject({ checkin_photo_purged: false, checkout_photo_purged: false });
    expect(listAudit({ entity: "attendance" })[0]).toMatchObject({ action: "purge_selfies", actorType: "system", changes: result });
  });

  test("idempotent; moving the clock a day expires the next day, a shorter retention more", async () => {
    const kept = seed("2026-08-25");
    const week = seed("2026-11-15");
    seed("2026-08-01");
    await purgeExpiredSelfies(NOW);
    const uploadsAfter = checkinUploads();
    expect(await purgeExpiredSelfies(NOW)).toEqual({ cutoff: "2026-08-25", records: 0, photos: 0 });
    expect(checkinUploads()).toEqual(uploadsAfter);

    expect(await purgeExpiredSelfies(new Date(NOW.getTime() + DAY))).toMatchObject({ cutoff: "2026-08-26", records: 1, photos: 2 });
    expect(photoIds(row(kept.id))).toEqual([]);
    expect(photoIds(row(week.id))).toHaveLength(2);

    setSetting("selfie_retention_days", 7, system);
    expect(await purgeExpiredSelfies(NOW)).toMatchObject({ cutoff: "2026-11-16", records: 1, photos: 2 });
    expect(checkinUploads()).toEqual([]);
  });

  test("`from` skips what an earlier run purged; an aborted run stops before its first batch", async () => {
    const older = seed("2026-05-01");
    const newer = seed("2026-08-01");
    expect(await purgeExpiredSelfies(NOW, { from: "2026-06-01" })).toMatchObject({ records: 1 });
    expect(photoIds(row(older.id))).toHaveLength(2);
    expect(photoIds(row(newer.id))).toEqual([]);

    const stop = new AbortController();
    stop.abort();
    expect(await purgeExpiredSelfies(NOW, { signal: stop.signal })).toMatchObject({ records: 0, photos: 0 });
    expect(photoIds(row(older.id))).toHaveLength(2);
  });

  test("a side without a selfie, or added without a position (a correction), is not reported as purged", async () => {
    const noSelfie = seed("2026-01-05", { flags: ["no_selfie"] });
    const corrected = seed("2026-01-06", { out: false });
    db().update(attendance).set({ checkoutAt: new Date("2026-01-06T17:30:00+07:00") }).where(eq(attendance.id, corrected.id)).run();
    await purgeExpiredSelfies(NOW);
    expect(toAttendanceDto(row(noSelfie.id))).toMatchObject({ checkin_photo_purged: false, checkout_photo_purged: false });
    expect(toAttendanceDto(row(corrected.id))).toMatchObject({ checkin_photo_purged: true, checkout_photo_purged: false });
  });
});
