// Every push to LINE goes through here. A push is first persisted (line_pushes) with a fresh
// X-Line-Retry-Key, then sent; retries reuse the same key, so LINE drops duplicates even after a
// crash between sending and recording the answer (LINE answers 409 for an accepted key).
import crypto from "node:crypto";
import { and, count, desc, eq, gte, lt, lte, notInArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { employees, lineGroups, linePushes } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { isBotConfigured, LINE_NOT_CONFIGURED, LineApiError, lineErrorToDomain, pushMessage, type LineMessage } from "~/lib/line.server";
import { idField, pageOffset, PageFields, parseOrThrow, type Page } from "~/lib/validation";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { workingColumn } from "~/models/employees/employee.server";
import { LineMessagesSchema } from "./message-schema";

import { PUSH_MESSAGES, pushTargetProblem, pushTextProblem } from "~/models/line/push-rules";
import { logger } from "~/lib/log.server";
import { metrics } from "~/lib/metrics.server";
export const NOT_LINKED = PUSH_MESSAGES.notLinked;
export const NOT_CONFIGURED = LINE_NOT_CONFIGURED;
export const SEND_FAILED = "ส่งข้อความ LINE ไม่สำเร็จ";
/** Told with a push LINE did not answer in time: it stays pending and the re-send job takes it. */
export const OUTCOME_UNKNOWN = "ยังไม่ทราบว่าข้อความถึงผู้รับหรือไม่ ระบบจะส่งอีกครั้งเองด้วยรหัสเดิม ผู้รับจะไม่ได้ข้อความซ้ำ";
/** A pending push the re-send job gave up on (its retry key only lasts a day at LINE). */
export const GAVE_UP = "LINE ไม่ยืนยันการรับข้อความ ระบบหยุดส่งซ้ำแล้ว";

/** What a push was for: manual = an admin's push-one; the others are automatic notices. */
export type PushKind = "manual" | "leave_request" | "leave_decision" | "machine_visit" | (string & {});
export type GroupFlag = "notify_leave" | "notify_machine" | "notify_summary";

const FLAG_COLUMNS = {
  notify_leave: lineGroups.notifyLeave,
  notify_machine: lineGroups.notifyMachine,
  notify_summary: lineGroups.notifySummary,
} as const;

export type PushDto = {
  id: number;
  retry_key: string;
  to: string;
  employee_id: number | null;
  group_id: number | null;
  kind: string;
  messages: Record<string, unknown>[];
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type RetryOptions = {
  /** Attempts in total, the first included (default 3). */
  maxAttempts?: number;
  /** Backoff after a network error or 5xx: base, 2×base, 4×base… (default 500 ms). */
  baseDelayMs?: number;
  /** Longest wait for a 429's Retry-After (default 5 s); a longer one ends the attempts, for the notice re-send. */
  maxRetryAfterMs?: number;
  /** How to wait (tests record the delays instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let defaults: Required<RetryOptions> = { maxAttempts: 3, baseDelayMs: 500, maxRetryAfterMs: 5000, sleep: wait };

/** Changes the retry policy for every later push (tests of modules that notify make it fast). */
export function setPushRetryDefaults(options: RetryOptions) {
  defaults = { ...defaults, ...options };
}

/** A push the caller asked to surface failed: 503 LINE not configured or unavailable, 502 LINE refused or unreachable. */
export class PushError extends DomainError {
  constructor(
    status: 502 | 503,
    message: string,
    readonly push: PushDto,
  ) {
    super(status, message, undefined, { body: { push } });
    this.name = "PushError";
  }
}

const textSchema = z
  .string({ error: PUSH_MESSAGES.empty })
  .transform((text) => text.normalize("NFC").trim())
  .superRefine((text, ctx) => {
    const problem = pushTextProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Input of POST /api/line/push-one (JSON or form). */
export const PushOneSchema = z.object({
  employee_id: idField("พนักงาน", "กรุณาเลือกพนักงาน"),
  text: textSchema,
});

export const PushListQuery = z.object({
  employee_id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    idField("รหัสพนักงาน").optional(),
  ),
  status: z.enum(["pending", "sent", "failed"], { error: "สถานะไม่ถูกต้อง" }).optional(),
  ...PageFields,
});
export type PushListQuery = z.infer<typeof PushListQuery>;

type Row = typeof linePushes.$inferSelect;

function toDto(row: Row): PushDto {
  return {
    id: row.id,
    retry_key: row.retryKey,
    to: row.to,
    employee_id: row.employeeId,
    group_id: row.groupId,
    kind: row.kind,
    messages: row.messages,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

function loadRow(id: number): Row {
  const row = db().select().from(linePushes).where(eq(linePushes.id, id)).get();
  if (!row) throw new DomainError(404, "ไม่พบรายการส่งข้อความ");
  return row;
}

export function getPush(id: number): PushDto {
  return toDto(loadRow(id));
}

function updateRow(id: number, set: Partial<typeof linePushes.$inferInsert>) {
  db().update(linePushes).set(set).where(eq(linePushes.id, id)).run();
}

function failureMessage(error: LineApiError, tried: number) {
  const detail = error.message.startsWith(SEND_FAILED) ? error.message : `${SEND_FAILED}: ${error.message}`;
  return tried > 1 ? `${detail} (ลองส่ง ${tried} ครั้ง)` : detail;
}

type Outcome = { ok: true } | { ok: false; status: 502 | 503; error: string };

/**
 * Sends a persisted row with its own retry key. Network errors and 5xx are retried with
 * exponential backoff, 429 after Retry-After (a longer one than maxRetryAfterMs stops here and
 * leaves the row failed for the re-send); 409 means LINE already has it (sent);
 * any other 4xx fails at once. A timeout (no whole answer) ends the attempts with the row still
 * pending: LINE may have it, and the re-send job asks again with the same key (ADR 041). Every
 * attempt is counted on the row before it is made.
 */
async function deliver(id: number, options: RetryOptions = {}): Promise<{ push: PushDto; outcome: Outcome }> {
  const o = { ...defaults, ...options };
  const row = loadRow(id);
  let attempts = row.attempts;
  for (let tried = 1; ; tried++) {
    attempts += 1;
    updateRow(id, { attempts });
    try {
      await pushMessage({ to: row.to, messages: row.messages as LineMessage[], retryKey: row.retryKey });
      updateRow(id, { status: "sent", sentAt: new Date(), lastError: null });
      metrics.linePushes.inc({ outcome: "sent" });
      return { push: getPush(id), outcome: { ok: true } };
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      if (error.timedOut) {
        const lastError = `${error.message} (HTTP -)`;
        updateRow(id, { status: "pending", lastError });
        metrics.linePushes.inc({ outcome: "pending" });
        logger.warn(`LINE push ${id}: no answer in time, left pending for the re-send (${error.message})`);
        return { push: getPush(id), outcome: { ok: false, status: 502, error: `${failureMessage(error, tried)} ${OUTCOME_UNKNOWN}` } };
      }
      const notConfigured = error.notConfigured;
      const lastError = notConfigured ? NOT_CONFIGURED : `${error.message} (HTTP ${error.status || "-"})`;
      const retryable = !notConfigured && (error.status === 0 || error.status === 429 || error.status >= 500);
      const delay =
        error.status === 429
          ? (error.retryAfterSeconds ?? o.baseDelayMs / 1000) * 1000
          : o.baseDelayMs * 2 ** (tried - 1);
      // LINE asked for a longer pause than a caller may wait: the notice re-send takes it later.
      const tooLong = error.status === 429 && delay > o.maxRetryAfterMs;
      if (!retryable || tooLong || tried >= o.maxAttempts) {
        updateRow(id, { status: "failed", lastError });
        metrics.linePushes.inc({ outcome: "failed" });
        logger.warn(`LINE push ${id} failed after ${tried} attempt(s): ${lastError}`);
        const failure = lineErrorToDomain(error, notConfigured ? {} : { failed: failureMessage(error, tried) });
        const status = failure.status === 503 ? 503 : 502;
        return { push: getPush(id), outcome: { ok: false, status, error: failure.message } };
      }
      updateRow(id, { lastError });
      metrics.lineRetries.inc();
      await o.sleep(delay);
    }
  }
}

function insertRow(values: {
  to: string;
  messages: Record<string, unknown>[];
  kind: string;
  employeeId?: number;
  groupId?: number;
  createdBy?: number | null;
  createdAt?: Date;
}) {
  return db()
    .insert(linePushes)
    .values({ ...values, retryKey: crypto.randomUUID(), status: "pending", attempts: 0 })
    .returning({ id: linePushes.id })
    .get().id;
}

type PushToEmployeeInput = {
  employeeId: number;
  kind: PushKind;
  actor?: Actor;
  /** true: LINE failures come back as a failed row and an unreachable employee as null, never thrown. */
  bestEffort?: boolean;
  retry?: RetryOptions;
  /** The row's created_at: the scheduler's clock, which the reminders read back to know whom they reminded (default: the database's). */
  at?: Date;
} & ({ text: string; messages?: never } | { messages: LineMessage[]; text?: never });

/**
 * Pushes to one active, LINE-linked employee. Throws DomainError 400 (bad text/messages),
 * 404 (unknown), 409 (resigned / not linked); then PushError 503/502 when LINE is not
 * configured or still refuses after the retries, unless `bestEffort`.
 */
export async function pushToEmployee(input: PushToEmployeeInput & { bestEffort: true }): Promise<PushDto | null>;
export async function pushToEmployee(input: PushToEmployeeInput): Promise<PushDto>;
export async function pushToEmployee(input: PushToEmployeeInput): Promise<PushDto | null> {
  const messages =
    input.text !== undefined
      ? [{ type: "text", text: parseOrThrow(z.object({ text: textSchema }), { text: input.text }, "ข้อความไม่ถูกต้อง").text }]
      : parseOrThrow(z.object({ messages: LineMessagesSchema }), { messages: input.messages }, "ข้อความไม่ถูกต้อง").messages;
  const actor = input.actor ?? { type: "system" as const };
  let id: number;
  try {
    id = immediate(() => {
      const employee = db()
        .select({ lineUserId: employees.lineUserId, working: workingColumn() })
        .from(employees)
        .where(eq(employees.id, input.employeeId))
        .get();
      if (!employee) throw new DomainError(404, "ไม่พบพนักงาน");
      const problem = pushTargetProblem({ resigned: !employee.working, linked: employee.lineUserId != null });
      if (problem || !employee.lineUserId) throw new DomainError(409, problem ?? PUSH_MESSAGES.notLinked);
      const pushId = insertRow({
        to: employee.lineUserId,
        messages,
        kind: input.kind,
        employeeId: input.employeeId,
        createdBy: actor.type === "admin" ? (actor.id ?? null) : null,
        createdAt: input.at,
      });
      recordAudit({
        actor,
        action: "line_push",
        entity: "employee",
        entityId: input.employeeId,
        changes: { push_id: pushId, kind: input.kind, messages },
      });
      return pushId;
    });
  } catch (error) {
    if (input.bestEffort && error instanceof DomainError && error.status === 409) {
      logger.warn(`LINE push to employee ${input.employeeId} skipped: ${error.message}`);
      return null;
    }
    throw error;
  }
  const { push, outcome } = await deliver(id, input.retry);
  if (!outcome.ok && !input.bestEffort) throw new PushError(outcome.status, outcome.error, push);
  return push;
}

/** Pushes to one LINE group (an admin's test message), logged and retried like every push. Throws PushError. */
export async function pushToGroup(input: { groupId: number; to: string; messages: LineMessage[]; kind: PushKind; actor?: Actor }) {
  const createdBy = input.actor?.type === "admin" ? (input.actor.id ?? null) : null;
  const id = insertRow({ to: input.to, messages: input.messages, kind: input.kind, groupId: input.groupId, createdBy });
  const { push, outcome } = await deliver(id);
  if (!outcome.ok) throw new PushError(outcome.status, outcome.error, push);
  return push;
}

/** Re-sends a pending or failed push with its persisted retry key (LINE drops it if it already got it). */
export async function retryPush(pushId: number, options: RetryOptions = {}): Promise<PushDto> {
  const row = loadRow(pushId);
  if (row.status === "sent") throw new DomainError(409, "ข้อความนี้ส่งสำเร็จแล้ว");
  return (await deliver(pushId, options)).push;
}

/** Whether any active group carries the flag (a notice with nobody to hear it is not even built). */
export function hasGroupsFlagged(flag: GroupFlag): boolean {
  const column = FLAG_COLUMNS[flag];
  return db().select({ id: lineGroups.id }).from(lineGroups).where(and(eq(lineGroups.active, true), eq(column, true))).limit(1).get() != null;
}

/**
 * Pushes to every active LINE group carrying the flag, each with its own row and key.
 * Never rejects: a failure is recorded on that group's row (notifications must not break the
 * leave filing or visit report that triggered them).
 */
export async function pushToGroups(input: {
  flag: GroupFlag;
  messages: LineMessage[];
  kind: PushKind;
  retry?: RetryOptions;
}): Promise<PushDto[]> {
  try {
    const messages = parseOrThrow(z.object({ messages: LineMessagesSchema }), { messages: input.messages }, "ข้อความไม่ถูกต้อง").messages;
    const column = FLAG_COLUMNS[input.flag];
    const groups = db()
      .select({ id: lineGroups.id, groupId: lineGroups.groupId })
      .from(lineGroups)
      .where(and(eq(lineGroups.active, true), eq(column, true)))
      .all();
    const ids = groups.map((g) => insertRow({ to: g.groupId, messages, kind: input.kind, groupId: g.id }));
    const results = await Promise.all(
      ids.map((id) =>
        deliver(id, input.retry).then(
          (r) => r.push,
          (error: unknown) => {
            logger.warn(`LINE push ${id} to a group failed: ${String(error)}`);
            updateRow(id, { status: "failed", lastError: String(error) });
            metrics.linePushes.inc({ outcome: "failed" });
            return getPush(id);
          },
        ),
      ),
    );
    return results;
  } catch (error) {
    logger.warn(`LINE group notification (${input.kind}) not sent: ${String(error)}`);
    return [];
  }
}

const inFlight = new Set<Promise<void>>();

/**
 * Starts an after-commit notice without making the caller wait for LINE. The push rows are written
 * before this returns (pushToEmployee and pushToGroups insert them before their first await); a
 * failure is logged with `what`, never thrown.
 */
export function dispatchNotice(what: string, send: () => Promise<unknown>) {
  // Without a bot (demo mode) there is nobody to tell: no push rows that can only fail.
  if (!isBotConfigured()) return;
  let started: Promise<unknown>;
  try {
    started = send();
  } catch (error) {
    started = Promise.reject(error);
  }
  const tracked: Promise<void> = started.then(
    () => undefined,
    (error: unknown) => logger.warn(`LINE notice (${what}) not sent: ${String(error)}`),
  );
  inFlight.add(tracked);
  void tracked.finally(() => inFlight.delete(tracked));
}

/** Waits until no notice started by dispatchNotice is under way (for tests: nothing awaits them at shutdown). */
export async function settleNotices() {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** Pushes an admin sent by hand: they saw it fail and decide themselves whether to send again. */
const MANUAL_KINDS = ["manual", "group_test"];
const RESEND_MIN_AGE_MS = 5 * 60 * 1000;
/** LINE keeps a retry key for 24 hours after the first request (the row is written just before it). */
const RESEND_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const RESEND_MAX_ATTEMPTS = 12;

/** Back-off of the re-send: a row tried n times is due once it is 5 min × 2^(n−1) old (5, 10, 20, 40 min … 21 h). */
export function resendDue(row: { createdAt: Date; attempts: number }, now: Date) {
  return now.getTime() - row.createdAt.getTime() >= RESEND_MIN_AGE_MS * 2 ** Math.max(0, row.attempts - 1);
}

/**
 * Pending pushes past the re-send's reach (a day old, or tried 12 times) end failed, with a Thai
 * reason the push log shows. Failed rows keep LINE's own reason.
 */
function giveUpPending(now: Date): number {
  return immediate(() => {
    const stale = db()
      .select({ id: linePushes.id, attempts: linePushes.attempts, lastError: linePushes.lastError })
      .from(linePushes)
      .where(
        and(
          eq(linePushes.status, "pending"),
          or(lt(linePushes.createdAt, new Date(now.getTime() - RESEND_MAX_AGE_MS)), gte(linePushes.attempts, RESEND_MAX_ATTEMPTS)),
        ),
      )
      .all();
    for (const row of stale) {
      const last = row.lastError ? ` — ครั้งล่าสุด: ${row.lastError}` : "";
      updateRow(row.id, { status: "failed", lastError: `${SEND_FAILED}: ${GAVE_UP} (ลองส่ง ${row.attempts} ครั้ง)${last}` });
    }
    return stale.length;
  });
}

/**
 * The re-send job. Every push still pending after 5 minutes (its outcome unknown: LINE timed out,
 * or the server stopped mid-send, whoever sent it) and every failed automatic notice (an admin's
 * manual push that failed is theirs to send again), younger than a day and tried fewer than 12
 * times, is sent once more with its own retry key when its back-off is over ({@link resendDue}),
 * so LINE never shows one twice. Then the pending rows past that reach end failed.
 */
export async function resendUndeliveredNotices(now: Date = new Date()): Promise<{ tried: number; sent: number; gaveUp: number }> {
  const rows = db()
    .select({ id: linePushes.id, createdAt: linePushes.createdAt, attempts: linePushes.attempts })
    .from(linePushes)
    .where(
      and(
        or(eq(linePushes.status, "pending"), and(eq(linePushes.status, "failed"), notInArray(linePushes.kind, MANUAL_KINDS))),
        lt(linePushes.attempts, RESEND_MAX_ATTEMPTS),
        gte(linePushes.createdAt, new Date(now.getTime() - RESEND_MAX_AGE_MS)),
        lte(linePushes.createdAt, new Date(now.getTime() - RESEND_MIN_AGE_MS)),
      ),
    )
    .orderBy(linePushes.id)
    .all()
    .filter((row) => resendDue(row, now));
  let sent = 0;
  for (const { id } of rows) {
    const { outcome } = await deliver(id, { maxAttempts: 1 });
    if (outcome.ok) sent += 1;
  }
  return { tried: rows.length, sent, gaveUp: giveUpPending(now) };
}

/** Pushes newest first, optionally for one employee or one status. */
export function listPushes(query: PushListQuery): Page<PushDto> {
  const conditions: SQL[] = [];
  if (query.employee_id) conditions.push(eq(linePushes.employeeId, query.employee_id));
  if (query.status) conditions.push(eq(linePushes.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const total = db().select({ n: count() }).from(linePushes).where(where).get()?.n ?? 0;
  const items = db()
    .select()
    .from(linePushes)
    .where(where)
    .orderBy(desc(linePushes.createdAt), desc(linePushes.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all()
    .map(toDto);
  return { items, total, page: query.page, page_size: query.page_size };
}
