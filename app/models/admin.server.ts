import { DomainError } from "~/lib/errors";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { admins } from "../../db/schema";
import { db } from "~/lib/db.server";
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  randomPassword,
  verifyAgainstDummy,
  verifyPassword,
} from "~/lib/password.server";
import { clearLoginFailures, loginThrottle, recordLoginFailure } from "~/lib/rate-limit.server";
import { revokeSessions } from "~/lib/session.server";
import { recordAudit } from "./audit.server";

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

export const NewPasswordSchema = z
  .string({ error: "กรุณากรอกรหัสผ่านใหม่" })
  .min(PASSWORD_MIN_LENGTH, `รหัสผ่านต้องยาวอย่างน้อย ${PASSWORD_MIN_LENGTH} ตัวอักษร`)
  .max(PASSWORD_MAX_LENGTH, "รหัสผ่านยาวเกินไป");

export const ChangePasswordSchema = z
  .object({
    current_password: z.string({ error: "กรุณากรอกรหัสผ่านปัจจุบัน" }).min(1, "กรุณากรอกรหัสผ่านปัจจุบัน"),
    new_password: NewPasswordSchema,
    confirm_password: z.string({ error: "กรุณายืนยันรหัสผ่านใหม่" }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    message: "รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน",
  });

export const LOGIN_MESSAGES = {
  invalid: "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง",
  throttled: (seconds: number) =>
    `เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${Math.ceil(seconds / 60)} นาที`,
} as const;

/** A failed sign-in: status 400 (incomplete), 401 (wrong credentials) or 429 (throttled, with Retry-After). */
export class LoginError extends DomainError {
  constructor(
    status: 400 | 401 | 429,
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
    .select({ ...publicColumns, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()))
    .get();
}

export function countAdmins() {
  return db().select({ n: sql<number>`count(*)` }).from(admins).get()?.n ?? 0;
}

/**
 * Throttle, then verify. Unknown usernames and wrong passwords get the same answer and take the
 * same time; both count as a failure for the username and the IP.
 */
export async function authenticateAdmin(input: {
  username: string;
  password: string;
  ip: string;
}): Promise<AdminUser> {
  const throttle = loginThrottle(input);
  if (throttle.limited) {
    throw new LoginError(
      429,
      LOGIN_MESSAGES.throttled(throttle.retryAfterSeconds),
      throttle.retryAfterSeconds,
    );
  }
  const found = findByUsername(input.username);
  const ok = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !ok) {
    recordLoginFailure(input);
    throw new LoginError(401, LOGIN_MESSAGES.invalid);
  }
  clearLoginFailures(input.username);
  const { passwordHash: _hash, ...user } = found;
  return user;
}

export async function createAdmin(input: { username: string; password: string; fullName?: string }) {
  const passwordHash = await hashPassword(input.password);
  const row = db()
    .insert(admins)
    .values({
      username: input.username.trim(),
      passwordHash,
      fullName: input.fullName ?? "",
      passwordChangedAt: new Date(),
    })
    .returning(publicColumns)
    .get();
  recordAudit({ actor: { type: "system" }, action: "create", entity: "admin", entityId: row.id });
  return row;
}

/** Sets (or creates) an admin's password from the command line; every session of theirs ends. */
export async function resetAdminPassword(username: string, password = randomPassword()) {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  const found = findByUsername(username);
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

/** The signed-in admin changes their password; their other sessions are revoked. */
export async function changeOwnPassword(input: {
  adminId: number;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<ChangePasswordResult> {
  const row = db().select().from(admins).where(eq(admins.id, input.adminId)).get();
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    return { ok: false, fields: { current_password: "รหัสผ่านปัจจุบันไม่ถูกต้อง" } };
  }
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
