import { kioskPairings, kiosks, loginAttempts, settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { updateSettings } from "~/models/core/settings.server";
import { hashToken, kioskForToken } from "./kiosks.server";
import { KIOSK_MESSAGES } from "./labels";
import { issuePairingCode, pairKiosk, PAIRING_TRIES_PER_ADDRESS, PAIRING_TTL_MS, resolveOffice } from "./pairing.server";

const admin = { type: "admin" as const, id: null };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const BRANCH = { name: "สาขา 2", lat: 13.8, lng: 100.6, radius_m: 100 };
const T0 = Date.parse("2026-11-23T01:00:00.000Z");

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("not refused");
}

beforeEach(() => {
  db().delete(kioskPairings).run();
  db().delete(kiosks).run();
  db().delete(loginAttempts).run();
  db().delete(settings).run();
  updateSettings({ offices: [HQ, BRANCH] }, { type: "system" });
});

test("an office is named by its name or its index in the settings; anything else is a 400 on `office`", () => {
  expect(resolveOffice("สาขา 2")).toBe(BRANCH.name);
  expect(resolveOffice(1)).toBe(BRANCH.name);
  expect(resolveOffice("0")).toBe(HQ.name);
  for (const bad of ["ไม่มีสาขานี้", 2, "7"]) {
    const error = refusal(() => resolveOffice(bad));
    expect(error.status).toBe(400);
    expect(error.fields?.office).toBe(KIOSK_MESSAGES.unknownOffice);
  }
});

test("a code pairs one kiosk with its office, once; only its HMAC is stored", () => {
  const issued = issuePairingCode(1, admin, T0);
  expect(issued).toEqual({ code: expect.stringMatching(/^\d{6}$/), expires_at: new Date(T0 + PAIRING_TTL_MS).toISOString(), office: BRANCH.name });
  const stored = db().select().from(kioskPairings).all();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.codeHash).not.toContain(issued.code);

  const { token, kiosk } = pairKiosk(issued.code, "10.0.0.1", T0 + 60_000);
  expect(kiosk.office).toBe(BRANCH.name);
  expect(db().select().from(kiosks).all().map((k) => k.tokenHash)).toEqual([hashToken(token)]);
  expect(kioskForToken(token, T0 + 60_000)).toEqual({ kiosk });

  const again = refusal(() => pairKiosk(issued.code, "10.0.0.2", T0 + 61_000));
  expect([again.status, again.message]).toEqual([400, KIOSK_MESSAGES.usedCode]);
  expect(db().select().from(kiosks).all()).toHaveLength(1);
});

test("an expired code and an unknown one are refused in Thai and pair nothing", () => {
  const issued = issuePairingCode(HQ.name, admin, T0);
  const late = refusal(() => pairKiosk(issued.code, "10.0.0.3", T0 + PAIRING_TTL_MS));
  expect([late.status, late.message, late.fields?.code]).toEqual([400, KIOSK_MESSAGES.expiredCode, KIOSK_MESSAGES.expiredCode]);
  const wrong = issued.code === "000000" ? "000001" : "000000";
  const unknown = refusal(() => pairKiosk(wrong, "10.0.0.3", T0));
  expect([unknown.status, unknown.message]).toEqual([400, KIOSK_MESSAGES.badCode]);
  expect(db().select().from(kiosks).all()).toHaveLength(0);
});

test("wrong codes from one address are throttled (429 with Retry-After), even for a right code; other addresses are not", () => {
  const issued = issuePairingCode(HQ.name, admin, T0);
  const wrong = issued.code === "000000" ? "000001" : "000000";
  for (let i = 0; i < PAIRING_TRIES_PER_ADDRESS; i++) expect(refusal(() => pairKiosk(wrong, "10.9.9.9", T0 + i)).status).toBe(400);
  const limited = refusal(() => pairKiosk(issued.code, "10.9.9.9", T0 + 100));
  expect(limited.status).toBe(429);
  expect(Number(limited.extra.headers?.["Retry-After"])).toBeGreaterThan(0);
  expect(pairKiosk(issued.code, "10.8.8.8", T0 + 200).kiosk.office).toBe(HQ.name);
});

test("codes expired for more than a day are pruned when a new one is issued", () => {
  issuePairingCode(HQ.name, admin, T0);
  issuePairingCode(HQ.name, admin, T0 + PAIRING_TTL_MS + 24 * 60 * 60_000 + 1);
  expect(db().select().from(kioskPairings).all()).toHaveLength(1);
});
