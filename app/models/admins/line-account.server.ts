// An admin's own LINE account, linked so they can approve from LINE. The admin asks for a
// one-time code on /admin/account and sends it to the bot in a 1:1 chat; the webhook (whose
// signature proves the event came from LINE) links the event's source.userId to that admin.
// Nothing the LINE user types names an admin: only a live code does.
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { adminLineCodes, admins } from "../../../db/schema";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { clearKeyedFailures, keyedThrottle, recordKeyedFailure } from "~/lib/rate-limit.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { LINK_TRIES_PER_LINE_USER } from "~/models/line/limits";
import { linkThrottledMessage } from "~/models/line/link.server";

export const ADMIN_LINE_CODE_TTL_MS = 10 * 60 * 1000;
/** No 0/O, 1/I/L: the code is read off a screen and typed on a phone. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;
const CODE_PATTERN = new RegExp(`^TN-[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export const ADMIN_LINE_MESSAGES = {
  alreadyLinkedAdmin: "บัญชีนี้เชื่อมกับ LINE แล้ว ยกเลิกการเชื่อมก่อนจึงจะขอรหัสใหม่ได้",
  notLinked: "บัญชีนี้ยังไม่ได้เชื่อมกับ LINE",
  notFound: "ไม่พบผู้ดูแลระบบ",
  linked: (name: string) => `เชื่อมบัญชี LINE นี้กับผู้ดูแลระบบ ${name} เรียบร้อยแล้ว ตอนนี้คุณอนุมัติคำขอจากการ์ดใน LINE ได้`,
  badCode: "รหัสเชื่อมบัญชีไม่ถูกต้อง ถูกใช้ไปแล้ว หรือหมดอายุแล้ว กรุณาขอรหัสใหม่ที่หน้า บัญชีผู้ใช้ ในระบบ TN Management",
  lineTaken: "บัญชี LINE นี้เชื่อมกับผู้ดูแลระบบอยู่แล้ว หากต้องการเปลี่ยน กรุณายกเลิกการเชื่อมที่หน้า บัญชีผู้ใช้ ก่อน",
  adminTaken: "ผู้ดูแลระบบคนนี้เชื่อมกับบัญชี LINE อื่นอยู่แล้ว",
} as const;

const triesKey = (lineUserId: string) => `admin-line:${lineUserId}`;
const hashCode = (code: string) => crypto.createHash("sha256").update(`admin-line:${code}`).digest("hex");

function randomCode() {
  let out = "TN-";
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[crypto.randomInt(0, CODE_ALPHABET.length)];
  return out;
}

/** The text of a chat message as a link code (`TN-XXXXXX`, any case, spaces around), or null. */
export function parseAdminLineCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export type AdminLineState = { linked: boolean; linked_at: string | null };

export function adminLineState(adminId: number): AdminLineState {
  const row = db()
    .select({ lineUserId: admins.lineUserId, linkedAt: admins.lineLinkedAt })
    .from(admins)
    .where(eq(admins.id, adminId))
    .get();
  if (!row) throw new DomainError(404, ADMIN_LINE_MESSAGES.notFound);
  return { linked: row.lineUserId !== null, linked_at: row.lineUserId && row.linkedAt ? row.linkedAt.toISOString() : null };
}

/** The enabled admin this LINE user is linked to, or null (a disabled admin approves nothing). */
export function findAdminByLineUser(lineUserId: string) {
  return (
    db()
      .select({ id: admins.id, username: admins.username, fullName: admins.fullName })
      .from(admins)
      .where(and(eq(admins.lineUserId, lineUserId), eq(admins.active, true)))
      .get() ?? null
  );
}

/** What an admin is called in LINE replies: the full name, else the username. */
export const adminDisplayName = (a: { username: string; fullName: string }) => a.fullName.trim() || a.username;

/**
 * A new one-time code for the admin (10 minutes); the admin's earlier open codes are voided. Codes
 * are kept hashed; an expired code of another admin that happens to be drawn again is retired.
 */
export function issueAdminLineCode(adminId: number, now = Date.now()) {
  const expiresAt = new Date(now + ADMIN_LINE_CODE_TTL_MS);
  return immediate((tx) => {
    const admin = tx.select({ lineUserId: admins.lineUserId }).from(admins).where(eq(admins.id, adminId)).get();
    if (!admin) throw new DomainError(404, ADMIN_LINE_MESSAGES.notFound);
    if (admin.lineUserId) throw new DomainError(409, ADMIN_LINE_MESSAGES.alreadyLinkedAdmin);
    tx.update(adminLineCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(adminLineCodes.adminId, adminId), isNull(adminLineCodes.usedAt)))
      .run();
    let code = randomCode();
    for (;;) {
      const open = tx
        .select({ id: adminLineCodes.id, expiresAt: adminLineCodes.expiresAt })
        .from(adminLineCodes)
        .where(and(eq(adminLineCodes.code, hashCode(code)), isNull(adminLineCodes.usedAt)))
        .get();
      if (!open) break;
      if (open.expiresAt.getTime() > now) {
        code = randomCode();
        continue;
      }
      tx.update(adminLineCodes).set({ usedAt: new Date(now) }).where(eq(adminLineCodes.id, open.id)).run();
      break;
    }
    tx.insert(adminLineCodes).values({ adminId, code: hashCode(code), expiresAt, createdAt: new Date(now) }).run();
    recordAudit({ actor: { type: "admin", id: adminId }, action: "issue_line_code", entity: "admin", entityId: adminId });
    return { code, expires_at: expiresAt.toISOString() };
  });
}

