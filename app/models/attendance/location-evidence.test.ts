import {
  impossibleTravel,
  readEvidence,
  samePoint,
  sideEvidence,
  suspectAccuracy,
  withSideEvidence,
  type EvidencePoint,
  type TravelEvidence,
} from "./location-evidence";

// 1 degree of latitude on geo.ts's sphere.
const DEGREE_M = (6_371_008.8 * Math.PI) / 180;
const HQ = { lat: 13.7563, lng: 100.5018 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 1, 0) + minutes * 60_000).toISOString();
const point = (metresNorth: number, minutes: number, accuracy: number | null = 10, kind: EvidencePoint["kind"] = "checkin") => ({
  lat: HQ.lat + metresNorth / DEGREE_M,
  lng: HQ.lng,
  at: at(minutes),
  kind,
  accuracy,
});

describe("impossibleTravel", () => {
  test("100 km in 30 minutes is 200 km/h: the two points, the distance, the minutes and the speed", () => {
    const from = point(0, 0);
    const to = point(100_000, 30, 10, "checkout");
    expect(impossibleTravel(from, to)).toEqual({
      from: { lat: from.lat, lng: from.lng, at: from.at, kind: "checkin" },
      to: { lat: to.lat, lng: to.lng, at: to.at, kind: "checkout" },
      distance_m: 100_000,
      minutes: 30,
      speed_kmh: 200,
    });
  });

  test("a trip a car makes (60 km in 30 minutes) is not flagged; 76 km in 30 minutes is", () => {
    expect(impossibleTravel(point(0, 0), point(60_000, 30))).toBeNull();
    expect(impossibleTravel(point(0, 0), point(76_000, 30))?.speed_kmh).toBe(152);
  });

  test("GPS noise is not a trip: 800 m apart ten seconds apart is under the 1 km floor", () => {
    expect(impossibleTravel(point(0, 0), { ...point(800, 0), at: new Date(Date.parse(at(0)) + 10_000).toISOString() })).toBeNull();
  });

  test("the readings' accuracy is taken off the distance: 1.5 km apart at ±300 m each is at least 900 m", () => {
    expect(impossibleTravel(point(0, 0, 300), point(1500, 0.5, 300))).toBeNull();
    // The same two points at ±10 m are 1.48 km apart at least, in half a minute: flagged, with the measured distance.
    expect(impossibleTravel(point(0, 0, 10), point(1500, 0.5, 10))).toMatchObject({ distance_m: 1500, minutes: 0.5, speed_kmh: 180 });
  });

  test("two readings at the same instant count as one second apart (no division by zero)", () => {
    expect(impossibleTravel(point(0, 0), point(5000, 0))).toMatchObject({ minutes: 0, speed_kmh: 18_000 });
  });
});

describe("samePoint", () => {
  test("equal to 6 decimals; one millionth of a degree apart is another point", () => {
    expect(samePoint({ lat: 13.7563121, lng: 100.5018449 }, { lat: 13.756312, lng: 100.501845 })).toBe(true);
    expect(samePoint({ lat: 13.756312, lng: 100.501845 }, { lat: 13.756313, lng: 100.501845 })).toBe(false);
  });
});

describe("suspectAccuracy", () => {
  test("the same accuracy five punches in a row, this one included", () => {
    expect(suspectAccuracy([20, 20, 20, 20, 20, 35])).toEqual({ accuracies: [20, 20, 20, 20, 20], rule: "same" });
    expect(suspectAccuracy([20, 20, 20, 20])).toBeNull();
    expect(suspectAccuracy([20, 20, 20, 20, 21])).toBeNull();
  });

  test("below 1 m, on the first punch", () => {
    expect(suspectAccuracy([0.5])).toEqual({ accuracies: [0.5], rule: "below_1m" });
    expect(suspectAccuracy([1])).toBeNull();
  });
});

describe("a record's evidence by flag and side", () => {
  const travel: TravelEvidence = impossibleTravel(point(0, 0), point(100_000, 30, 10, "checkout"))!;
  const repeated = { date: "2026-11-20", side: "checkin" as const, lat: 13.756312, lng: 100.501845 };

  test("the check-out's evidence goes beside the check-in's, never over it", () => {
    const atCheckin = withSideEvidence({}, "checkin", { repeated_position: repeated });
    const both = withSideEvidence(atCheckin, "checkout", { repeated_position: { ...repeated, side: "checkout" }, impossible_travel: travel });
    expect(both).toEqual({
      repeated_position: { checkin: repeated, checkout: { ...repeated, side: "checkout" } },
      impossible_travel: { checkout: travel },
    });
    expect(sideEvidence(both, "checkin")).toEqual({ repeated_position: repeated });
    expect(sideEvidence(both, "checkout")).toEqual({ repeated_position: { ...repeated, side: "checkout" }, impossible_travel: travel });
  });

  test("malformed JSON reads as no evidence, not a crash", () => {
    expect(sideEvidence(null, "checkin")).toEqual({});
    expect(sideEvidence({ impossible_travel: { checkin: { from: 1 } }, repeated_position: "x" }, "checkin")).toEqual({});
    expect(readEvidence({ position_accuracy_suspect: { accuracies: [1, "2"], rule: "same" } })).toEqual({});
  });
});
