import crypto from "node:crypto";
import { eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { kioskPairings, kiosks } from "../../../db/schema";
import { immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { clearKeyedFailures, keyedThrottle, recordKeyedFailure } from "~/lib/rate-limit.server";
import { sessionSecrets } from "~/lib/session.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { getSetting } from "~/models/core/settings.server";
import { KIOSK_MESSAGES, PAIRING_CODE_LENGTH } from "./labels";
import { hashToken } from "./kiosks.server";

export const PAIRING_TTL_MS = 10 * 60_000;
/** Wrong codes from one address in the sign-in window (15 minutes) before it is refused. */
export const PAIRING_TRIES_PER_ADDRESS = 10;
/** Used and expired codes are kept this long (their refusal says "used" or "expired"), then pruned. */
const PAIRING_KEPT_MS = 24 * 60 * 60_000;

/** `office`: the office's name, or its index in the `offices` setting (a number, or digits no office is named). */
export const PairingRequestSchema = z.object({
  office: z.union(
    [
      z.number({ error: KIOSK_MESSAGES.officeMissing }).int(KIOSK_MESSAGES.unknownOffice).min(0, KIOSK_MESSAGES.unknownOffice),
      z.string({ error: KIOSK_MESSAGES.officeMissing }).trim().min(1, KIOSK_MESSAGES.officeMissing).max(100, KIOSK_MESSAGES.unknownOffice),
    ],
    { error: KIOSK_MESSAGES.officeMissing },
  ),
});

export const PairSchema = z.object({
  code: z
    .string({ error: KIOSK_MESSAGES.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${PAIRING_CODE_LENGTH}}$`), KIOSK_MESSAGES.codeFormat),
});

/** The office's name from a name or an index; 400 (`fields.office`) when there is none such. */
export function resolveOffice(office: string | number): string {
  const offices = getSetting("offices");
  const byName = typeof office === "string" ? offices.find((o) => o.name === office) : undefined;
  const index = typeof office === "number" ? office : /^\d{1,4}$/.test(office) ? Number(office) : -1;
  const found = byName ?? offices[index];
  if (!found) throw new DomainError(400, KIOSK_MESSAGES.unknownOffice, { office: KIOSK_MESSAGES.unknownOffice });
  return found.name;
}

/** The stored form of a code under one secret: an HMAC, so the table alone does not give codes away. */
function codeHash(secret: string, code: string) {
  return crypto.createHmac("sha256", secret).update(`tn-kiosk-pairing\n${code}`).digest("hex");
}

const randomCode = () => String(crypto.randomInt(0, 10 ** PAIRING_CODE_LENGTH)).padStart(PAIRING_CODE_LENGTH, "0");

/**
 * An admin's one-time code that pairs a kiosk with `office` (name or index): 10 minutes, one use.
 * Only its HMAC is stored, under a unique index (a clash with a live code draws another).
 */
export function issuePairingCode(office: string | number, actor: Actor, now = Date.now()) {
  const name = resolveOffice(office);
  const expiresAt = new Date(now + PAIRING_TTL_MS);
  const secret = sessionSecrets()[0]!;
  return immediate((tx) => {
    tx.delete(kioskPairings)
      .where(lt(kioskPairings.expiresAt, new Date(now - PAIRING_KEPT_MS)))
      .run();
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = randomCode();
      const inserted = tx
        .insert(kioskPairings)
        .values({ codeHash: codeHash(secret, code), office: name, expiresAt, createdBy: actor.type === "admin" ? (actor.id ?? null) : null, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ id: kioskPairings.id })
        .get();
      if (inserted) {
        recordAudit({ actor, action: "issue_kiosk_code", entity: "kiosk", changes: { office: name } });
        return { code, expires_at: expiresAt.toISOString(), office: name };
      }
    }
    throw new Error("no free kiosk pairing code after 10 draws");
  });
}

type PairOutcome = { ok: true; token: string; kiosk: { id: number; office: string } } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

/**
 * Pairs this device with the code's office: the code is checked and marked used, and the kiosk
 * written with its token's hash, in one transaction (so a code pairs one kiosk only). A wrong,
 * expired or used code counts against the address (10 in 15 minutes, then 429); the count is
 * committed before the refusal is thrown. Returns the token for the device's cookie.
 */
export function pairKiosk(code: string, ip: string, now = Date.now()) {
  const key = `kiosk-pair:${ip}`;
  const hashes = sessionSecrets().map((secret) => codeHash(secret, code));
  const outcome = immediate((tx): PairOutcome => {
    const { retryAfterSeconds } = keyedThrottle(tx, key, PAIRING_TRIES_PER_ADDRESS, now);
    if (retryAfterSeconds > 0) return { ok: false, status: 429, message: KIOSK_MESSAGES.throttled(retryAfterSeconds), retryAfterSeconds };
    const row = tx.select().from(kioskPairings).where(inArray(kioskPairings.codeHash, hashes)).get();
    const problem = !row ? KIOSK_MESSAGES.badCode : row.usedAt ? KIOSK_MESSAGES.usedCode : row.expiresAt.getTime() <= now ? KIOSK_MESSAGES.expiredCode : null;
    if (!row || problem) {
      recordKeyedFailure(tx, key, now);
      return { ok: false, status: 400, message: problem ?? KIOSK_MESSAGES.badCode };
    }
    const token = crypto.randomBytes(32).toString("base64url");
    const kiosk = tx
      .insert(kiosks)
      .values({ office: row.office, tokenHash: hashToken(token), pairedAt: new Date(now), pairedBy: row.createdBy })
      .returning({ id: kiosks.id, office: kiosks.office })
      .get();
    tx.update(kioskPairings).set({ usedAt: new Date(now), kioskId: kiosk.id }).where(eq(kioskPairings.id, row.id)).run();
    clearKeyedFailures(tx, key);
    recordAudit({ actor: { type: "system" }, action: "pair_kiosk", entity: "kiosk", entityId: kiosk.id, changes: { office: kiosk.office } });
    return { ok: true, token, kiosk };
  });
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { headers: { "Retry-After": String(outcome.retryAfterSeconds) } } : {};
    throw new DomainError(outcome.status, outcome.message, outcome.status === 400 ? { code: outcome.message } : undefined, headers);
  }
  return { token: outcome.token, kiosk: outcome.kiosk };
}
