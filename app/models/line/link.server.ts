import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { employees, verifyCodes } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, preparedQuery } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { clearKeyedFailures, keyedThrottle, recordKeyedFailure } from "~/lib/rate-limit.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireEmployee, workingColumn } from "~/models/employees/employee.server";
import { LINK_TRIES_PER_LINE_USER, VERIFY_CODE_MAX_TRIES } from "./limits";

export const VERIFY_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export { LINK_TRIES_PER_LINE_USER, VERIFY_CODE_MAX_TRIES };

export const LinkSchema = z.object({
  employee_code: z.string({ error: "กรุณากรอกรหัสพนักงาน" }).trim().min(1, "กรุณากรอกรหัสพนักงาน").max(20, "รหัสพนักงานไม่ถูกต้อง"),
  verify_code: z
    .string({ error: "กรุณากรอกรหัสยืนยัน 6 หลัก" })
    .trim()
    .regex(/^\d{6}$/, "รหัสยืนยันต้องเป็นตัวเลข 6 หลัก"),
});

/**
 * The one answer to every failed link (unknown or resigned employee, wrong, expired, used or
 * voided code, employee linked elsewhere), so the answer never tells employee codes apart.
 */
export const LINK_FAILED = "รหัสพนักงานหรือรหัสยืนยันไม่ถูกต้อง หรือรหัสยืนยันหมดอายุแล้ว กรุณาตรวจสอบ หรือขอรหัสใหม่จากผู้ดูแลระบบ";
export const linkThrottledMessage = (seconds: number) =>
  `ใส่รหัสไม่ถูกต้องหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${Math.ceil(seconds / 60)} นาที`;

const triesKey = (lineUserId: string) => `line:${lineUserId}`;

