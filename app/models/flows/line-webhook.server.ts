// LINE's webhook: the signature is checked on the raw body before anything else; events are
// handled after the 200 answer, once each (de-duplicated by webhookEventId, or by a hash of the
// event when it has none), and events in
// `standby` mode never send anything (DESIGN.md §7, §8).
import crypto from "node:crypto";
import { lineFollowers, lineWebhookEvents } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { replyMessage, verifySignature, type LineMessage } from "~/lib/line.server";
import { linkAdminByCode, parseAdminLineCode } from "~/models/admins/line-account.server";
import { handleApprovalPostback } from "./line-approvals.server";
import { recordGroupJoin, recordGroupLeave } from "~/models/line/group.server";
import { findReplyFor } from "~/models/line/reply-message.server";
import { logger } from "~/lib/log.server";

/** The parts of LINE webhook events this app reads; anything else is ignored. */
export type WebhookEvent = {
  type: string;
  mode?: "active" | "standby" | string;
  timestamp?: number;
  webhookEventId?: string;
  replyToken?: string;
  source?: { type?: string; userId?: string; groupId?: string; roomId?: string };
  message?: { type?: string; id?: string; text?: string };
  postback?: { data?: unknown };
  deliveryContext?: { isRedelivery?: boolean };
};

export type HandleOutcome = "handled" | "duplicate" | "failed";

/** Largest webhook body read; LINE's are a few KB. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * True when `x-line-signature` is the base64 HMAC-SHA256 of exactly these bytes with the channel
 * secret (compared in constant time). No secret configured: nothing is trusted.
 */
export function isSignedByLine(rawBody: Uint8Array | string, signature: string | null): boolean {
  const secret = env().LINE_CHANNEL_SECRET;
  if (!secret || !signature) return false;
  return verifySignature(rawBody, signature, secret);
}

/** `{ destination, events: [...] }` → the events, or null when the body is not that shape. */
export function parseWebhookBody(text: string): WebhookEvent[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== "object" || !Array.isArray((body as { events?: unknown }).events)) return null;
  return ((body as { events: unknown[] }).events).filter(
    (e): e is WebhookEvent => Boolean(e) && typeof e === "object" && typeof (e as WebhookEvent).type === "string",
  );
}

function sourceId(event: WebhookEvent) {
  const s = event.source;
  return s?.groupId ?? s?.roomId ?? s?.userId ?? null;
}

/** JSON with object keys sorted, so the same event always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The key an event is recorded under: LINE's webhookEventId, or for an event without one
 * `sha256:<hex>` of the event itself (its delivery context left out, since a redelivery changes
 * only that), so a replayed body is still handled once.
 */
export function eventKey(event: WebhookEvent): string {
  if (event.webhookEventId) return event.webhookEventId;
  const text = canonicalJson({ ...event, deliveryContext: undefined });
  return `sha256:${crypto.createHash("sha256").update(text).digest("hex")}`;
}

/** Records the event; false when it was already recorded (LINE redelivered it, or it was replayed). */
export function claimEvent(event: WebhookEvent): boolean {
  const result = db()
    .insert(lineWebhookEvents)
    .values({
      webhookEventId: eventKey(event),
      type: event.type,
      sourceType: event.source?.type ?? null,
      sourceId: sourceId(event),
    })
    .onConflictDoNothing()
    .run();
  return result.changes > 0;
}

function setFollowing(userId: string, following: boolean, now: Date) {
  db()
    .insert(lineFollowers)
    .values({ lineUserId: userId, following, changedAt: now })
    .onConflictDoUpdate({ target: lineFollowers.lineUserId, set: { following, changedAt: now } })
    .run();
}

async function dispatch(event: WebhookEvent, now: Date) {
  const standby = event.mode === "standby";
  switch (event.type) {
    case "message": {
      if (standby || event.message?.type !== "text" || typeof event.message.text !== "string") return;
      if (!event.replyToken) return;
      // An admin's link code, sent in a 1:1 chat, comes before any auto-reply keyword.
      const code = event.source?.type === "user" && event.source.userId ? parseAdminLineCode(event.message.text) : null;
      if (code && event.source?.userId) {
        const outcome = linkAdminByCode({ lineUserId: event.source.userId, code }, now.getTime());
        await replyMessage(event.replyToken, [{ type: "text", text: outcome.message }]);
        return;
      }
      const reply = findReplyFor(event.message.text);
      if (reply) await replyMessage(event.replyToken, reply.messages as LineMessage[]);
      return;
    }
    case "postback": {
      if (standby || !event.replyToken) return;
      const reply = handleApprovalPostback({ lineUserId: event.source?.userId, data: event.postback?.data }, now);
      if (reply) await replyMessage(event.replyToken, [reply]);
      return;
    }
    case "join":
      if (event.source?.type === "group" && event.source.groupId) await recordGroupJoin(event.source.groupId, now);
      return;
    case "leave":
      if (event.source?.type === "group" && event.source.groupId) recordGroupLeave(event.source.groupId, now);
      return;
    case "follow":
    case "unfollow":
      if (event.source?.userId) setFollowing(event.source.userId, event.type === "follow", now);
      return;
    default:
      return;
  }
}

/**
 * Handles the events of one webhook call, in order. Each event is claimed first (a redelivered
 * one is skipped); a failure in one is logged as a warning and does not stop the others, so
 * the returned promise never rejects. In standby mode nothing is sent to LINE; the event is still
 * recorded, and group and follower state still follows it.
 */
export async function handleWebhookEvents(events: WebhookEvent[], now = () => new Date()): Promise<HandleOutcome[]> {
  const outcomes: HandleOutcome[] = [];
  for (const event of events) {
    try {
      if (!claimEvent(event)) {
        outcomes.push("duplicate");
        continue;
      }
      await dispatch(event, now());
      outcomes.push("handled");
    } catch (error) {
      logger.warn(`LINE webhook ${event.type} ${event.webhookEventId ?? ""}: ${(error as Error).message}`);
      outcomes.push("failed");
    }
  }
  return outcomes;
}
