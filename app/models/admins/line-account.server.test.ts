import { eq } from "drizzle-orm";
import { adminLineCodes, admins, auditLog, loginAttempts } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import {
  ADMIN_LINE_CODE_TTL_MS,
  ADMIN_LINE_MESSAGES,
  adminLineState,
  findAdminByLineUser,
  issueAdminLineCode,
  linkAdminByCode,
  parseAdminLineCode,
  unlinkAdminLine,
} from "./line-account.server";
import { LINK_TRIES_PER_LINE_USER } from "~/models/line/limits";

let serial = 0;
function newAdmin(fullName = "ผู้ดูแล ทดสอบ") {
  serial += 1;
  return db()
    .insert(admins)
    .values({ username: `line-admin-${serial}`, passwordHash: "x", fullName })
    .returning({ id: admins.id })
    .get().id;
}
const lineUser = () => `Uadminline${String(++serial).padStart(23, "0")}`;
const adminRow = (id: number) => db().select().from(admins).where(eq(admins.id, id)).get()!;
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).all();

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

beforeEach(() => {
  db().delete(loginAttempts).run();
});

describe("parseAdminLineCode", () => {
  test("TN- and six letters/digits, any case, spaces around; anything else is not a code", () => {
    expect(parseAdminLineCode("TN-ABC234")).toBe("TN-ABC234");
    expect(parseAdminLineCode("  tn-abc234 \n")).toBe("TN-ABC234");
    for (const text of ["TN-ABC23", "TN-ABC2345", "TN-ABC10O", "TNABC234", "รหัส TN-ABC234", "123456", "TN-ABC 234"]) {
      expect(parseAdminLineCode(text)).toBeNull();
    }
  });
});

describe("issuing a code", () => {
  test("a 10-minute code; a second one voids the first; stored hashed", () => {
    const adminId = newAdmin();
    const now = Date.now();
    const first = issueAdminLineCode(adminId, now);
    expect(parseAdminLineCode(first.code)).toBe(first.code);
    expect(Date.parse(first.expires_at) - now).toBe(ADMIN_LINE_CODE_TTL_MS);
    const second = issueAdminLineCode(adminId, now + 1000);
    const rows = db().select().from(adminLineCodes).where(eq(adminLineCodes.adminId, adminId)).all();
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
    expect(rows.some((r) => r.code.includes(first.code.slice(3)))).toBe(false);
    // The voided first code no longer links.
    const user = lineUser();
    expect(linkAdminByCode({ lineUserId: user, code: first.code }, now + 2000)).toMatchObject({ ok: false, reason: "bad_code" });
    expect(linkAdminByCode({ lineUserId: user, code: second.code }, now + 2000)).toMatchObject({ ok: true, adminId });
    expect(audits("issue_line_code").filter((a) => a.entityId === String(adminId))).toHaveLength(2);
  });

  test("refused (409) for an admin already linked", () => {
    const adminId = newAdmin();
    const { code } = issueAdminLineCode(adminId);
    linkAdminByCode({ lineUserId: lineUser(), code });
    expect(thrown(() => issueAdminLineCode(adminId)).status).toBe(409);
  });
});

