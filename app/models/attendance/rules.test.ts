import { CheckInOutSchema, checkFlags, needsReview } from "./rules";

const base = { type: "in", lat: "13.7563", lng: "100.5018", accuracy: "12.5", position_at: "1795393200000", client_time: "2026-11-23T08:00:00+07:00" };

describe("CheckInOutSchema", () => {
  test("form strings become numbers and instants (epoch ms or ISO with a zone)", () => {
    const parsed = CheckInOutSchema.parse(base);
    expect(parsed).toMatchObject({ type: "in", lat: 13.7563, lng: 100.5018, accuracy: 12.5 });
    expect(parsed.position_at?.getTime()).toBe(1795393200000);
    expect(parsed.client_time.toISOString()).toBe("2026-11-23T01:00:00.000Z");
  });

  test.each([
    ["lat", "1e1"],
    ["lat", " "],
    ["lat", "0x10"],
    ["lat", "-90.5"],
    ["lng", "180.01"],
    ["accuracy", "0"],
    ["accuracy", "-3"],
    ["type", "IN"],
    ["position_at", "2026-11-23T08:00:00"],
    ["client_time", "123"],
    ["client_time", "2026-13-40T99:00:00Z"],
  ])("%s = %j is refused with a Thai message", (key, value) => {
    const result = CheckInOutSchema.safeParse({ ...base, [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([key]);
    expect(result.error?.issues[0].message).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("CheckInOutSchema with an office QR", () => {
  const { lat: _lat, lng: _lng, accuracy: _accuracy, position_at: _at, ...noPosition } = base;

  test("a QR stands without a position; a position given with it is kept as evidence", () => {
    const parsed = CheckInOutSchema.parse({ ...noPosition, qr: "1.b2ZmaWNl.x" });
    expect(parsed.qr).toBe("1.b2ZmaWNl.x");
    expect(parsed.lat).toBeUndefined();
    expect(CheckInOutSchema.parse({ ...base, qr: "1.b2ZmaWNl.x" })).toMatchObject({ lat: 13.7563, accuracy: 12.5 });
  });

  test("without a QR the whole position is needed; half a position is refused either way", () => {
    const none = CheckInOutSchema.safeParse(noPosition);
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((i) => i.path[0])).toEqual(["lat", "lng", "accuracy", "position_at"]);
    const half = CheckInOutSchema.safeParse({ ...noPosition, lat: "13.7", qr: "1.b2ZmaWNl.x" });
    expect(half.error?.issues.map((i) => i.path[0])).toEqual(["lng", "accuracy", "position_at"]);
  });
});

describe("checkFlags", () => {
  const now = new Date("2026-11-23T01:00:00Z");
  const face = { match: 1 as const, distance: 0.3, selfie: true, confirmed: true, liveness: 0.9 };
  const clean = { geofence: "inside" as const, now, clientTime: now, positionAt: now, face, livenessThreshold: 0.5 };

  test("a clean check-in has no flag", () => {
    expect(checkFlags(clean)).toEqual([]);
  });

  test("each kind of doubt", () => {
    expect(checkFlags({ ...clean, geofence: "outside" })).toEqual(["outside"]);
    expect(checkFlags({ ...clean, geofence: "uncertain" })).toEqual(["uncertain"]);
    expect(checkFlags({ ...clean, face: { ...face, match: 0, distance: 0.7 } })).toEqual(["face_not_matched"]);
    expect(checkFlags({ ...clean, face: { ...face, match: null, distance: null } })).toEqual(["face_review"]);
    expect(checkFlags({ ...clean, face: { ...face, match: null, distance: null, selfie: false, liveness: null } })).toEqual(["no_selfie"]);
    expect(checkFlags({ ...clean, face: { ...face, confirmed: false } })).toEqual(["face_unconfirmed"]);
    expect(checkFlags({ ...clean, face: { ...face, liveness: 0.49 } })).toEqual(["liveness_low"]);
    expect(checkFlags({ ...clean, face: { ...face, liveness: 0.5 } })).toEqual([]);
    // A QR check-in without a position has no position age to judge.
    expect(checkFlags({ ...clean, positionAt: null, clientTime: now })).toEqual([]);
  });

  test("only no_selfie does not need review", () => {
    expect(needsReview(["no_selfie"])).toBe(false);
    expect(needsReview([])).toBe(false);
    expect(needsReview(["no_selfie", "clock_drift"])).toBe(true);
  });
});
