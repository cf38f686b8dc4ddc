import { classifyGeofence, haversineMeters, nearestOffice } from "./geo";

describe("haversineMeters", () => {
  test("known distances", () => {
    expect(haversineMeters({ lat: 13.7563, lng: 100.5018 }, { lat: 13.7563, lng: 100.5018 })).toBe(0);
    // One degree of latitude ≈ 111.2 km.
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    // Bangkok (Democracy Monument) → Chiang Mai (Tha Phae Gate) ≈ 583 km.
    const d = haversineMeters({ lat: 13.7567, lng: 100.5018 }, { lat: 18.7877, lng: 98.9931 });
    expect(d).toBeGreaterThan(575_000);
    expect(d).toBeLessThan(590_000);
    expect(haversineMeters({ lat: 10, lng: 179.9 }, { lat: 10, lng: -179.9 })).toBeLessThan(25_000);
  });

  test("symmetric", () => {
    const a = { lat: 13.7, lng: 100.5 };
    const b = { lat: 13.71, lng: 100.52 };
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 6);
  });
});

describe("classifyGeofence at radius ± accuracy ± 1 m", () => {
  const radius = 100;
  const accuracy = 20;
  test.each([
    [radius - accuracy - 1, "inside"],
    [radius - accuracy, "inside"],
    [radius - accuracy + 1, "uncertain"],
    [radius, "uncertain"],
    [radius + accuracy - 1, "uncertain"],
    [radius + accuracy, "uncertain"],
    [radius + accuracy + 1, "outside"],
  ] as const)("distance %d m → %s", (distance, outcome) => {
    expect(classifyGeofence(distance, accuracy, radius)).toBe(outcome);
  });

  test("an accuracy wider than the fence is never inside", () => {
    expect(classifyGeofence(0, 150, 100)).toBe("uncertain");
  });
});

describe("nearestOffice", () => {
  const hq = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
  const branch = { name: "สาขา", lat: 13.8, lng: 100.55, radius_m: 100 };

  test("none without offices", () => {
    expect(nearestOffice([], { lat: 0, lng: 0 })).toBeNull();
  });

  test("the nearest one, with its distance", () => {
    const near = nearestOffice([branch, hq], { lat: 13.7565, lng: 100.5019 });
    expect(near?.office.name).toBe("สำนักงานใหญ่");
    expect(near?.distance).toBeCloseTo(haversineMeters(hq, { lat: 13.7565, lng: 100.5019 }), 6);
  });

  test("judged by the fence edge: inside a large fence wins over a closer small centre", () => {
    const campus = { name: "วิทยาเขต", lat: 13.0, lng: 100.0, radius_m: 2000 };
    const kiosk = { name: "ซุ้ม", lat: 13.0, lng: 100.012, radius_m: 10 };
    const point = { lat: 13.0, lng: 100.009 }; // ≈ 975 m from campus, ≈ 325 m from kiosk
    expect(nearestOffice([kiosk, campus], point)?.office.name).toBe("วิทยาเขต");
  });
});
