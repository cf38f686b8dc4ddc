import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { employees, verifyCodes } from "../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "./audit.server";
import { requireEmployee } from "./employee.server";
import { VERIFY_CODE_MAX_TRIES } from "./line-limits";

export const VERIFY_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export { VERIFY_CODE_MAX_TRIES };

export const LinkSchema = z.object({
  employee_code: z.string({ error: "กรุณากรอกรหัสพนักงาน" }).trim().min(1, "กรุณากรอกรหัสพนักงาน").max(20, "รหัสพนักงานไม่ถูกต้อง"),
  verify_code: z
    .string({ error: "กรุณากรอกรหัสยืนยัน 6 หลัก" })
    .trim()
    .regex(/^\d{6}$/, "รหัสยืนยันต้องเป็นตัวเลข 6 หลัก"),
});

const WRONG = "รหัสพนักงานหรือรหัสยืนยันไม่ถูกต้อง";

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

/** The employee this LINE user is linked to (id and resign date: what the guards need). */
export function findLinkedEmployee(lineUserId: string) {
  return (
    db()
      .select({ id: employees.id, resignDate: employees.resignDate })
      .from(employees)
      .where(eq(employees.lineUserId, lineUserId))
      .get() ?? null
  );
}

/** Linked and still working: the employee's id, else null (resigned employees no longer get in). */
export function findWorkingEmployeeId(lineUserId: string): number | null {
  const e = findLinkedEmployee(lineUserId);
  return e && !e.resignDate ? e.id : null;
}

/** Linked and still working: resigned employees no longer get in. */
export function authenReply(lineUserId: string): AuthenReply {
  const e = db().select().from(employees).where(eq(employees.lineUserId, lineUserId)).get();
  if (!e || e.resignDate) return { isVerify: false };
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
  if (employee.resign_date) throw new DomainError(409, "พนักงานคนนี้ลาออกแล้ว");
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
  | { ok: false; status: 400 | 409; message: string; fields?: Record<string, string> };

/**
 * Links the verified LINE user to the employee whose code and one-time verify code match.
 * Wrong codes count against the code; the fifth wrong try voids it. Failures are written before
 * the error is thrown (a thrown error inside the transaction would roll the count back).
 */
export function linkLineUser(
  input: { lineUserId: string; employeeCode: string; verifyCode: string },
  now = Date.now(),
): number {
  const outcome = immediate((tx): LinkOutcome => {
    if (findLinkedEmployee(input.lineUserId)) {
      return { ok: false, status: 409, message: "บัญชี LINE นี้เชื่อมกับพนักงานแล้ว" };
    }
    const employee = tx
      .select()
      .from(employees)
      .where(eq(sql`lower(${employees.code})`, input.employeeCode.trim().toLowerCase()))
      .get();
    if (!employee || employee.resignDate) return { ok: false, status: 400, message: WRONG };
    if (employee.lineUserId) {
      return { ok: false, status: 409, message: "พนักงานคนนี้เชื่อมกับบัญชี LINE อื่นแล้ว กรุณาติดต่อผู้ดูแลระบบ" };
    }
    const pending = tx
      .select()
      .from(verifyCodes)
      .where(and(eq(verifyCodes.employeeId, employee.id), isNull(verifyCodes.usedAt), isNull(verifyCodes.voidedAt)))
      .orderBy(desc(verifyCodes.id))
      .get();
    if (!pending || pending.expiresAt.getTime() <= now) {
      return { ok: false, status: 400, message: "รหัสยืนยันหมดอายุหรือถูกใช้แล้ว กรุณาขอรหัสใหม่จากผู้ดูแลระบบ" };
    }
    if (!sameHash(pending.codeHash, hashCode(employee.id, input.verifyCode))) {
      const tries = pending.failedTries + 1;
      const exhausted = tries >= VERIFY_CODE_MAX_TRIES;
      tx.update(verifyCodes)
        .set({ failedTries: tries, ...(exhausted ? { voidedAt: new Date(now) } : {}) })
        .where(eq(verifyCodes.id, pending.id))
        .run();
      const message = exhausted
        ? "ใส่รหัสยืนยันผิดครบ 5 ครั้ง รหัสนี้ใช้ไม่ได้แล้ว กรุณาขอรหัสใหม่จากผู้ดูแลระบบ"
        : `${WRONG} (เหลืออีก ${VERIFY_CODE_MAX_TRIES - tries} ครั้ง)`;
      return { ok: false, status: 400, message, fields: { verify_code: message } };
    }
    tx.update(verifyCodes).set({ usedAt: new Date(now) }).where(eq(verifyCodes.id, pending.id)).run();
    tx.update(employees)
      .set({ lineUserId: input.lineUserId, updatedAt: new Date(now) })
      .where(eq(employees.id, employee.id))
      .run();
    recordAudit({
      actor: { type: "employee", id: employee.id },
      action: "link_line",
      entity: "employee",
      entityId: employee.id,
      changes: { line_user_id: input.lineUserId },
    });
    return { ok: true, employeeId: employee.id };
  });
  if (!outcome.ok) throw new DomainError(outcome.status, outcome.message, outcome.fields);
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
