import { vi } from "vitest";

// The real hash takes ~50 ms of CPU; here each call waits until the test lets it finish, so the
// number running at once is exact.
const calls = vi.hoisted(() => ({ running: 0, most: 0, release: [] as Array<() => void> }));
vi.mock("@node-rs/argon2", () => {
  const slow = (value: unknown) => {
    calls.running += 1;
    calls.most = Math.max(calls.most, calls.running);
    return new Promise((resolve) =>
      calls.release.push(() => {
        calls.running -= 1;
        resolve(value);
      }),
    );
  };
  return { hash: () => slow("$argon2id$fake"), verify: () => slow(true) };
});

const { MAX_CONCURRENT_HASHES, hashPassword, verifyPassword } = await import("./password.server");
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

it("runs at most MAX_CONCURRENT_HASHES hashes at once; the rest wait in order and all finish", async () => {
  expect(MAX_CONCURRENT_HASHES).toBe(2);
  const order: number[] = [];
  const jobs = Array.from({ length: 7 }, (_, i) =>
    (i % 2 ? verifyPassword("$argon2id$fake", "pw") : hashPassword("pw")).then(() => order.push(i)),
  );
  await tick();
  expect(calls.running).toBe(2);
  while (calls.release.length > 0) {
    calls.release.shift()!();
    await tick();
    expect(calls.running).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
  }
  await Promise.all(jobs);
  expect(calls.most).toBe(MAX_CONCURRENT_HASHES);
  expect(calls.running).toBe(0);
  expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
});
