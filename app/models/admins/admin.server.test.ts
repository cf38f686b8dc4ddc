import { eq } from "drizzle-orm";
import { admins, loginAttempts } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { verifyPassword } from "~/lib/password.server";
import { createAdminSession, findActiveSession } from "~/lib/session.server";
import {
  authenticateAdmin,
  changeOwnPassword,
  countAdmins,
  createAdmin,
  ensureFirstAdmin,
  ChangePasswordSchema,
  LoginError,
  resetAdminPassword,
} from "./admin.server";
import { listAudit } from "~/models/audit/audit.server";

async function expectLoginError(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoginError);
  expect((error as LoginError).status).toBe(status);
  return error as LoginError;
}

describe("first admin", () => {
  test("the first start creates `admin` with a random password, and only once", async () => {
    expect(countAdmins()).toBe(0);
    const first = await ensureFirstAdmin({});
    expect(first?.username).toBe("admin");
    expect(first?.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const row = db().select().from(admins).where(eq(admins.username, "admin")).get()!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.passwordHash, first!.password!)).toBe(true);
    expect(await ensureFirstAdmin({})).toBeNull();
    expect(countAdmins()).toBe(1);
  });
});

describe("authenticateAdmin", () => {
  test("accepts the right password, case-insensitive username", async () => {
    await createAdmin({ username: "Manee", password: "รหัสผ่านภาษาไทยยาวมาก-12345", fullName: "มานี" });
    const user = await authenticateAdmin({ username: "manee", password: "รหัสผ่านภาษาไทยยาวมาก-12345", ip: "1.1.1.1" });
    expect(user).toMatchObject({ username: "Manee", fullName: "มานี", permission: "admin" });
    expect(user).not.toHaveProperty("passwordHash");
  });

  test("long Thai passwords are not cut short (no 72-byte limit)", async () => {
    const long = "ก".repeat(40); // 120 bytes in UTF-8
    await createAdmin({ username: "longpass", password: long });
    await expectLoginError(authenticateAdmin({ username: "longpass", password: "ก".repeat(39) + "ข", ip: "1.1.1.2" }), 401);
    await expect(authenticateAdmin({ username: "longpass", password: long, ip: "1.1.1.2" })).resolves.toBeTruthy();
  });

  test("unknown user and wrong password answer alike and are both counted", async () => {
    await createAdmin({ username: "somsak", password: "correct-horse" });
    const wrong = await expectLoginError(authenticateAdmin({ username: "somsak", password: "nope", ip: "2.2.2.2" }), 401);
    const unknown = await expectLoginError(authenticateAdmin({ username: "nobody", password: "nope", ip: "2.2.2.3" }), 401);
    expect(wrong.message).toBe(unknown.message);
    const rows = db().select().from(loginAttempts).all().map((r) => r.username);
    expect(rows).toEqual(expect.arrayContaining(["somsak", "nobody"]));
  });

  // Contract change (issue 10): the lock is per (username, address); a username alone is only slowed.
  test("after five failures of a username from one address even the right password gets 429 with Retry-After", async () => {
    await createAdmin({ username: "blocked", password: "right-password" });
    for (let i = 0; i < 5; i++) {
      await expectLoginError(authenticateAdmin({ username: "blocked", password: "wrong", ip: "3.3.3.1" }), 401);
    }
    const error = await expectLoginError(authenticateAdmin({ username: "blocked", password: "right-password", ip: "3.3.3.1" }), 429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(error.message).toContain("นาที");
  });
});

describe("passwords", () => {
  test("changing one's password needs the current one and revokes the other sessions", async () => {
    const admin = await createAdmin({ username: "changer", password: "old-password" });
    const mine = createAdminSession(admin.id);
    const other = createAdminSession(admin.id);

    const refused = await changeOwnPassword({ adminId: admin.id, sessionId: mine.id, currentPassword: "wrong", newPassword: "new-password-1", ip: "4.4.4.3" });
    expect(refused).toEqual({ ok: false, fields: { current_password: "รหัสผ่านปัจจุบันไม่ถูกต้อง" } });
    expect(findActiveSession(other.id)).not.toBeNull();

    const done = await changeOwnPassword({ adminId: admin.id, sessionId: mine.id, currentPassword: "old-password", newPassword: "new-password-1", ip: "4.4.4.3" });
    expect(done).toEqual({ ok: true, revoked: 1 });
    expect(findActiveSession(mine.id)).not.toBeNull();
    expect(findActiveSession(other.id)).toBeNull();
    await expect(authenticateAdmin({ username: "changer", password: "new-password-1", ip: "4.4.4.4" })).resolves.toBeTruthy();
    await expectLoginError(authenticateAdmin({ username: "changer", password: "old-password", ip: "4.4.4.5" }), 401);
    expect(listAudit({ entity: "admin", entityId: admin.id }).map((a) => a.action)).toContain("change_password");
  });

  test("the command-line reset sets a new password, ends every session, or creates the admin", async () => {
    const admin = await createAdmin({ username: "forgetful", password: "lost-password" });
    const session = createAdminSession(admin.id);
    const reset = await resetAdminPassword("forgetful");
    expect(reset.created).toBe(false);
    expect(findActiveSession(session.id)).toBeNull();
    await expect(authenticateAdmin({ username: "forgetful", password: reset.password, ip: "5.5.5.5" })).resolves.toBeTruthy();

    const created = await resetAdminPassword("brand-new", "chosen-password");
    expect(created).toMatchObject({ created: true, username: "brand-new" });
    await expect(resetAdminPassword("brand-new", "short")).rejects.toThrow(/10/);
  });

  test("a new password may not be blank, short, common, the username or the current one", async () => {
    const admin = await createAdmin({ username: "Picky-Admin", password: "picky-password-1" });
    const session = createAdminSession(admin.id);
    const change = (newPassword: string) =>
      changeOwnPassword({ adminId: admin.id, sessionId: session.id, currentPassword: "picky-password-1", newPassword, ip: "6.6.6.6" });
    expect(await change("          ")).toEqual({ ok: false, fields: { new_password: "รหัสผ่านต้องไม่เป็นช่องว่างล้วน" } });
    expect(await change("short-1")).toEqual({ ok: false, fields: { new_password: "รหัสผ่านต้องยาวอย่างน้อย 10 ตัวอักษร" } });
    expect(await change("PICKY-ADMIN")).toEqual({ ok: false, fields: { new_password: "รหัสผ่านต้องไม่เหมือนชื่อผู้ใช้" } });
    expect(await change("picky-password-1")).toEqual({ ok: false, fields: { new_password: "รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน" } });
    expect((await change("Qwerty12345")).ok).toBe(false);
    expect(await change("ฝนตกที่กรุงเทพ-2569")).toEqual({ ok: true, revoked: 0 });

    const form = ChangePasswordSchema.safeParse({ current_password: "same-old-pass", new_password: "same-old-pass", confirm_password: "same-old-pass" });
    expect(form.success).toBe(false);
    expect(form.error?.issues.map((i) => i.message)).toContain("รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน");

    await expect(resetAdminPassword("picky-admin", "Picky-Admin")).rejects.toThrow("รหัสผ่านต้องไม่เหมือนชื่อผู้ใช้");
    await expect(resetAdminPassword("picky-admin", "ฝนตกที่กรุงเทพ-2569")).rejects.toThrow("รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน");
    await expect(resetAdminPassword("picky-admin", "password1234")).rejects.toThrow(/เดาได้ง่าย/);
  });

  test("an admin's full name refuses control and invisible characters", async () => {
    await expect(createAdmin({ username: "named", password: "named-password-1", fullName: "มานี\u202Eมีนา" })).rejects.toThrow(/อักขระที่ใช้ไม่ได้/);
    const named = await createAdmin({ username: "named", password: "named-password-1", fullName: " มานี 🌸 " });
    expect(named.fullName).toBe("มานี 🌸");
  });
});
