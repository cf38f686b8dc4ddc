import {
  clearLoginFailures,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  loginThrottle,
  recordLoginFailure,
} from "./rate-limit.server";

const T0 = Date.parse("2026-11-21T08:00:00Z");

describe("login throttle", () => {
  test("the fifth failure for a username blocks it, with the seconds until the window moves", () => {
    const who = { username: "Somchai", ip: "10.0.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      recordLoginFailure({ ...who, ip: `10.0.0.${i + 10}`, now: T0 + i * 1000 });
      expect(loginThrottle({ ...who, now: T0 + i * 1000 }).limited).toBe(false);
    }
    recordLoginFailure({ ...who, ip: "10.0.0.99", now: T0 + 4000 });
    const state = loginThrottle({ username: "somchai", ip: "10.9.9.9", now: T0 + 5000 });
    expect(state).toEqual({ limited: true, retryAfterSeconds: (LOGIN_WINDOW_MS - 5000) / 1000 });
  });

  test("the block lifts when the oldest counted failure leaves the 15-minute window", () => {
    const who = { username: "window-user", ip: "10.1.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) recordLoginFailure({ ...who, now: T0 + i * 60_000 });
    expect(loginThrottle({ ...who, now: T0 + LOGIN_WINDOW_MS - 1 }).limited).toBe(true);
    expect(loginThrottle({ ...who, now: T0 + LOGIN_WINDOW_MS + 1 }).limited).toBe(false);
  });

  test("five failures from one IP block every username from that IP", () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      recordLoginFailure({ username: `user-${i}`, ip: "10.2.0.1", now: T0 });
    }
    expect(loginThrottle({ username: "someone-else", ip: "10.2.0.1", now: T0 + 1 }).limited).toBe(true);
    expect(loginThrottle({ username: "someone-else", ip: "10.2.0.2", now: T0 + 1 }).limited).toBe(false);
  });

  test("a successful sign-in clears the username's failures", () => {
    const who = { username: "forgiven", ip: "10.3.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) recordLoginFailure({ ...who, ip: `10.3.1.${i}`, now: T0 });
    clearLoginFailures("FORGIVEN");
    recordLoginFailure({ ...who, now: T0 + 1 });
    expect(loginThrottle({ ...who, ip: "10.3.9.9", now: T0 + 2 }).limited).toBe(false);
  });
});
