import { eq } from "drizzle-orm";
import { kiosks, settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { updateSettings } from "~/models/core/settings.server";
import { hashToken, kioskForToken, kioskQr, KIOSK_SEEN_INTERVAL_MS, listKiosks, revokeKiosk } from "./kiosks.server";
import { KIOSK_MESSAGES } from "./labels";

const system = { type: "system" as const };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const T0 = Date.parse("2026-11-23T01:00:00.000Z");

function addKiosk(token: string, office = HQ.name, pairedAt = T0) {
  return db().insert(kiosks).values({ office, tokenHash: hashToken(token), pairedAt: new Date(pairedAt) }).returning().get();
}

const lastSeen = (id: number) => db().select().from(kiosks).where(eq(kiosks.id, id)).get()?.lastSeenAt?.getTime() ?? null;

async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("not refused");
}

beforeEach(() => {
  db().delete(kiosks).run();
  db().delete(settings).run();
  updateSettings({ offices: [HQ] }, system);
});

test("a token finds its kiosk and stamps last_seen_at at most once a minute", () => {
  const k = addKiosk("token-a");
  expect(kioskForToken("token-a", T0)).toEqual({ kiosk: { id: k.id, office: HQ.name } });
  expect(lastSeen(k.id)).toBe(T0);
  kioskForToken("token-a", T0 + 30_000);
  expect(lastSeen(k.id)).toBe(T0);
  kioskForToken("token-a", T0 + KIOSK_SEEN_INTERVAL_MS);
  expect(lastSeen(k.id)).toBe(T0 + KIOSK_SEEN_INTERVAL_MS);
  expect(kioskForToken("no-such-token", T0)).toBeNull();
});

test("a revoked kiosk's token is answered as revoked and no longer stamped; revoking twice is 409, an unknown id 404", async () => {
  const k = addKiosk("token-b");
  const revoked = revokeKiosk(k.id, system, T0);
  expect(revoked).toMatchObject({ id: k.id, office: HQ.name, revoked_at: new Date(T0).toISOString() });
  expect(kioskForToken("token-b", T0 + 120_000)).toEqual({ revoked: true });
  expect(lastSeen(k.id)).toBeNull();
  expect((await refusal(() => revokeKiosk(k.id, system))).status).toBe(409);
  expect((await refusal(() => revokeKiosk(999_999, system))).status).toBe(404);
});

test("the list: paired kiosks first (newest first), then revoked ones; an office gone from the settings is marked", () => {
  const old = addKiosk("t1", HQ.name, T0);
  const newer = addKiosk("t2", "สาขาที่ปิดแล้ว", T0 + 1000);
  const gone = addKiosk("t3", HQ.name, T0 + 2000);
  revokeKiosk(gone.id, system, T0 + 3000);
  const items = listKiosks().items;
  expect(items.map((k) => k.id)).toEqual([newer.id, old.id, gone.id]);
  expect(items.map((k) => k.office_exists)).toEqual([false, true, true]);
});

test("the QR of a kiosk whose office left the settings is a 409 in Thai", async () => {
  const k = { id: 1, office: "สาขาที่ปิดแล้ว" };
  const error = await refusal(() => kioskQr(k, "http://x"));
  expect(error.status).toBe(409);
  expect(error.message).toBe(KIOSK_MESSAGES.officeGone("สาขาที่ปิดแล้ว"));
  expect(kioskQr({ id: 1, office: HQ.name }, "http://x").value).toMatch(/^http:\/\/x\/employee\/checkin-out\?qr=/);
});
