import net from "node:net";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { employees, lineGroups, linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { databasePath, db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { metrics } from "~/lib/metrics.server";
import { createAdmin } from "~/models/admins/admin.server";
import { listAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { MAX_MESSAGES, MAX_TEXT_LENGTH } from "./message-schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { PUSH_MESSAGES } from "./push-rules";
import {
  hasGroupsFlagged,
  listPushes,
  NOT_CONFIGURED,
  NOT_LINKED,
  PushError,
  pushToEmployee,
  pushToGroups,
  GAVE_UP,
  OUTCOME_UNKNOWN,
  resendDue,
  resendUndeliveredNotices,
  retryPush,
  setPushRetryDefaults,
} from "./notifier.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const admin = { type: "admin" as const, id: 0 };
let fake: FakeLine;
let serial = 0;

function useLine(base: string | null) {
  if (base) {
    process.env.LINE_API_BASE = base;
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  } else {
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  }
  resetEnvCache();
}

function employee({ linked = true } = {}) {
  serial += 1;
  const e = createEmployee(
    EmployeeCreateSchema.parse({ code: `N${serial}`, title: 1, first_name: "สมศักดิ์", last_name: "ส่งได้" }),
    admin,
  );
  const lineUserId = `U${String(serial).padStart(32, "0")}`;
  if (linked) db().update(employees).set({ lineUserId }).where(eq(employees.id, e.id)).run();
  return { ...e, lineUserId };
}

function group(values: { active?: boolean; notifyLeave?: boolean; notifyMachine?: boolean; notifySummary?: boolean }) {
  serial += 1;
  return db()
    .insert(lineGroups)
    .values({ groupId: `C${serial}`, name: `กลุ่ม ${serial}`, ...values })
    .returning()
    .get();
}

const pushes = () => fake.find("/v2/bot/message/push", "POST");
const keyOf = (i: number) => pushes()[i].headers["x-line-retry-key"];

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

async function closedPort() {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  fake = await startFakeLine();
  admin.id = (await createAdmin({ username: "notifier-admin", password: "notifier-admin-password" })).id;
  setPushRetryDefaults({ baseDelayMs: 1 });
});
afterAll(async () => {
  await fake.close();
  delete process.env.LINE_API_BASE;
  delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  resetEnvCache();
});
beforeEach(() => {
  fake.reset();
  useLine(fake.url);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.mocked(console.warn).mockRestore();
  if (vi.isMockFunction(globalThis.fetch)) vi.mocked(globalThis.fetch).mockRestore();
});

describe("pushToEmployee", () => {
  test("the row and its retry key are committed before the first request; a retry reuses the key", async () => {
    const e = employee();
    const reader = new Database(databasePath(), { readonly: true });
    const seen: unknown[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      const key = new Headers(init?.headers).get("x-line-retry-key");
      seen.push(reader.prepare("select status, attempts from line_pushes where retry_key = ?").get(key));
      return realFetch(url, init);
    });
    fake.pushPlan = [500, 200];
    const push = await pushToEmployee({ employeeId: e.id, text: "  สวัสดีครับ  ", kind: "manual", actor: admin });
    reader.close();

    expect(seen).toEqual([
      { status: "pending", attempts: 1 },
      { status: "pending", attempts: 2 },
    ]);
    expect(pushes()).toHaveLength(2);
    expect(keyOf(0)).toMatch(UUID);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(push).toMatchObject({ retry_key: keyOf(0), status: "sent", attempts: 2, to: e.lineUserId, employee_id: e.id, kind: "manual" });
    expect(push.sent_at).not.toBeNull();
    expect(pushes()[0].body).toEqual({ to: e.lineUserId, messages: [{ type: "text", text: "สวัสดีครับ" }] });
  });

  test("two pushes get two different keys", async () => {
    const e = employee();
    const a = await pushToEmployee({ employeeId: e.id, text: "หนึ่ง", kind: "manual" });
    const b = await pushToEmployee({ employeeId: e.id, text: "สอง", kind: "manual" });
    expect(a.retry_key).not.toBe(b.retry_key);
    expect(new Set([keyOf(0), keyOf(1)]).size).toBe(2);
  });

  test("409 from LINE means already accepted: sent, no retry", async () => {
    const e = employee();
    fake.pushPlan = [409];
    const push = await pushToEmployee({ employeeId: e.id, text: "ซ้ำ", kind: "manual" });
    expect(push).toMatchObject({ status: "sent", attempts: 1 });
    expect(pushes()).toHaveLength(1);
  });

  test("429 waits Retry-After, then retries with the same key; a longer Retry-After than the cap stops the attempts", async () => {
    const e = employee();
    fake.pushPlan = [429];
    const r = recorder();
    const push = await pushToEmployee({ employeeId: e.id, text: "ช้าหน่อย", kind: "manual", retry: { sleep: r.sleep } });
    expect(r.delays).toEqual([1000]);
    expect(push).toMatchObject({ status: "sent", attempts: 2 });
    expect(keyOf(1)).toBe(keyOf(0));

    fake.reset();
    fake.pushPlan = [429];
    const capped = recorder();
    const error = await rejection(
      pushToEmployee({ employeeId: e.id, text: "อีกครั้ง", kind: "manual", retry: { sleep: capped.sleep, maxRetryAfterMs: 200 } }),
      PushError,
    );
    expect(capped.delays).toEqual([]);
    expect(error.status).toBe(502);
    expect(error.push).toMatchObject({ status: "failed", attempts: 1 });
    expect(pushes()).toHaveLength(1);

    fake.reset();
    fake.pushPlan = [429];
    const started = Date.now();
    await pushToEmployee({ employeeId: e.id, text: "รอจริง", kind: "manual" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(pushes()).toHaveLength(2);
  });

  test("400 from LINE fails at once: one request, row failed, 502 PushError", async () => {
    const e = employee();
    fake.pushPlan = [400];
    const error = await rejection(pushToEmployee({ employeeId: e.id, text: "ผิด", kind: "manual" }), PushError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^ส่งข้อความ LINE ไม่สำเร็จ/);
    expect(error.push).toMatchObject({ status: "failed", attempts: 1, sent_at: null });
    expect(error.push.last_error).toContain("400");
    expect(pushes()).toHaveLength(1);
  });

  test("5xx is retried with exponential backoff, then fails after 3 attempts", async () => {
    const e = employee();
    fake.pushPlan = [500, 502, 503];
    const r = recorder();
    const error = await rejection(
      pushToEmployee({ employeeId: e.id, text: "ล่ม", kind: "manual", retry: { sleep: r.sleep, baseDelayMs: 10 } }),
      PushError,
    );
    expect(r.delays).toEqual([10, 20]);
    expect(error.push).toMatchObject({ status: "failed", attempts: 3 });
    expect(pushes().map((p) => p.headers["x-line-retry-key"])).toEqual([keyOf(0), keyOf(0), keyOf(0)]);
  });

  test("network failure is retried, then the row fails", async () => {
    const e = employee();
    useLine(`http://127.0.0.1:${await closedPort()}`);
    const error = await rejection(pushToEmployee({ employeeId: e.id, text: "เน็ตหลุด", kind: "manual" }), PushError);
    expect(error.status).toBe(502);
    expect(error.push).toMatchObject({ status: "failed", attempts: 3 });
    expect(error.push.last_error).toContain("ติดต่อ LINE ไม่ได้");
  });

  test("LINE sends its headers and stalls: one attempt, 502 saying the push stays pending; the row is pending with a Thai reason", async () => {
    const e = employee();
    process.env.LINE_TIMEOUT_SECONDS = "0.3";
    resetEnvCache();
    try {
      fake.stallAfterHeaders = ["/v2/bot/message/push"];
      const started = performance.now();
      const error = await rejection(pushToEmployee({ employeeId: e.id, text: "ค้างกลางทาง", kind: "manual" }), PushError);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(error.status).toBe(502);
      expect(error.message).toBe(`ส่งข้อความ LINE ไม่สำเร็จ: ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 0.3 วินาที ${OUTCOME_UNKNOWN}`);
      expect(error.push).toMatchObject({ status: "pending", attempts: 1, sent_at: null, last_error: "ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 0.3 วินาที (HTTP -)" });
      expect(pushes()).toHaveLength(1);
    } finally {
      delete process.env.LINE_TIMEOUT_SECONDS;
      resetEnvCache();
    }
  });

  test("bestEffort never throws LINE failures; an unreachable employee gives null", async () => {
    const e = employee();
    fake.pushPlan = [400];
    const failed = await pushToEmployee({ employeeId: e.id, text: "ผลการลา", kind: "leave_decision", bestEffort: true });
    expect(failed?.status).toBe("failed");
    const unlinked = employee({ linked: false });
    expect(await pushToEmployee({ employeeId: unlinked.id, text: "x", kind: "leave_decision", bestEffort: true })).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  test("not configured: 503 PushError, row failed, LINE not called, no retry", async () => {
    const e = employee();
    useLine(null);
    const error = await rejection(pushToEmployee({ employeeId: e.id, text: "ยังไม่ตั้งค่า", kind: "manual" }), PushError);
    expect(error.status).toBe(503);
    expect(error.message).toBe(NOT_CONFIGURED);
    expect(error.push).toMatchObject({ status: "failed", attempts: 1, last_error: NOT_CONFIGURED });
    expect(pushes()).toHaveLength(0);
  });

  test("input and employee rules: 400 text, 404 unknown, 409 not linked / resigned; no row written", async () => {
    const e = employee();
    const before = listPushes({ page: 1, page_size: 200 }).total;
    const empty = await rejection(pushToEmployee({ employeeId: e.id, text: "   ", kind: "manual" }), DomainError);
    expect(empty.status).toBe(400);
    expect(empty.fields?.text).toBe("กรุณากรอกข้อความ");
    const long = await rejection(pushToEmployee({ employeeId: e.id, text: "ก".repeat(2001), kind: "manual" }), DomainError);
    expect(long.fields?.text).toBe("ข้อความยาวเกิน 2000 ตัวอักษร");
    const messages = await rejection(pushToEmployee({ employeeId: e.id, messages: [], kind: "manual" }), DomainError);
    expect(messages.status).toBe(400);
    // The same message rules as the auto-replies (LineMessagesSchema), not a weaker copy.
    for (const bad of [
      [{ type: "sticker", packageId: "x1" }],
      [{ type: "no-such-type" }],
      [{ type: "text", text: "ก".repeat(MAX_TEXT_LENGTH + 1) }],
      Array(MAX_MESSAGES + 1).fill({ type: "text", text: "ก" }),
    ]) {
      const refused = await rejection(pushToEmployee({ employeeId: e.id, messages: bad, kind: "manual" }), DomainError);
      expect(refused.status).toBe(400);
    }
    expect((await rejection(pushToEmployee({ employeeId: 999999, text: "x", kind: "manual" }), DomainError)).status).toBe(404);
    const unlinked = await rejection(pushToEmployee({ employeeId: employee({ linked: false }).id, text: "x", kind: "manual" }), DomainError);
    expect(unlinked).toMatchObject({ status: 409, message: NOT_LINKED });
    resignEmployee(e.id, "2026-01-31", admin);
    expect((await rejection(pushToEmployee({ employeeId: e.id, text: "x", kind: "manual" }), DomainError)).status).toBe(409);
    expect(listPushes({ page: 1, page_size: 200 }).total).toBe(before);
    expect(pushes()).toHaveLength(0);

    const ok = employee();
    const max = await pushToEmployee({ employeeId: ok.id, text: ` ${"ข".repeat(2000)} `, kind: "manual" });
    expect(max.status).toBe("sent");
  });

  test("an employee whose resignation is still ahead is pushed to; from the date, 409", async () => {
    const e = employee();
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-21T16:59:00Z")); // 23:59 in Bangkok
      resignEmployee(e.id, "2026-11-22", admin);
      expect((await pushToEmployee({ employeeId: e.id, text: "แจ้งเตือน", kind: "manual" })).status).toBe("sent");
      vi.setSystemTime(new Date("2026-11-21T17:01:00Z")); // 00:01 on the 22nd
      const refused = await rejection(pushToEmployee({ employeeId: e.id, text: "แจ้งเตือน", kind: "manual" }), DomainError);
      expect(refused).toMatchObject({ status: 409, message: PUSH_MESSAGES.resigned });
    } finally {
      vi.useRealTimers();
    }
    expect(pushes()).toHaveLength(1);
  });

  test("the audit log says who pushed what to whom", async () => {
    const e = employee();
    const push = await pushToEmployee({ employeeId: e.id, text: "ตรวจสอบ", kind: "manual", actor: admin });
    const [entry] = listAudit({ entity: "employee", entityId: e.id }).filter((a) => a.action === "line_push");
    expect(entry).toMatchObject({ actorType: "admin", actorId: admin.id });
    expect(entry.changes).toMatchObject({ push_id: push.id, kind: "manual", messages: [{ type: "text", text: "ตรวจสอบ" }] });
    const row = db().select().from(linePushes).where(eq(linePushes.id, push.id)).get();
    expect(row?.createdBy).toBe(admin.id);
  });
});

describe("the metrics", () => {
  const outcomes = async () => {
    const values = (await metrics.linePushes.get()).values;
    const of = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    return { sent: of("sent"), failed: of("failed"), pending: of("pending"), retries: (await metrics.lineRetries.get()).values[0]?.value ?? 0 };
  };

  test("each push ends counted once by outcome in tn_line_push_total; each attempt made again in tn_line_retries_total", async () => {
    const e = employee();
    const before = await outcomes();
    fake.pushPlan = [500, 503, 200];
    await pushToEmployee({ employeeId: e.id, text: "ครั้งที่สามได้", kind: "manual", retry: { sleep: async () => undefined } });
    fake.pushPlan = [400];
    await rejection(pushToEmployee({ employeeId: e.id, text: "ไม่รับ", kind: "manual" }), PushError);
    process.env.LINE_TIMEOUT_SECONDS = "0.3";
    resetEnvCache();
    try {
      fake.stallAfterHeaders = ["/v2/bot/message/push"];
      await rejection(pushToEmployee({ employeeId: e.id, text: "ค้างกลางทาง", kind: "manual" }), PushError);
    } finally {
      delete process.env.LINE_TIMEOUT_SECONDS;
      resetEnvCache();
    }
    expect(await outcomes()).toEqual({ sent: before.sent + 1, failed: before.failed + 1, pending: before.pending + 1, retries: before.retries + 2 });
  });
});

describe("retryPush", () => {
  test("re-sends a failed row with its persisted key", async () => {
    const e = employee();
    fake.pushPlan = [400];
    const { push } = await rejection(pushToEmployee({ employeeId: e.id, text: "ลองใหม่", kind: "manual" }), PushError);
    const again = await retryPush(push.id);
    expect(again).toMatchObject({ id: push.id, status: "sent", attempts: 2, last_error: null });
    expect(keyOf(1)).toBe(push.retry_key);
  });

  test("after a crash between sending and recording, LINE's 409 for the same key settles it as sent", async () => {
    const e = employee();
    const push = await pushToEmployee({ employeeId: e.id, text: "ครั้งเดียว", kind: "manual" });
    db().update(linePushes).set({ status: "pending", sentAt: null }).where(eq(linePushes.id, push.id)).run();
    const again = await retryPush(push.id);
    expect(again.status).toBe("sent");
    expect(pushes()).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(fake.acceptedRetryKeys.size).toBe(1);
  });

  test("a sent row is not re-sent (409); an unknown id is 404", async () => {
    const e = employee();
    const push = await pushToEmployee({ employeeId: e.id, text: "ส่งแล้ว", kind: "manual" });
    expect((await rejection(retryPush(push.id), DomainError)).status).toBe(409);
    expect((await rejection(retryPush(999999), DomainError)).status).toBe(404);
    expect(pushes()).toHaveLength(1);
  });
});

describe("resendUndeliveredNotices", () => {
  test("sends a failed automatic notice or any stuck push again with its own key; leaves failed manual, fresh, old and worn-out rows alone", async () => {
    db().delete(linePushes).run();
    const e = employee();
    fake.pushPlan = [500, 500, 500];
    const failed = await pushToEmployee({ employeeId: e.id, text: "แจ้งเตือนการลา", kind: "leave_decision", bestEffort: true });
    expect(failed?.status).toBe("failed");
    fake.pushPlan = [400];
    const manual = await rejection(pushToEmployee({ employeeId: e.id, text: "ส่งเอง", kind: "manual" }), PushError);
    const sentBefore = pushes().length;
    const at = (id: number, minutesAgo: number, set: Partial<typeof linePushes.$inferInsert> = {}) =>
      db().update(linePushes).set({ createdAt: new Date(Date.now() - minutesAgo * 60_000), ...set }).where(eq(linePushes.id, id)).run();
    // Tried 3 times: due after 20 minutes (resendDue).
    at(failed!.id, 25);
    at(manual.push.id, 25);
    const stuck = await pushToEmployee({ employeeId: e.id, text: "ค้างไว้", kind: "leave_request", bestEffort: true });
    at(stuck!.id, 30, { status: "pending", sentAt: null });
    // An admin's push LINE never answered: its outcome is unknown, so the job asks again with its key.
    const unanswered = await pushToEmployee({ employeeId: e.id, text: "ไม่มีคำตอบ", kind: "manual" });
    at(unanswered.id, 30, { status: "pending", sentAt: null });
    const fresh = await pushToEmployee({ employeeId: e.id, text: "เพิ่งส่ง", kind: "leave_request", bestEffort: true });
    at(fresh!.id, 1, { status: "failed" });
    const old = await pushToEmployee({ employeeId: e.id, text: "เก่าแล้ว", kind: "leave_request", bestEffort: true });
    at(old!.id, 25 * 60, { status: "failed" });
    const worn = await pushToEmployee({ employeeId: e.id, text: "ลองครบแล้ว", kind: "leave_request", bestEffort: true });
    at(worn!.id, 10, { status: "failed", attempts: 12 });
    const baseline = pushes().length;
    expect(baseline - sentBefore).toBe(5);

    expect(await resendUndeliveredNotices()).toEqual({ tried: 3, sent: 3, gaveUp: 0 });
    const resent = pushes().slice(baseline).map((p) => p.headers["x-line-retry-key"]);
    const row = (id: number) => db().select().from(linePushes).where(eq(linePushes.id, id)).get()!;
    expect(resent.sort()).toEqual([row(failed!.id).retryKey, row(stuck!.id).retryKey, row(unanswered.id).retryKey].sort());
    // LINE already had the stuck ones: its 409 for their keys settles them as sent, delivered once.
    expect(fake.acceptedRetryKeys.has(row(unanswered.id).retryKey)).toBe(true);
    expect([row(failed!.id).status, row(stuck!.id).status, row(unanswered.id).status]).toEqual(["sent", "sent", "sent"]);
    expect(row(manual.push.id).status).toBe("failed");
    expect(await resendUndeliveredNotices()).toEqual({ tried: 0, sent: 0, gaveUp: 0 });
  });

  test("backs off: a row tried n times is due once it is 5 min × 2^(n−1) old", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    expect([0, 1, 2, 3, 4, 8].map((attempts) => resendDue({ createdAt: ago(5), attempts }, now))).toEqual([true, true, false, false, false, false]);
    expect(resendDue({ createdAt: ago(10), attempts: 2 }, now)).toBe(true);
    expect(resendDue({ createdAt: ago(19), attempts: 3 }, now)).toBe(false);
    expect(resendDue({ createdAt: ago(20), attempts: 3 }, now)).toBe(true);
    expect(resendDue({ createdAt: ago(640), attempts: 8 }, now)).toBe(true);
  });

  test("a pending push past a day or 12 attempts ends failed with a Thai reason; one whose back-off is not over waits; LINE is not asked", async () => {
    db().delete(linePushes).run();
    const e = employee();
    const at = (id: number, minutesAgo: number, set: Partial<typeof linePushes.$inferInsert> = {}) =>
      db().update(linePushes).set({ createdAt: new Date(Date.now() - minutesAgo * 60_000), ...set }).where(eq(linePushes.id, id)).run();
    const lastError = "ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 10 วินาที (HTTP -)";
    const old = await pushToEmployee({ employeeId: e.id, text: "ค้างข้ามวัน", kind: "manual" });
    at(old.id, 25 * 60, { status: "pending", sentAt: null, attempts: 6, lastError });
    const worn = await pushToEmployee({ employeeId: e.id, text: "ลองครบ", kind: "leave_request", bestEffort: true });
    at(worn!.id, 60, { status: "pending", sentAt: null, attempts: 12, lastError });
    const waiting = await pushToEmployee({ employeeId: e.id, text: "ยังรอได้", kind: "leave_request", bestEffort: true });
    at(waiting!.id, 60, { status: "pending", sentAt: null, attempts: 5, lastError });
    fake.reset();

    expect(await resendUndeliveredNotices()).toEqual({ tried: 0, sent: 0, gaveUp: 2 });
    expect(pushes()).toHaveLength(0);
    const rows = listPushes({ page: 1, page_size: 10 }).items;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({
      status: "failed",
      last_error: `ส่งข้อความ LINE ไม่สำเร็จ: ${GAVE_UP} (ลองส่ง 6 ครั้ง) — ครั้งล่าสุด: ${lastError}`,
    });
    expect(byId.get(worn!.id)).toMatchObject({ status: "failed", last_error: expect.stringContaining("(ลองส่ง 12 ครั้ง)") });
    expect(byId.get(waiting!.id)).toMatchObject({ status: "pending" });
  });
});

describe("hasGroupsFlagged", () => {
  test("only an active group with the flag counts", () => {
    db().delete(lineGroups).run();
    group({ active: false, notifyLeave: true });
    group({ active: true, notifyMachine: true });
    expect(hasGroupsFlagged("notify_leave")).toBe(false);
    expect(hasGroupsFlagged("notify_machine")).toBe(true);
    group({ active: true, notifyLeave: true });
    expect(hasGroupsFlagged("notify_leave")).toBe(true);
    db().delete(lineGroups).run();
  });
});

describe("pushToGroups", () => {
  test("targets only active groups with the flag, each with its own row and key", async () => {
    const leave = group({ notifyLeave: true });
    const both = group({ notifyLeave: true, notifyMachine: true });
    const machineOnly = group({ notifyMachine: true });
    const left = group({ notifyLeave: true, active: false });
    const messages = [{ type: "text", text: "มีคำขอลาใหม่" }];
    const result = await pushToGroups({ flag: "notify_leave", messages, kind: "leave_request" });
    expect(result.map((p) => p.group_id).sort()).toEqual([leave.id, both.id].sort());
    expect(result.every((p) => p.status === "sent" && p.employee_id === null)).toBe(true);
    const targets = pushes().map((p) => (p.body as { to: string }).to);
    expect(targets.sort()).toEqual([leave.groupId, both.groupId].sort());
    expect(targets).not.toContain(machineOnly.groupId);
    expect(targets).not.toContain(left.groupId);
    expect(new Set(pushes().map((p) => p.headers["x-line-retry-key"])).size).toBe(2);

    fake.reset();
    const machine = await pushToGroups({ flag: "notify_machine", messages, kind: "machine_visit" });
    expect(machine.map((p) => p.to).sort()).toEqual([both.groupId, machineOnly.groupId].sort());

    expect(hasGroupsFlagged("notify_summary")).toBe(false);
    const summary = group({ notifySummary: true });
    group({ notifySummary: true, active: false });
    expect(hasGroupsFlagged("notify_summary")).toBe(true);
    const summaries = await pushToGroups({ flag: "notify_summary", messages, kind: "daily_summary" });
    expect(summaries.map((p) => p.to)).toEqual([summary.groupId]);
  });

  test("records failures per group and never throws", async () => {
    db().update(lineGroups).set({ notifyLeave: false, notifyMachine: false }).run();
    const g = group({ notifyLeave: true });
    fake.pushPlan = [400];
    const [failed] = await pushToGroups({ flag: "notify_leave", messages: [{ type: "text", text: "แจ้ง" }], kind: "leave_request" });
    expect(failed).toMatchObject({ group_id: g.id, status: "failed", attempts: 1 });
    expect(console.warn).toHaveBeenCalled();

    useLine(null);
    const [unconfigured] = await pushToGroups({ flag: "notify_leave", messages: [{ type: "text", text: "แจ้ง" }], kind: "leave_request" });
    expect(unconfigured).toMatchObject({ status: "failed", last_error: NOT_CONFIGURED });
    await expect(pushToGroups({ flag: "notify_leave", messages: [], kind: "leave_request" })).resolves.toEqual([]);
  });
});

test("listPushes: newest first, filtered by employee, with a total", async () => {
  const e = employee();
  const first = await pushToEmployee({ employeeId: e.id, text: "เก่า", kind: "manual" });
  const second = await pushToEmployee({ employeeId: e.id, text: "ใหม่", kind: "manual" });
  const list = listPushes({ employee_id: e.id, page: 1, page_size: 20 });
  expect(list.total).toBe(2);
  expect(list.items.map((p) => p.id)).toEqual([second.id, first.id]);
  expect(listPushes({ employee_id: e.id, page: 2, page_size: 1 }).items.map((p) => p.id)).toEqual([first.id]);
});
