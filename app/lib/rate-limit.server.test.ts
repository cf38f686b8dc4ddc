import { loginAttempts } from "../../db/schema";
import { db } from "./db.server";
import {
  forgiveLoginAttempt,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MS,
  loginThrottle,
  recordLoginFailure,
  reserveLoginAttempt,
  SLOW_DOWN_MAX_MS,
} from "./rate-limit.server";

const T0 = Date.parse("2026-11-21T08:00:00Z");

// Contract change (issue 10): five failures lock the (username, address) pair, twenty lock the
// address; a username failing from many addresses is slowed down, never locked.
describe("login throttle", () => {
  test("the fifth failure of a username from one address blocks that pair, with the seconds until the window moves", () => {
    const who = { username: "Somchai", ip: "10.0.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      recordLoginFailure({ ...who, now: T0 + i * 1000 });
      expect(loginThrottle({ ...who, now: T0 + i * 1000 }).limited).toBe(false);
    }
    recordLoginFailure({ ...who, now: T0 + 4000 });
    const state = loginThrottle({ username: "somchai", ip: "10.0.0.1", now: T0 + 5000 });
    expect(state).toMatchObject({ limited: true, retryAfterSeconds: (LOGIN_WINDOW_MS - 5000) / 1000 });
    // the same username from another address, and another username from this one, go on
    expect(loginThrottle({ username: "somchai", ip: "10.9.9.9", now: T0 + 5000 }).limited).toBe(false);
    expect(loginThrottle({ username: "somsri", ip: "10.0.0.1", now: T0 + 5000 }).limited).toBe(false);
  });

  test("the block lifts when the oldest counted failure leaves the 15-minute window", () => {
    const who = { username: "window-user", ip: "10.1.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) recordLoginFailure({ ...who, now: T0 + i * 60_000 });
    expect(loginThrottle({ ...who, now: T0 + LOGIN_WINDOW_MS - 1 }).limited).toBe(true);
    expect(loginThrottle({ ...who, now: T0 + LOGIN_WINDOW_MS + 1 }).limited).toBe(false);
  });

  test("twenty failures from one address block every username from that address, and only there", () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP - 1; i++) {
      recordLoginFailure({ username: `user-${i}`, ip: "10.2.0.1", now: T0 });
    }
    expect(loginThrottle({ username: "someone-else", ip: "10.2.0.1", now: T0 + 1 }).limited).toBe(false);
    recordLoginFailure({ username: "user-last", ip: "10.2.0.1", now: T0 });
    expect(loginThrottle({ username: "someone-else", ip: "10.2.0.1", now: T0 + 1 }).limited).toBe(true);
    expect(loginThrottle({ username: "someone-else", ip: "10.2.0.2", now: T0 + 1 }).limited).toBe(false);
  });

  test("a username failing from many addresses is slowed, growing and capped, never locked", () => {
    const username = "targeted";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) recordLoginFailure({ username, ip: `10.4.0.${i}`, now: T0 });
    expect(loginThrottle({ username, ip: "10.4.9.9", now: T0 + 1 })).toEqual({ limited: false, delayMs: 0 });
    recordLoginFailure({ username, ip: "10.4.1.1", now: T0 });
    recordLoginFailure({ username, ip: "10.4.1.2", now: T0 });
    expect(loginThrottle({ username, ip: "10.4.9.9", now: T0 + 1 })).toEqual({ limited: false, delayMs: 1000 });
    for (let i = 0; i < 40; i++) recordLoginFailure({ username, ip: `10.4.2.${i}`, now: T0 });
    expect(loginThrottle({ username, ip: "10.4.9.9", now: T0 + 1 })).toEqual({ limited: false, delayMs: SLOW_DOWN_MAX_MS });
  });

  test("reserving counts the attempt at once; the sixth reservation of a pair is refused", () => {
    const who = { username: "racer", ip: "10.5.0.1", now: T0 };
    const reservations = Array.from({ length: 8 }, () => reserveLoginAttempt(who));
    expect(reservations.filter((r) => !r.limited)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(reservations.slice(LOGIN_MAX_FAILURES).every((r) => r.limited)).toBe(true);
  });

  test("a success forgives its reservation and the pair's earlier failures, not other addresses'", () => {
    const who = { username: "forgiven", ip: "10.3.0.1" };
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) recordLoginFailure({ ...who, now: T0 });
    recordLoginFailure({ username: "forgiven", ip: "10.3.0.2", now: T0 });
    const reservation = reserveLoginAttempt({ ...who, now: T0 + 1 });
    if (reservation.limited) throw new Error("unexpected limit");
    forgiveLoginAttempt({ username: "FORGIVEN", ip: who.ip, attemptId: reservation.attemptId });
    const left = db().select().from(loginAttempts).all().filter((r) => r.username === "forgiven");
    expect(left.map((r) => r.ip)).toEqual(["10.3.0.2"]);
  });
});
