import crypto from "node:crypto";
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { kiosks } from "../../../db/schema";
import { db, immediate, preparedQuery } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { getSetting } from "~/models/core/settings.server";
import { KIOSK_MESSAGES } from "./labels";
import { officeQrValue } from "./office-qr.server";

/** A kiosk's last_seen_at is written at most this often (its QR is fetched every 30 s). */
export const KIOSK_SEEN_INTERVAL_MS = 60_000;
/** The newest kiosks the admin's list shows (the paired ones first). */
export const KIOSK_LIST_LIMIT = 200;

export type Kiosk = { id: number; office: string };

/** The stored form of a kiosk's token (32 random bytes: a plain hash is enough). */
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

const byToken = preparedQuery((d) =>
  d
    .select({ id: kiosks.id, office: kiosks.office, revokedAt: kiosks.revokedAt })
    .from(kiosks)
    .where(eq(kiosks.tokenHash, sql.placeholder("hash")))
    .prepare(),
);

// One statement decides and writes: two requests in the same minute write it once.
const touch = preparedQuery((d) =>
  d
    .update(kiosks)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
    .where(
      and(
        eq(kiosks.id, sql.placeholder("id")),
        isNull(kiosks.revokedAt),
        or(isNull(kiosks.lastSeenAt), lte(kiosks.lastSeenAt, sql`${sql.placeholder("due")}`)),
      ),
    )
    .prepare(),
);

/**
 * The kiosk a device's token names: `{ kiosk }` while it is paired (its last_seen_at stamped, at
 * most once a minute), `{ revoked: true }` after an admin revoked it, null for no such token.
 */
export function kioskForToken(token: string, now = Date.now()): { kiosk: Kiosk } | { revoked: true } | null {
  const row = byToken().get({ hash: hashToken(token) });
  if (!row) return null;
  if (row.revokedAt) return { revoked: true };
  touch().run({ id: row.id, now, due: now - KIOSK_SEEN_INTERVAL_MS });
  return { kiosk: { id: row.id, office: row.office } };
}

/** What the kiosk shows now: its office's QR (`officeQrValue`); 409 when the office left the settings. */
export function kioskQr(kiosk: Kiosk, baseUrl: string, now = new Date()) {
  if (!getSetting("offices").some((o) => o.name === kiosk.office)) {
    throw new DomainError(409, KIOSK_MESSAGES.officeGone(kiosk.office));
  }
  return officeQrValue(kiosk.office, baseUrl, now);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type KioskDto = {
  id: number;
  office: string;
  paired_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
  /** False once the office was renamed or removed in the settings: the kiosk shows an error. */
  office_exists: boolean;
};

function toKioskDto(k: typeof kiosks.$inferSelect, offices: ReadonlySet<string>): KioskDto {
  return {
    id: k.id,
    office: k.office,
    paired_at: k.pairedAt.toISOString(),
    last_seen_at: iso(k.lastSeenAt),
    revoked_at: iso(k.revokedAt),
    office_exists: offices.has(k.office),
  };
}

const officeNames = () => new Set(getSetting("offices").map((o) => o.name));

/** `GET /api/office/kiosks`: paired kiosks first, then revoked ones, newest first. */
export function listKiosks(): { items: KioskDto[] } {
  const offices = officeNames();
  const rows = db()
    .select()
    .from(kiosks)
    .orderBy(sql`${kiosks.revokedAt} is not null`, desc(kiosks.pairedAt), desc(kiosks.id))
    .limit(KIOSK_LIST_LIMIT)
    .all();
  return { items: rows.map((k) => toKioskDto(k, offices)) };
}

/** An admin ends a kiosk's pairing: its cookie no longer gets a QR. 404 unknown, 409 already revoked. */
export function revokeKiosk(id: number, actor: Actor, now = Date.now()): KioskDto {
  const row = immediate((tx) => {
    const found = tx.select({ revokedAt: kiosks.revokedAt }).from(kiosks).where(eq(kiosks.id, id)).get();
    if (!found) throw new DomainError(404, KIOSK_MESSAGES.notFound);
    if (found.revokedAt) throw new DomainError(409, KIOSK_MESSAGES.alreadyRevoked);
    const revoked = tx
      .update(kiosks)
      .set({ revokedAt: new Date(now), revokedBy: actor.type === "admin" ? (actor.id ?? null) : null })
      .where(eq(kiosks.id, id))
      .returning()
      .get();
    if (!revoked) throw new Error(`kiosk ${id} vanished inside its transaction`);
    recordAudit({ actor, action: "revoke_kiosk", entity: "kiosk", entityId: id, changes: { office: revoked.office } });
    return revoked;
  });
  return toKioskDto(row, officeNames());
}
