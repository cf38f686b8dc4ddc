// The kiosk intents (ADR 050): pairing codes and revocation in the settings tab of
// /admin/checkin-out, and an employee's kiosk PIN on their profile (posted to /admin/employee).
// The same model functions as /api/office/kiosk-pairing, /api/office/kiosks/:id/revoke and
// /api/employee/:id/pin.
import { intent } from "~/http/page-action.server";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { revokeKiosk } from "~/models/kiosk/kiosks.server";
import { issuePairingCode, PairingRequestSchema } from "~/models/kiosk/pairing.server";
import { clearPin, IssuePinSchema, issuePin } from "~/models/kiosk/pins.server";

export const kioskIntents = (actor: Actor) => ({
  kiosk_pairing: intent({
    schema: (fields) => parseOrThrow(PairingRequestSchema, { office: fields.office }, "กรุณาเลือกสำนักงาน"),
    run: (input) => issuePairingCode(input.office, actor),
    done: (issued) => `ออกรหัสจับคู่เครื่องลงเวลาของ${issued.office}แล้ว`,
  }),
  kiosk_revoke: intent({
    id: true,
    run: (_, ctx) => revokeKiosk(ctx.id(), actor),
    done: (kiosk) => `ยกเลิกเครื่องลงเวลาของ${kiosk.office}แล้ว`,
  }),
});

export const kioskPinIntents = (actor: Actor) => ({
  "kiosk-pin": intent({
    id: true,
    schema: (fields) => parseOrThrow(IssuePinSchema, { pin: fields.pin ?? "" }, "PIN ไม่ถูกต้อง"),
    run: (input, ctx) => issuePin(ctx.id(), actor, input.pin),
    done: "ออก PIN ลงเวลาที่เครื่องแล้ว",
  }),
  "kiosk-pin-clear": intent({
    id: true,
    run: (_, ctx) => clearPin(ctx.id(), actor),
    done: (r) => (r.cleared ? "ยกเลิก PIN ลงเวลาแล้ว" : "พนักงานคนนี้ไม่มี PIN อยู่แล้ว"),
  }),
});