describe("linking by code", () => {
  test("a live code links the sender: the admin's LINE user and time are set, the code used, audit-logged", () => {
    const adminId = newAdmin("สมหญิง หัวหน้า");
    const user = lineUser();
    const now = Date.now();
    const { code } = issueAdminLineCode(adminId, now);
    const outcome = linkAdminByCode({ lineUserId: user, code }, now + 5000);
    expect(outcome).toEqual({ ok: true, adminId, message: ADMIN_LINE_MESSAGES.linked("สมหญิง หัวหน้า") });
    expect(adminRow(adminId).lineUserId).toBe(user);
    expect(adminRow(adminId).lineLinkedAt?.getTime()).toBe(now + 5000);
    expect(findAdminByLineUser(user)?.id).toBe(adminId);
    expect(adminLineState(adminId)).toEqual({ linked: true, linked_at: new Date(now + 5000).toISOString() });
    const [audit] = audits("link_line").filter((a) => a.entityId === String(adminId));
    expect(audit).toMatchObject({ actorType: "admin", actorId: adminId, entity: "admin", changes: { line_user_id: user, via: "line_code" } });
  });

  test("wrong, expired and used codes: a polite reply, nothing changes", () => {
    const adminId = newAdmin();
    const now = Date.now();
    const { code } = issueAdminLineCode(adminId, now);
    const user = lineUser();
    expect(linkAdminByCode({ lineUserId: user, code: "TN-ZZZZZZ" }, now)).toEqual({
      ok: false,
      reason: "bad_code",
      message: ADMIN_LINE_MESSAGES.badCode,
    });
    expect(linkAdminByCode({ lineUserId: user, code }, now + ADMIN_LINE_CODE_TTL_MS)).toMatchObject({ ok: false, reason: "bad_code" });
    expect(adminRow(adminId).lineUserId).toBeNull();

    const fresh = issueAdminLineCode(adminId, now);
    const owner = lineUser();
    expect(linkAdminByCode({ lineUserId: owner, code: fresh.code }, now).ok).toBe(true);
    const other = lineUser();
    expect(linkAdminByCode({ lineUserId: other, code: fresh.code }, now)).toMatchObject({ ok: false, reason: "bad_code" });
    expect(adminRow(adminId).lineUserId).toBe(owner);
    expect(findAdminByLineUser(other)).toBeNull();
  });

  test("a LINE user already linked to an admin cannot link a second admin", () => {
    const first = newAdmin();
    const second = newAdmin();
    const user = lineUser();
    expect(linkAdminByCode({ lineUserId: user, code: issueAdminLineCode(first).code }).ok).toBe(true);
    const { code } = issueAdminLineCode(second);
    expect(linkAdminByCode({ lineUserId: user, code })).toEqual({ ok: false, reason: "line_taken", message: ADMIN_LINE_MESSAGES.lineTaken });
    expect(adminRow(second).lineUserId).toBeNull();
    expect(adminRow(first).lineUserId).toBe(user);
    // The code stays open for the right LINE account.
    expect(linkAdminByCode({ lineUserId: lineUser(), code }).ok).toBe(true);
  });

  test(`after ${LINK_TRIES_PER_LINE_USER} wrong codes in 15 minutes the LINE user is refused, even with a good code`, () => {
    const adminId = newAdmin();
    const user = lineUser();
    const now = Date.now();
    for (let i = 0; i < LINK_TRIES_PER_LINE_USER; i++) {
      expect(linkAdminByCode({ lineUserId: user, code: `TN-WRONG${i + 2}`.slice(0, 9) }, now + i).ok).toBe(false);
    }
    const { code } = issueAdminLineCode(adminId, now);
    const refused = linkAdminByCode({ lineUserId: user, code }, now + 10);
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(refused.message).toMatch(/ลองใหม่ในอีก 15 นาที/);
    expect(adminRow(adminId).lineUserId).toBeNull();
    // Once the window has passed, a good code links.
    const later = now + 15 * 60 * 1000 + 10;
    expect(linkAdminByCode({ lineUserId: user, code: issueAdminLineCode(adminId, later).code }, later).ok).toBe(true);
  });
});

describe("unlinking", () => {
  test("removes the link and open codes, audit-logged; 409 when not linked", () => {
    const adminId = newAdmin();
    const user = lineUser();
    linkAdminByCode({ lineUserId: user, code: issueAdminLineCode(adminId).code });
    const actor = { type: "admin" as const, id: adminId };
    expect(unlinkAdminLine(adminId, actor)).toEqual({ linked: false, linked_at: null });
    expect(findAdminByLineUser(user)).toBeNull();
    expect(audits("unlink_line").find((a) => a.entityId === String(adminId))?.changes).toEqual({ line_user_id: user });
    expect(thrown(() => unlinkAdminLine(adminId, actor)).status).toBe(409);
    // The LINE user may link again with a new code.
    expect(linkAdminByCode({ lineUserId: user, code: issueAdminLineCode(adminId).code }).ok).toBe(true);
  });
});
