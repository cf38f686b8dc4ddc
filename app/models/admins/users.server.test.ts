import { eq, ne } from "drizzle-orm";
import { adminLineCodes, admins, adminSessions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { createAdminSession, findActiveSession, LAST_SEEN_INTERVAL_MS } from "~/lib/session.server";
import { findAdminByLineUser, issueAdminLineCode, linkAdminByCode } from "./line-account.server";
import { authenticateAdmin, createAdmin, LOGIN_MESSAGES, LoginError } from "./admin.server";
import { addAdminUser, AdminCreateSchema, AdminPatchSchema, listAdminUsers, updateAdminUser } from "./users.server";
import { listAudit } from "~/models/audit/audit.server";

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

let actorId = 0;
const actor = () => ({ type: "admin" as const, id: actorId });

beforeAll(async () => {
  actorId = (await createAdmin({ username: "boss", password: "boss-password-1", fullName: "หัวหน้า" })).id;
});

describe("adding admins", () => {
  test("without a password: a random one is answered once and signs in; the audit names the actor, no hash", async () => {
    const result = await addAdminUser(AdminCreateSchema.parse({ username: "Somchai", full_name: "สมชาย ใจดี" }), actor());
    expect(result.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(result.admin).toMatchObject({ username: "Somchai", full_name: "สมชาย ใจดี", active: true, last_sign_in_at: null, line_linked: false });
    const user = await authenticateAdmin({ username: "somchai", password: result.password!, ip: "10.0.0.1" });
    expect(user.id).toBe(result.admin.id);
    const [row] = listAudit({ entity: "admin", entityId: result.admin.id });
    expect(row).toMatchObject({ actorType: "admin", actorId, action: "create" });
    expect(row.changes).toEqual({ username: { from: null, to: "Somchai" }, full_name: { from: null, to: "สมชาย ใจดี" } });
    expect(JSON.stringify(row.changes)).not.toContain("argon2");
  });

  test("a given password must pass the rules and is not answered back", async () => {
    const weak = await failure(addAdminUser({ username: "weakling", password: "short" }, actor()));
    expect(weak.status).toBe(400);
    expect(weak.fields?.password).toMatch(/อย่างน้อย/);
    const same = await failure(addAdminUser({ username: "mirror-name", password: "MIRROR-NAME" }, actor()));
    expect(same.fields?.password).toBeDefined();
    const result = await addAdminUser({ username: "malee", password: "malee-strong-pass" }, actor());
    expect(result).not.toHaveProperty("password");
    await expect(authenticateAdmin({ username: "malee", password: "malee-strong-pass", ip: "10.0.0.2" })).resolves.toBeTruthy();
  });

  test("a username taken in any case is 409; a bad username is refused by the schema", async () => {
    await addAdminUser({ username: "Wichai", password: "wichai-strong-pass" }, actor());
    const error = await failure(addAdminUser({ username: "WICHAI" }, actor()));
    expect(error.status).toBe(409);
    expect(error.fields?.username).toBeDefined();
    expect(AdminCreateSchema.safeParse({ username: "ว" }).success).toBe(false);
    expect(AdminCreateSchema.safeParse({ username: "a b" }).success).toBe(false);
  });

  test("the list carries last sign-in and the LINE link", async () => {
    const { admin } = await addAdminUser({ username: "lister", password: "lister-strong-pass" }, actor());
    db().update(admins).set({ lineUserId: "U-lister" }).where(eq(admins.id, admin.id)).run();
    await authenticateAdmin({ username: "lister", password: "lister-strong-pass", ip: "10.0.0.3" });
    const listed = listAdminUsers().find((a) => a.id === admin.id);
    expect(listed?.line_linked).toBe(true);
    expect(Date.now() - Date.parse(listed!.last_sign_in_at!)).toBeLessThan(10_000);
  });
});

describe("changing admins", () => {
  test("full name changes are audited as from/to; unknown id is 404; an empty patch is 400", async () => {
    const { admin } = await addAdminUser({ username: "renamed", password: "renamed-strong-pass", full_name: "เดิม" }, actor());
    const result = await updateAdminUser(admin.id, { full_name: "ใหม่" }, actor());
    expect(result.admin.full_name).toBe("ใหม่");
    expect(listAudit({ entity: "admin", entityId: admin.id })[0]).toMatchObject({
      actorId,
      action: "update",
      changes: { full_name: { from: "เดิม", to: "ใหม่" } },
    });
    expect((await failure(updateAdminUser(999_999, { full_name: "x" }, actor()))).status).toBe(404);
    expect((await failure(updateAdminUser(admin.id, {}, actor()))).status).toBe(400);
    expect(AdminPatchSchema.safeParse({ active: 2 }).success).toBe(false);
    expect(AdminPatchSchema.parse({ active: "0" }).active).toBe(0);
  });

  test("disabling ends all their sessions, blocks sign-in with a 403 only for the right password; enabling restores", async () => {
    const { admin } = await addAdminUser({ username: "leaver", password: "leaver-strong-pass" }, actor());
    const a = createAdminSession(admin.id);
    const b = createAdminSession(admin.id);
    await updateAdminUser(admin.id, { active: 0 }, actor());
    expect(findActiveSession(a.id)).toBeNull();
    expect(findActiveSession(b.id)).toBeNull();
    expect(db().select().from(adminSessions).where(eq(adminSessions.adminId, admin.id)).all()).toEqual([]);

    const wrong = await authenticateAdmin({ username: "leaver", password: "not-the-password", ip: "10.0.1.1" }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(LoginError);
    expect((wrong as LoginError).status).toBe(401);
    expect((wrong as LoginError).message).toBe(LOGIN_MESSAGES.invalid);
    const right = await authenticateAdmin({ username: "leaver", password: "leaver-strong-pass", ip: "10.0.1.2" }).catch((e: unknown) => e);
    expect((right as LoginError).status).toBe(403);
    expect((right as LoginError).message).toBe(LOGIN_MESSAGES.disabled);

    expect(listAudit({ entity: "admin", entityId: admin.id })[0].changes).toEqual({ active: { from: true, to: false } });
    await updateAdminUser(admin.id, { active: 1 }, actor());
    await expect(authenticateAdmin({ username: "leaver", password: "leaver-strong-pass", ip: "10.0.1.3" })).resolves.toBeTruthy();
  });

  test("a session row of a disabled admin is not a signed-in admin", async () => {
    const { admin } = await addAdminUser({ username: "rowonly", password: "rowonly-strong-pass" }, actor());
    const session = createAdminSession(admin.id);
    db().update(admins).set({ active: false }).where(eq(admins.id, admin.id)).run();
    expect(findActiveSession(session.id)).toBeNull();
  });

  test("a disabled admin's linked LINE account approves nothing", async () => {
    const { admin } = await addAdminUser({ username: "lineboss", password: "lineboss-strong-pass" }, actor());
    db().update(admins).set({ lineUserId: "U-lineboss" }).where(eq(admins.id, admin.id)).run();
    expect(findAdminByLineUser("U-lineboss")?.id).toBe(admin.id);
    await updateAdminUser(admin.id, { active: 0 }, actor());
    expect(findAdminByLineUser("U-lineboss")).toBeNull();
  });

  test("disabling ends the LINE link and voids open codes in the same change, audited; enabling does not bring it back", async () => {
    const { admin } = await addAdminUser({ username: "linked-leaver", password: "linked-leaver-pass" }, actor());
    const lineUserId = "Ulinkedleaver00000000000000000001";
    expect(linkAdminByCode({ lineUserId, code: issueAdminLineCode(admin.id).code }).ok).toBe(true);
    const open = db().insert(adminLineCodes).values({ adminId: admin.id, code: "unused-hash", expiresAt: new Date(Date.now() + 60_000) }).returning().get();

    const { admin: disabled } = await updateAdminUser(admin.id, { active: 0 }, actor());
    expect(disabled).toMatchObject({ active: false, line_linked: false });
    expect(db().select().from(admins).where(eq(admins.id, admin.id)).get()).toMatchObject({ lineUserId: null, lineLinkedAt: null });
    expect(db().select().from(adminLineCodes).where(eq(adminLineCodes.id, open.id)).get()?.usedAt).not.toBeNull();
    const [update, unlink] = listAudit({ entity: "admin", entityId: admin.id });
    expect(update).toMatchObject({ action: "update", actorId, changes: { active: { from: true, to: false } } });
    expect(unlink).toMatchObject({ action: "unlink_line", actorType: "admin", actorId, changes: { line_user_id: lineUserId, via: "disabled" } });

    const { admin: enabled } = await updateAdminUser(admin.id, { active: 1 }, actor());
    expect(enabled).toMatchObject({ active: true, line_linked: false });
    expect(findAdminByLineUser(lineUserId)).toBeNull();
  });

  test("a refused disabling (oneself) leaves the LINE link as it was", async () => {
    db().update(admins).set({ lineUserId: "Uboss000000000000000000000000001" }).where(eq(admins.id, actorId)).run();
    try {
      await failure(updateAdminUser(actorId, { active: 0 }, actor()));
      expect(findAdminByLineUser("Uboss000000000000000000000000001")?.id).toBe(actorId);
    } finally {
      db().update(admins).set({ lineUserId: null }).where(eq(admins.id, actorId)).run();
    }
  });

  test("an admin cannot disable themselves", async () => {
    const error = await failure(updateAdminUser(actorId, { active: 0 }, actor()));
    expect(error.status).toBe(409);
  });

  test("the last active admin cannot be disabled", async () => {
    const { admin } = await addAdminUser({ username: "lastone", password: "lastone-strong-pass" }, actor());
    db().update(admins).set({ active: false }).where(ne(admins.id, admin.id)).run();
    try {
      const error = await failure(updateAdminUser(admin.id, { active: 0 }, { type: "system" }));
      expect(error.status).toBe(409);
      expect(listAdminUsers().find((a) => a.id === admin.id)?.active).toBe(true);
    } finally {
      db().update(admins).set({ active: true }).run();
    }
  });

  test("a reset ends the admin's sessions; resetting oneself keeps the current session; generated only when asked", async () => {
    const { admin } = await addAdminUser({ username: "resetme", password: "resetme-strong-pass" }, actor());
    const theirs = createAdminSession(admin.id);
    const generated = await updateAdminUser(admin.id, { password: null }, actor());
    expect(generated.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(findActiveSession(theirs.id)).toBeNull();
    await expect(authenticateAdmin({ username: "resetme", password: generated.password!, ip: "10.0.2.1" })).resolves.toBeTruthy();
    expect(listAudit({ entity: "admin", entityId: admin.id })[0].changes).toEqual({ password: { from: null, to: "generated" } });

    const set = await updateAdminUser(admin.id, { password: "resetme-chosen-pass" }, actor());
    expect(set).not.toHaveProperty("password");
    expect((await failure(updateAdminUser(admin.id, { password: "short" }, actor()))).fields?.password).toBeDefined();

    const mine = createAdminSession(actorId);
    const myOther = createAdminSession(actorId);
    await updateAdminUser(actorId, { password: "boss-password-2" }, actor(), { keepSessionId: mine.id });
    expect(findActiveSession(mine.id)).not.toBeNull();
    expect(findActiveSession(myOther.id)).toBeNull();
  });
});

describe("last seen", () => {
  test("is set at sign-in and written again only after the interval", async () => {
    const { admin } = await addAdminUser({ username: "watcher", password: "watcher-strong-pass" }, actor());
    const start = Date.now();
    const session = createAdminSession(admin.id, {}, start);
    const lastSeen = () => db().select().from(adminSessions).where(eq(adminSessions.id, session.id)).get()?.lastSeenAt?.getTime();
    expect(lastSeen()).toBe(start);
    expect(findActiveSession(session.id, start + LAST_SEEN_INTERVAL_MS - 1)).not.toBeNull();
    expect(lastSeen()).toBe(start);
    expect(findActiveSession(session.id, start + LAST_SEEN_INTERVAL_MS)).not.toBeNull();
    expect(lastSeen()).toBe(start + LAST_SEEN_INTERVAL_MS);
    db().update(adminSessions).set({ lastSeenAt: null }).where(eq(adminSessions.id, session.id)).run();
    findActiveSession(session.id, start + 1000);
    expect(lastSeen()).toBe(start + 1000);
  });
});
