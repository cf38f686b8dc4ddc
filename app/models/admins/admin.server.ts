import { DomainError } from "~/lib/errors";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { admins } from "../../../db/schema";
import { db } from "~/lib/db.server";
import {
  hashPassword,
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  randomPassword,
  verifyAgainstDummy,
  verifyPassword,
} from "~/lib/password.server";
import { forgiveLoginAttempt, reserveLoginAttempt } from "~/lib/rate-limit.server";
import { revokeSessions } from "~/lib/session.server";
import { cleanText } from "~/lib/validation";
import { recordAudit } from "~/models/audit/audit.server";

export type AdminUser = { id: number; username: string; fullName: string; permission: "admin" };

export const LoginSchema = z.object({
  username: z
    .string({ error: "กรุณากรอกชื่อผู้ใช้" })
    .trim()
    .min(1, "กรุณากรอกชื่อผู้ใช้")
    .max(64, "ชื่อผู้ใช้ยาวเกินไป"),
  password: z
    .string({ error: "กรุณากรอกรหัสผ่าน" })
    .min(1, "กรุณากรอกรหัสผ่าน")
    .max(PASSWORD_MAX_LENGTH, "รหัสผ่านยาวเกินไป"),
});

/** The rules that need no context; the username and the current password are checked by the model. */
export const NewPasswordSchema = z.string({ error: PASSWORD_MESSAGES.missing }).superRefine((password, ctx) => {
  const problem = newPasswordProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const ChangePasswordSchema = z
  .object({
    current_password: z.string({ error: "กรุณากรอกรหัสผ่านปัจจุบัน" }).min(1, "กรุณากรอกรหัสผ่านปัจจุบัน"),
    new_password: NewPasswordSchema,
    confirm_password: z.string({ error: "กรุณายืนยันรหัสผ่านใหม่" }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    message: "รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน",
  })
  .refine((v) => newPasswordProblem(v.new_password, { currentPassword: v.current_password }) === null, {
    path: ["new_password"],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  });

export const AdminFullNameSchema = cleanText({ label: "ชื่อ-นามสกุล", max: 100 });

export const LOGIN_MESSAGES = {
  invalid: "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง",
  disabled: "บัญชีนี้ถูกปิดการใช้งาน กรุณาติดต่อผู้ดูแลระบบคนอื่นเพื่อเปิดใช้งาน",
  badBody: "รูปแบบข้อมูลไม่ถูกต้อง กรุณาส่งชื่อผู้ใช้และรหัสผ่านเป็นแบบฟอร์มหรือ JSON",
  throttled: (seconds: number) =>
    `เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${Math.ceil(seconds / 60)} นาที`,
} as const;

/**
 * A failed sign-in: status 400 (incomplete), 401 (wrong credentials), 403 (the right password of a
 * disabled admin) or 429 (throttled, with Retry-After).
 */
export class LoginError extends DomainError {
  constructor(
    status: 400 | 401 | 403 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
    fields?: Record<string, string>,
  ) {
    super(status, message, fields, retryAfterSeconds ? { headers: { "Retry-After": String(retryAfterSeconds) } } : {});
    this.name = "LoginError";
  }
}

const publicColumns = {
  id: admins.id,
  username: admins.username,
  fullName: admins.fullName,
  permission: admins.permission,
};

function findByUsername(username: string) {
  return db()
    .select({ ...publicColumns, passwordHash: admins.passwordHash, active: admins.active })
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()))
    .get();
}

export function countAdmins() {
  return db().select({ n: sql<number>`count(*)` }).from(admins).get()?.n ?? 0;
}

function throttled(retryAfterSeconds: number) {
  return new LoginError(429, LOGIN_MESSAGES.throttled(retryAfterSeconds), retryAfterSeconds);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one password check behind sign-in and the account page: the attempt is reserved (counted
 * as a failure) before the hash, slowed when the username is under attack, and forgiven on
 * success. Throws a 429 LoginError when the pair or the address has failed too often.
 */
async function throttledPasswordCheck(input: { username: string; ip: string; password: string; passwordHash: string | null }) {
  const reservation = reserveLoginAttempt({ username: input.username, ip: input.ip });
  if (reservation.limited) throw throttled(reservation.retryAfterSeconds);
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);
  const ok = input.passwordHash
    ? await verifyPassword(input.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (ok) forgiveLoginAttempt({ username: input.username, ip: input.ip, attemptId: reservation.attemptId });
  return ok;
}

/**
 * Unknown usernames and wrong passwords get the same answer and take the same time; both count
 * as a failure for the (username, address) pair and for the address. Only the right password of
 * a disabled admin learns that the account is disabled (403). A success stamps last_sign_in_at.
 */
export async function authenticateAdmin(input: {
  username: string;
  password: string;
  ip: string;
}): Promise<AdminUser> {
  const found = findByUsername(input.username);
  const ok = await throttledPasswordCheck({ ...input, passwordHash: found?.passwordHash ?? null });
  if (!found || !ok) throw new LoginError(401, LOGIN_MESSAGES.invalid);
  const { passwordHash: _hash, active, ...user } = found;
  if (!active) throw new LoginError(403, LOGIN_MESSAGES.disabled);
  db().update(admins).set({ lastSignInAt: new Date() }).where(eq(admins.id, user.id)).run();
  return user;
}

/** The command line's way to add an admin (and the first start's); the admin page uses addAdminUser. */
export async function createAdmin(input: { username: string; password: string; fullName?: string }) {
  const fullName = AdminFullNameSchema.safeParse(input.fullName ?? "");
  if (!fullName.success) throw new DomainError(400, fullName.error.issues[0].message);
  const passwordHash = await hashPassword(input.password);
  const row = db()
    .insert(admins)
    .values({
      username: input.username.trim(),
      passwordHash,
      fullName: fullName.data,
      passwordChangedAt: new Date(),
    })
    .returning(publicColumns)
    .get();
  recordAudit({ actor: { type: "system" }, action: "create", entity: "admin", entityId: row.id });
  return row;
}

/** Sets (or creates) an admin's password from the command line; every session of theirs ends. */
export async function resetAdminPassword(username: string, password = randomPassword()) {
  const problem = newPasswordProblem(password, { username });
  if (problem) throw new Error(problem);
  const found = findByUsername(username);
  if (found && (await verifyPassword(found.passwordHash, password))) throw new Error(PASSWORD_MESSAGES.sameAsCurrent);
  if (!found) {
    await createAdmin({ username, password });
    return { username: username.trim(), password, created: true };
  }
  db()
    .update(admins)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
    .where(eq(admins.id, found.id))
    .run();
  revokeSessions(found.id);
  recordAudit({ actor: { type: "system" }, action: "reset_password", entity: "admin", entityId: found.id });
  return { username: found.username, password, created: false };
}

export type ChangePasswordResult =
  | { ok: true; revoked: number }
  | { ok: false; fields: Record<string, string> };

/**
 * The signed-in admin changes their password; their other sessions are revoked. A wrong current
 * password counts against the sign-in throttle (429 LoginError once it is reached).
 */
export async function changeOwnPassword(input: {
  adminId: number;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  ip: string;
}): Promise<ChangePasswordResult> {
  const row = db().select().from(admins).where(eq(admins.id, input.adminId)).get();
  if (!row) return { ok: false, fields: { current_password: "รหัสผ่านปัจจุบันไม่ถูกต้อง" } };
  const problem = newPasswordProblem(input.newPassword, { username: row.username, currentPassword: input.currentPassword });
  if (problem) return { ok: false, fields: { new_password: problem } };
  const ok = await throttledPasswordCheck({
    username: row.username,
    ip: input.ip,
    password: input.currentPassword,
    passwordHash: row.passwordHash,
  });
  if (!ok) return { ok: false, fields: { current_password: "รหัสผ่านปัจจุบันไม่ถูกต้อง" } };
  db()
    .update(admins)
    .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() })
    .where(eq(admins.id, row.id))
    .run();
  const revoked = revokeSessions(row.id, input.sessionId);
  recordAudit({
    actor: { type: "admin", id: row.id },
    action: "change_password",
    entity: "admin",
    entityId: row.id,
    changes: { revoked_sessions: revoked },
  });
  return { ok: true, revoked };
}

/**
 * With no admin yet: ADMIN_USERNAME/ADMIN_PASSWORD when given, else `admin` with a random
 * password that the caller prints once. Never a fixed default.
 */
export async function ensureFirstAdmin(config: { username?: string; password?: string }) {
  if (countAdmins() > 0) return null;
  const username = config.username ?? "admin";
  const generated = !config.password;
  const password = config.password ?? randomPassword();
  await createAdmin({ username, password });
  return { username, password: generated ? password : undefined };
}