export type AdminLinkOutcome =
  | { ok: true; adminId: number; message: string }
  | { ok: false; reason: "throttled" | "bad_code" | "line_taken" | "admin_taken"; message: string };

/**
 * Links the LINE user who sent `code` (from a signature-checked webhook event) to the admin who
 * issued it. A wrong, used or expired code counts against the LINE user (5 in 15 minutes, then
 * refused for a while); every refusal leaves links and codes as they were.
 */
export function linkAdminByCode(input: { lineUserId: string; code: string }, now = Date.now()): AdminLinkOutcome {
  const key = triesKey(input.lineUserId);
  return immediate((tx): AdminLinkOutcome => {
    const throttle = keyedThrottle(tx, key, LINK_TRIES_PER_LINE_USER, now);
    if (throttle.retryAfterSeconds > 0) {
      return { ok: false, reason: "throttled", message: linkThrottledMessage(throttle.retryAfterSeconds) };
    }
    const row = tx
      .select()
      .from(adminLineCodes)
      .where(and(eq(adminLineCodes.code, hashCode(input.code)), isNull(adminLineCodes.usedAt)))
      .get();
    if (!row || row.expiresAt.getTime() <= now) {
      recordKeyedFailure(tx, key, now);
      return { ok: false, reason: "bad_code", message: ADMIN_LINE_MESSAGES.badCode };
    }
    const taken = tx.select({ id: admins.id }).from(admins).where(eq(admins.lineUserId, input.lineUserId)).get();
    if (taken) return { ok: false, reason: "line_taken", message: ADMIN_LINE_MESSAGES.lineTaken };
    const admin = tx.select().from(admins).where(eq(admins.id, row.adminId)).get();
    if (!admin) {
      recordKeyedFailure(tx, key, now);
      return { ok: false, reason: "bad_code", message: ADMIN_LINE_MESSAGES.badCode };
    }
    if (admin.lineUserId) return { ok: false, reason: "admin_taken", message: ADMIN_LINE_MESSAGES.adminTaken };
    tx.update(adminLineCodes).set({ usedAt: new Date(now) }).where(eq(adminLineCodes.id, row.id)).run();
    tx.update(admins).set({ lineUserId: input.lineUserId, lineLinkedAt: new Date(now) }).where(eq(admins.id, admin.id)).run();
    clearKeyedFailures(tx, key);
    recordAudit({
      actor: { type: "admin", id: admin.id },
      action: "link_line",
      entity: "admin",
      entityId: admin.id,
      changes: { line_user_id: input.lineUserId, via: "line_code" },
    });
    return { ok: true, adminId: admin.id, message: ADMIN_LINE_MESSAGES.linked(adminDisplayName(admin)) };
  });
}

/**
 * Inside the caller's transaction: removes the admin's LINE link and voids their open codes,
 * audit-logged (`via` says why when it was not the admin's own unlinking). False when not linked.
 */
export function endAdminLineLink(tx: Db, adminId: number, actor: Actor, options: { via?: "disabled"; now?: number } = {}) {
  const admin = tx.select({ lineUserId: admins.lineUserId }).from(admins).where(eq(admins.id, adminId)).get();
  if (!admin?.lineUserId) return false;
  tx.update(admins).set({ lineUserId: null, lineLinkedAt: null }).where(eq(admins.id, adminId)).run();
  tx.update(adminLineCodes)
    .set({ usedAt: new Date(options.now ?? Date.now()) })
    .where(and(eq(adminLineCodes.adminId, adminId), isNull(adminLineCodes.usedAt)))
    .run();
  const changes = { line_user_id: admin.lineUserId, ...(options.via ? { via: options.via } : {}) };
  recordAudit({ actor, action: "unlink_line", entity: "admin", entityId: adminId, changes });
  return true;
}

/** The admin removes their LINE link (their open codes go too); 409 when there is none. */
export function unlinkAdminLine(adminId: number, actor: Actor, now = Date.now()) {
  immediate((tx) => {
    const admin = tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).get();
    if (!admin) throw new DomainError(404, ADMIN_LINE_MESSAGES.notFound);
    if (!endAdminLineLink(tx, adminId, actor, { now })) throw new DomainError(409, ADMIN_LINE_MESSAGES.notLinked);
  });
  return adminLineState(adminId);
}
