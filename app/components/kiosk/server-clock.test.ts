import { AFTER_TURN_MS, nextFetchDelay, serverOffset } from "./server-clock";

test("the offset is the Date header's second (taken at its middle) minus the device's clock on arrival", () => {
  const header = "Mon, 23 Nov 2026 01:30:10 GMT";
  expect(serverOffset(header, Date.parse("2026-11-23T01:30:00.000Z"))).toBe(10_500);
  expect(serverOffset(header, Date.parse("2026-11-23T01:30:20.500Z"))).toBe(-10_000);
  expect(serverOffset(null, 0)).toBeNull();
  expect(serverOffset("not a date", 0)).toBeNull();
});

test("the next QR is asked for when the step turns on the server's clock, whatever the device's says", () => {
  const expires = "2026-11-23T01:30:30.000Z";
  const serverNow = Date.parse("2026-11-23T01:30:12.000Z");
  // The device runs 5 minutes slow: its clock says 01:25:12.
  const deviceNow = serverNow - 5 * 60_000;
  expect(nextFetchDelay(expires, 5 * 60_000, deviceNow)).toBe(18_000 + AFTER_TURN_MS);
  // Already past the turn (a slow answer): soon, but not in a tight loop; never more than a step.
  expect(nextFetchDelay(expires, 0, Date.parse("2026-11-23T01:31:00.000Z"))).toBe(1_000);
  expect(nextFetchDelay(expires, 0, Date.parse("2026-11-23T01:20:00.000Z"))).toBe(30_000);
});
