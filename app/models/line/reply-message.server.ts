// Auto-reply messages: a keyword, how it matches, and 1–5 LINE message objects the webhook
// replies with (DESIGN.md §8 "Messages and groups"). Sync asks LINE to validate them.
import { and, asc, eq } from "drizzle-orm";
import { replyMessages } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { requireSomeChange } from "~/lib/validation";
import { validateReply, withLineErrors, type LineMessage } from "~/lib/line.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { DUPLICATE_KEYWORD_ERROR, type MatchMode, type ReplyCreateInput, type ReplyUpdateInput } from "./message-schema";

type Row = typeof replyMessages.$inferSelect;

export type ReplyDto = {
  id: number;
  keyword: string;
  match: MatchMode;
  messages: Record<string, unknown>[];
  active: boolean;
  sync_error: string | null;
  synced_at: string | null;
  created_at: string;
  updated_at: string;
};

export type SyncResult = {
  /** Active replies LINE checked. */
  synced: number;
  /** Those LINE refused, with its reason. */
  invalid: { id: number; error: string }[];
  synced_at: string;
};

const NOT_FOUND = "ไม่พบข้อความตอบกลับ";

function toDto(row: Row): ReplyDto {
  return {
    id: row.id,
    keyword: row.keyword,
    match: row.match,
    messages: row.messages,
    active: row.active,
    sync_error: row.syncError,
    synced_at: row.syncedAt ? row.syncedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function listReplies(): { items: ReplyDto[]; total: number } {
  const items = db().select().from(replyMessages).orderBy(asc(replyMessages.id)).all().map(toDto);
  return { items, total: items.length };
}

export function getReply(id: number): ReplyDto | null {
  const row = db().select().from(replyMessages).where(eq(replyMessages.id, id)).get();
  return row ? toDto(row) : null;
}

export function requireReply(id: number): ReplyDto {
  const found = getReply(id);
  if (!found) throw new DomainError(404, NOT_FOUND);
  return found;
}

/** The latest time any reply was checked with LINE, for "last synced" on the page. */
export function lastSyncedAt(items: ReplyDto[]): string | null {
  return items.reduce<string | null>((latest, r) => (r.synced_at && (!latest || r.synced_at > latest) ? r.synced_at : latest), null);
}

/**
 * Refuses (409) an active reply whose keyword (as the matcher compares it) and match mode are
 * already those of another active reply, unless the admin chose to add it anyway.
 */
function assertNotDuplicate(
  reply: { keyword: string; match: MatchMode; active: boolean },
  allowDuplicate: boolean | undefined,
  exceptId?: number,
) {
  if (!reply.active || allowDuplicate) return;
  const key = normaliseForMatch(reply.keyword);
  const twin = db()
    .select({ id: replyMessages.id, keyword: replyMessages.keyword })
    .from(replyMessages)
    .where(and(eq(replyMessages.active, true), eq(replyMessages.match, reply.match)))
    .all()
    .find((r) => r.id !== exceptId && normaliseForMatch(r.keyword) === key);
  if (twin) {
    throw new DomainError(409, DUPLICATE_KEYWORD_ERROR, { keyword: DUPLICATE_KEYWORD_ERROR }, { body: { duplicate_of: twin.id } });
  }
}

export function createReply(input: ReplyCreateInput, actor: Actor): ReplyDto {
  const row = immediate((tx) => {
    assertNotDuplicate(input, input.allow_duplicate);
    return tx
      .insert(replyMessages)
      .values({ keyword: input.keyword, match: input.match, messages: input.messages, active: input.active })
      .returning()
      .get();
  });
  recordAudit({ actor, action: "create", entity: "reply_message", entityId: row.id, changes: input });
  return toDto(row);
}

/** Partial update; new message objects forget the previous LINE check (it no longer applies). */
export function updateReply(id: number, input: ReplyUpdateInput, actor: Actor): ReplyDto {
  const row = immediate((tx) => {
    const before = requireReply(id);
    requireSomeChange({ ...input, allow_duplicate: undefined });
    if (input.keyword !== undefined || input.match !== undefined || input.active !== undefined) {
      const after = {
        keyword: input.keyword ?? before.keyword,
        match: input.match ?? before.match,
        active: input.active ?? before.active,
      };
      assertNotDuplicate(after, input.allow_duplicate, id);
    }
    const changes: Partial<typeof replyMessages.$inferInsert> = { updatedAt: new Date() };
    if (input.keyword !== undefined) changes.keyword = input.keyword;
    if (input.match !== undefined) changes.match = input.match;
    if (input.active !== undefined) changes.active = input.active;
    if (input.messages !== undefined) {
      changes.messages = input.messages;
      changes.syncError = null;
      changes.syncedAt = null;
    }
    return tx.update(replyMessages).set(changes).where(eq(replyMessages.id, id)).returning().get();
  });
  recordAudit({ actor, action: "update", entity: "reply_message", entityId: id, changes: input });
  return toDto(row);
}

export function deleteReply(id: number, actor: Actor) {
  const before = requireReply(id);
  db().delete(replyMessages).where(eq(replyMessages.id, id)).run();
  recordAudit({ actor, action: "delete", entity: "reply_message", entityId: id, changes: before });
}

// ---------------------------------------------------------------------------------------------
// Matching

/** Case-insensitive for Latin letters; the same Thai text typed two ways (NFC/NFD) compares equal. */
export function normaliseForMatch(text: string) {
  return text.normalize("NFC").trim().toLowerCase();
}

type Matchable = Pick<ReplyDto, "id" | "keyword" | "match" | "active">;

/**
 * The first active reply (lowest id) whose keyword matches the text. exact: the trimmed text
 * equals the keyword; contains: the text includes it. Both ignore Latin case.
 */
export function pickReply<T extends Matchable>(text: string, replies: T[]): T | null {
  const said = normaliseForMatch(text);
  if (!said) return null;
  const ordered = [...replies].sort((a, b) => a.id - b.id);
  for (const reply of ordered) {
    if (!reply.active) continue;
    const keyword = normaliseForMatch(reply.keyword);
    if (!keyword) continue;
    if (reply.match === "exact" ? said === keyword : said.includes(keyword)) return reply;
  }
  return null;
}

/** The reply for an incoming text message, or null. */
export function findReplyFor(text: string): ReplyDto | null {
  const active = db()
    .select()
    .from(replyMessages)
    .where(eq(replyMessages.active, true))
    .orderBy(asc(replyMessages.id))
    .all()
    .map(toDto);
  return pickReply(text, active);
}

// ---------------------------------------------------------------------------------------------
// Sync

/**
 * Validates every active reply with LINE (one call each) and stores the outcome per reply.
 * A LINE failure other than "invalid" (400) stops the run: an API error Response 502, or 503 when
 * LINE is not configured. Replies checked before the failure keep their result.
 */
export async function syncReplies(actor: Actor, now = () => new Date()): Promise<SyncResult> {
  const active = listReplies().items.filter((r) => r.active);
  const invalid: SyncResult["invalid"] = [];
  for (const reply of active) {
    const outcome = await withLineErrors(() => validateReply(reply.messages as LineMessage[]));
    const error = outcome.ok ? null : `LINE ไม่รับข้อความนี้: ${outcome.error || "ไม่ระบุเหตุผล"}`;
    if (error) invalid.push({ id: reply.id, error });
    db()
      .update(replyMessages)
      .set({ syncError: error, syncedAt: now() })
      .where(eq(replyMessages.id, reply.id))
      .run();
  }
  const result = { synced: active.length, invalid, synced_at: now().toISOString() };
  recordAudit({ actor, action: "sync", entity: "reply_message", changes: { synced: result.synced, invalid } });
  return result;
}
