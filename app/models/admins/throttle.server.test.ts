import * as argon2 from "@node-rs/argon2";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, recordLoginFailure } from "~/lib/rate-limit.server";
import { authenticateAdmin, changeOwnPassword, createAdmin, LoginError } from "./admin.server";
import { createAdminSession } from "~/lib/session.server";

// Counts the real argon2 verifications and how many run at once.
const probe = vi.hoisted(() => ({ calls: 0, inFlight: 0, maxInFlight: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      probe.calls += 1;
      probe.inFlight += 1;
      probe.maxInFlight = Math.max(probe.maxInFlight, probe.inFlight);
      try {
        return await real.verify(...args);
      } finally {
        probe.inFlight -= 1;
      }
    },
  };
});

beforeEach(() => {
  probe.calls = 0;
  probe.maxInFlight = 0;
});

async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof LoginError) return error.status;
    throw error;
  }
}

test("40 parallel wrong passwords from one address reach the hash at most 5 times, at most 2 at once", async () => {
  await createAdmin({ username: "parallel", password: "parallel-password" });
  const statuses = await Promise.all(
    Array.from({ length: 40 }, () => outcome(authenticateAdmin({ username: "parallel", password: "guess", ip: "20.0.0.1" }))),
  );
  expect(probe.calls).toBe(LOGIN_MAX_FAILURES);
  expect(probe.maxInFlight).toBeLessThanOrEqual(2);
  expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
  expect(argon2.verify).toBeTypeOf("function");
});

test("a stranger's address failing 20 times is locked; the admin from another address signs in", async () => {
  await createAdmin({ username: "office", password: "office-password-1" });
  const stranger = "30.0.0.66";
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
    const username = i < LOGIN_MAX_FAILURES ? "office" : `guess-${i}`;
    expect(await outcome(authenticateAdmin({ username, password: "nope", ip: stranger }))).toBe(401);
  }
  expect(await outcome(authenticateAdmin({ username: "anyone", password: "nope", ip: stranger }))).toBe(429);
  expect(await outcome(authenticateAdmin({ username: "office", password: "office-password-1", ip: stranger }))).toBe(429);
  expect(await outcome(authenticateAdmin({ username: "office", password: "office-password-1", ip: "30.0.0.1" }))).toBe(200);
});

test("a username failing from many addresses is slowed before the check, not locked", async () => {
  await createAdmin({ username: "slowed", password: "slowed-password-1" });
  for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) recordLoginFailure({ username: "slowed", ip: `40.0.0.${i}` });
  const started = performance.now();
  expect(await outcome(authenticateAdmin({ username: "slowed", password: "slowed-password-1", ip: "40.0.1.1" }))).toBe(200);
  // 2 failures beyond 5 → 1 s on top of the hash
  expect(performance.now() - started).toBeGreaterThanOrEqual(990);
});

test("wrong current passwords on the account page share the sign-in throttle", async () => {
  const admin = await createAdmin({ username: "account", password: "account-password-1" });
  const session = createAdminSession(admin.id);
  const change = (currentPassword: string) =>
    changeOwnPassword({ adminId: admin.id, sessionId: session.id, currentPassword, newPassword: "a-brand-new-one-2", ip: "50.0.0.1" });
  for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
    expect(await change("wrong-current")).toEqual({ ok: false, fields: { current_password: "รหัสผ่านปัจจุบันไม่ถูกต้อง" } });
  }
  const blocked = await change("account-password-1").then(
    () => null,
    (e: unknown) => e,
  );
  expect(blocked).toBeInstanceOf(LoginError);
  expect((blocked as LoginError).status).toBe(429);
  expect((blocked as LoginError).extra.headers?.["Retry-After"]).toMatch(/^\d+$/);
  // the same pair cannot sign in either, and the password did not change
  expect(await outcome(authenticateAdmin({ username: "account", password: "account-password-1", ip: "50.0.0.1" }))).toBe(429);
  expect(await outcome(authenticateAdmin({ username: "account", password: "account-password-1", ip: "50.0.0.2" }))).toBe(200);
});
