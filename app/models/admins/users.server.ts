// The admins of the office, managed by the admins themselves (docs/decisions/023-several-admins.md).
// The admin page and /api/admin-user call these functions; the command line keeps createAdmin and
// resetAdminPassword (admin.server.ts).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { admins } from "../../../db/schema";
import { db, immediate, sqliteCode } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { hashPassword, newPasswordProblem, PASSWORD_MAX_LENGTH, randomPassword } from "~/lib/password.server";
import { revokeSessions } from "~/lib/session.server";
import { AdminFullNameSchema } from "./admin.server";
import { endAdminLineLink } from "./line-account.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";

export const ADMIN_USER_MESSAGES = {
  notFound: "ไม่พบผู้ดูแลระบบ",
  duplicate: "มีชื่อผู้ใช้นี้แล้ว (ไม่สนใจตัวพิมพ์เล็ก-ใหญ่)",
  lastActive: "ปิดการใช้งานไม่ได้ เพราะเป็นผู้ดูแลระบบคนสุดท้ายที่ยังใช้งานอยู่",
  self: "ปิดการใช้งานบัญชีของตัวเองไม่ได้ กรุณาให้ผู้ดูแลระบบคนอื่นเป็นผู้ปิด",
  invalid: "ข้อมูลผู้ดูแลระบบไม่ถูกต้อง",
  nothing: "ไม่มีข้อมูลที่จะเปลี่ยน",
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;

const UsernameSchema = z
  .string({ error: "กรุณากรอกชื่อผู้ใช้" })
  .trim()
  .min(1, "กรุณากรอกชื่อผู้ใช้")
  .regex(USERNAME_PATTERN, "ชื่อผู้ใช้ต้องยาว 3–32 ตัว ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ . _ -");

/** A password the admin types: checked against the rules (with the username) by the model. */
const PasswordText = z.string({ error: "รหัสผ่านไม่ถูกต้อง" }).max(PASSWORD_MAX_LENGTH, "รหัสผ่านยาวเกินไป");

/** `password` absent or empty: a random one is generated and answered once. */
export const AdminCreateSchema = z.object({
  username: UsernameSchema,
  full_name: AdminFullNameSchema.optional(),
  password: PasswordText.optional(),
});
export type AdminCreateInput = z.infer<typeof AdminCreateSchema>;

/** `password: null` asks for a random password (answered once); a string is checked by the rules. */
export const AdminPatchSchema = z.object({
  full_name: AdminFullNameSchema.optional(),
  active: z
    .preprocess((v) => (v === "1" ? 1 : v === "0" ? 0 : v), z.literal([0, 1], { error: "สถานะต้องเป็น 0 หรือ 1" }))
    .optional(),
  password: PasswordText.nullable().optional(),
});
export type AdminPatchInput = z.infer<typeof AdminPatchSchema>;

export type AdminUserDto = {
  id: number;
  username: string;
  full_name: string;
  active: boolean;
  last_sign_in_at: string | null;
  line_linked: boolean;
  created_at: string;
};

const dtoColumns = {
  id: admins.id,
  username: admins.username,
  fullName: admins.fullName,
  active: admins.active,
  lastSignInAt: admins.lastSignInAt,
  lineUserId: admins.lineUserId,
  createdAt: admins.createdAt,
};

type Row = { id: number; username: string; fullName: string; active: boolean; lastSignInAt: Date | null; lineUserId: string | null; createdAt: Date };

function toDto(row: Row): AdminUserDto {
  return {
    id: row.id,
    username: row.username,
    full_name: row.fullName,
    active: row.active,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    line_linked: row.lineUserId !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function listAdminUsers(): AdminUserDto[] {
  return db().select(dtoColumns).from(admins).orderBy(asc(sql`lower(${admins.username})`)).all().map(toDto);
}

function findRow(id: number) {
  return db().select(dtoColumns).from(admins).where(eq(admins.id, id)).get();
}

export function requireAdminUser(id: number): AdminUserDto {
  const row = findRow(id);
  if (!row) throw new DomainError(404, ADMIN_USER_MESSAGES.notFound);
  return toDto(row);
}

function passwordOrThrow(password: string, username: string) {
  const problem = newPasswordProblem(password, { username });
  if (problem) throw new DomainError(400, problem, { password: problem });
}

const duplicate = () => new DomainError(409, ADMIN_USER_MESSAGES.duplicate, { username: ADMIN_USER_MESSAGES.duplicate });

/** Adds an admin; `password` is in the answer only when it was generated here. */
export async function addAdminUser(input: AdminCreateInput, actor: Actor) {
  const username = input.username.trim();
  const generated = !input.password;
  const password = input.password || randomPassword();
  if (!generated) passwordOrThrow(password, username);
  const passwordHash = await hashPassword(password);
  try {
    const admin = immediate((tx) => {
      const taken = tx
        .select({ id: admins.id })
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
        .get();
      if (taken) throw duplicate();
      const row = tx
        .insert(admins)
        .values({ username, passwordHash, fullName: input.full_name ?? "", passwordChangedAt: new Date() })
        .returning(dtoColumns)
        .get();
      recordAudit({
        actor,
        action: "create",
        entity: "admin",
        entityId: row.id,
        changes: { username: { from: null, to: row.username }, full_name: { from: null, to: row.fullName } },
      });
      return toDto(row);
    });
    return generated ? { admin, password } : { admin };
  } catch (error) {
    if (sqliteCode(error) === "SQLITE_CONSTRAINT_UNIQUE") throw duplicate();
    throw error;
  }
}

/**
 * Changes an admin's name, enables or disables them, or resets their password. Disabling ends all
 * their sessions and their LINE link (audited as `unlink_line` via `disabled`); the last active
 * admin cannot be disabled, nor can an admin disable themselves. A reset ends the admin's
 * sessions, except `keepSessionId` (the actor's own, resetting themselves).
 * `password` is in the answer only when it was generated here.
 */
export async function updateAdminUser(
  id: number,
  input: AdminPatchInput,
  actor: Actor,
  options: { keepSessionId?: string } = {},
) {
  const before = findRow(id);
  if (!before) throw new DomainError(404, ADMIN_USER_MESSAGES.notFound);
  if (input.full_name === undefined && input.active === undefined && input.password === undefined) {
    throw new DomainError(400, ADMIN_USER_MESSAGES.nothing);
  }
  const generated = input.password === null || input.password === "";
  const password = input.password === undefined ? undefined : input.password || randomPassword();
  if (password !== undefined && !generated) passwordOrThrow(password, before.username);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const active = input.active === undefined ? undefined : input.active === 1;

  const admin = immediate((tx) => {
    const row = tx.select(dtoColumns).from(admins).where(eq(admins.id, id)).get();
    if (!row) throw new DomainError(404, ADMIN_USER_MESSAGES.notFound);
    const disabling = active === false && row.active;
    if (disabling && actor.type === "admin" && actor.id === id) throw new DomainError(409, ADMIN_USER_MESSAGES.self);
    if (disabling) {
      const others = tx
        .select({ n: sql<number>`count(*)` })
        .from(admins)
        .where(and(eq(admins.active, true), ne(admins.id, id)))
        .get();
      if (!others?.n) throw new DomainError(409, ADMIN_USER_MESSAGES.lastActive);
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.full_name !== undefined && input.full_name !== row.fullName) {
      changes.full_name = { from: row.fullName, to: input.full_name };
    }
    if (active !== undefined && active !== row.active) changes.active = { from: row.active, to: active };
    // The audit never holds a hash: only that the password was set anew.
    if (passwordHash !== undefined) changes.password = { from: null, to: generated ? "generated" : "set" };
    const set = {
      ...(changes.full_name ? { fullName: input.full_name } : {}),
      ...(changes.active ? { active } : {}),
      ...(passwordHash !== undefined ? { passwordHash, passwordChangedAt: new Date() } : {}),
    };
    if (disabling) {
      revokeSessions(id);
      // A disabled admin approves nothing from LINE, and enabling them again does not bring the link back.
      endAdminLineLink(tx, id, actor, { via: "disabled" });
    } else if (passwordHash !== undefined) {
      revokeSessions(id, actor.type === "admin" && actor.id === id ? options.keepSessionId : undefined);
    }
    // Disabling changes `active`, so the row is read back after the link has gone.
    const updated = Object.keys(set).length > 0 ? tx.update(admins).set(set).where(eq(admins.id, id)).returning(dtoColumns).get() : row;
    if (Object.keys(changes).length > 0) recordAudit({ actor, action: "update", entity: "admin", entityId: id, changes });
    return toDto(updated);
  });
  return generated ? { admin, password } : { admin };
}