function hashCode(employeeId: number, code: string) {
  return crypto.createHash("sha256").update(`${employeeId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string) {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The spec's /api/emp/authen reply for a LINE user. */
export type AuthenReply =
  | {
      isVerify: true;
      id: number;
      title: number;
      first_name: string;
      last_name: string;
      permission: "employee";
      code: string;
      face_descriptor: number[] | null;
    }
  | { isVerify: false };

/** The employee this LINE user is linked to (id, resign date, working today: what the guards need). */
const linkedEmployee = preparedQuery((d) =>
  d
    .select({ id: employees.id, resignDate: employees.resignDate, working: workingColumn(sql.placeholder("today")) })
    .from(employees)
    .where(eq(employees.lineUserId, sql.placeholder("lineUserId")))
    .prepare(),
);

export function findLinkedEmployee(lineUserId: string) {
  return linkedEmployee().get({ lineUserId, today: workDate() }) ?? null;
}

/**
 * Linked and still working: the employee's id, else null (from their resign date on, employees
 * no longer get in).
 */
export function findWorkingEmployeeId(lineUserId: string): number | null {
  const e = findLinkedEmployee(lineUserId);
  return e?.working ? e.id : null;
}

/** Where a verified LINE user stands: not linked, linked to a working employee, or to one who left. */
export type LineLinkState =
  | { state: "unlinked" }
  | { state: "working"; employeeId: number }
  | { state: "resigned"; employeeId: number };

export function lineLinkState(lineUserId: string): LineLinkState {
  const linked = findLinkedEmployee(lineUserId);
  if (!linked) return { state: "unlinked" };
  return linked.working ? { state: "working", employeeId: linked.id } : { state: "resigned", employeeId: linked.id };
}

export function authenReply(lineUserId: string): AuthenReply {
  const link = lineLinkState(lineUserId);
  if (link.state !== "working") return { isVerify: false };
  const e = db().select().from(employees).where(eq(employees.id, link.employeeId)).get();
  if (!e) return { isVerify: false };
  return {
    isVerify: true,
    id: e.id,
    title: e.title,
    first_name: e.firstName,
    last_name: e.lastName,
    permission: "employee",
    code: e.code,
    face_descriptor: e.faceDescriptor ?? null,
  };
}

/** An admin issues a one-time 6-digit code; any earlier unused code of the employee is voided. */
export function issueVerifyCode(employeeId: number, actor: Actor, now = Date.now()) {
  const employee = requireEmployee(employeeId);
  if (!employee.working) throw new DomainError(409, "พนักงานคนนี้ลาออกแล้ว");
  if (employee.line_linked) throw new DomainError(409, "พนักงานคนนี้เชื่อมบัญชี LINE แล้ว ยกเลิกการเชื่อมก่อนจึงจะออกรหัสใหม่ได้");
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now + VERIFY_CODE_TTL_MS);
  immediate((tx) => {
    tx.update(verifyCodes)
      .set({ voidedAt: new Date(now) })
      .where(and(eq(verifyCodes.employeeId, employeeId), isNull(verifyCodes.usedAt), isNull(verifyCodes.voidedAt)))
      .run();
    tx.insert(verifyCodes)
      .values({
        employeeId,
        codeHash: hashCode(employeeId, code),
        expiresAt,
        createdBy: actor.type === "admin" ? (actor.id ?? null) : null,
        createdAt: new Date(now),
      })
      .run();
    recordAudit({ actor, action: "issue_verify_code", entity: "employee", entityId: employeeId });
  });
  return { code, expires_at: expiresAt.toISOString() };
}

type LinkOutcome =
  | { ok: true; employeeId: number }
  | { ok: false; status: 400 | 409 | 429; message: string; retryAfterSeconds?: number };

/**
 * Links the verified LINE user to the employee whose code and one-time verify code match.
 * Every failure answers alike and counts against the LINE user (5 per 15 minutes, then 429);
 * a wrong code also counts against that code (20 void it). Counts are written before the error
 * is thrown (a thrown error inside the transaction would roll them back).
 */
export function linkLineUser(
  input: { lineUserId: string; employeeCode: string; verifyCode: string },
  now = Date.now(),
): number {
  const key = triesKey(input.lineUserId);
  const outcome = immediate((tx): LinkOutcome => {
    if (findLinkedEmployee(input.lineUserId)) {
      return { ok: false, status: 409, message: "บัญชี LINE นี้เชื่อมกับพนักงานแล้ว" };
    }
    const throttle = keyedThrottle(tx, key, LINK_TRIES_PER_LINE_USER, now);
    if (throttle.retryAfterSeconds > 0) {
      return { ok: false, status: 429, message: linkThrottledMessage(throttle.retryAfterSeconds), retryAfterSeconds: throttle.retryAfterSeconds };
    }
    const failed = (): LinkOutcome => {
      recordKeyedFailure(tx, key, now);
      return { ok: false, status: 400, message: LINK_FAILED };
    };
    const found = tx
      .select({ e: employees, working: workingColumn() })
      .from(employees)
      .where(eq(sql`lower(${employees.code})`, input.employeeCode.trim().toLowerCase()))
      .get();
    if (!found?.working || found.e.lineUserId) return failed();
    const employee = found.e;
    const pending = tx
      .select()
      .from(verifyCodes)
      .where(and(eq(verifyCodes.employeeId, employee.id), isNull(verifyCodes.usedAt), isNull(verifyCodes.voidedAt)))
      .orderBy(desc(verifyCodes.id))
      .get();
    if (!pending || pending.expiresAt.getTime() <= now) return failed();
    if (!sameHash(pending.codeHash, hashCode(employee.id, input.verifyCode))) {
      const tries = pending.failedTries + 1;
      tx.update(verifyCodes)
        .set({ failedTries: tries, ...(tries >= VERIFY_CODE_MAX_TRIES ? { voidedAt: new Date(now) } : {}) })
        .where(eq(verifyCodes.id, pending.id))
        .run();
      return failed();
    }
    tx.update(verifyCodes).set({ usedAt: new Date(now) }).where(eq(verifyCodes.id, pending.id)).run();
    tx.update(employees)
      .set({ lineUserId: input.lineUserId, updatedAt: new Date(now) })
      .where(eq(employees.id, employee.id))
      .run();
    clearKeyedFailures(tx, key);
    recordAudit({
      actor: { type: "employee", id: employee.id },
      action: "link_line",
      entity: "employee",
      entityId: employee.id,
      changes: { line_user_id: input.lineUserId },
    });
    return { ok: true, employeeId: employee.id };
  });
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { headers: { "Retry-After": String(outcome.retryAfterSeconds) } } : {};
    throw new DomainError(outcome.status, outcome.message, undefined, headers);
  }
  return outcome.employeeId;
}

/** An admin removes the link; the employee can link again with a new code. */
export function unlinkLineUser(employeeId: number, actor: Actor) {
  const employee = requireEmployee(employeeId);
  if (!employee.line_linked) throw new DomainError(409, "พนักงานคนนี้ยังไม่ได้เชื่อมบัญชี LINE");
  const before = findLineUserId(employeeId);
  db().update(employees).set({ lineUserId: null, updatedAt: new Date() }).where(eq(employees.id, employeeId)).run();
  recordAudit({ actor, action: "unlink_line", entity: "employee", entityId: employeeId, changes: { line_user_id: before } });
  return requireEmployee(employeeId);
}

function findLineUserId(employeeId: number) {
  return db().select({ id: employees.lineUserId }).from(employees).where(eq(employees.id, employeeId)).get()?.id ?? null;
}
