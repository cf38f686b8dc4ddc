// The kiosk components post their intents from their own constants (app/http may not import
// components): a drift from the pages' tables fails tsc and this test.
import { expectTypeOf, test } from "vitest";
import type { KIOSK_PIN_CLEAR_INTENT, KIOSK_PIN_INTENT } from "~/components/kiosk/KioskPinSection";
import type { KIOSK_PAIRING_INTENT, KIOSK_REVOKE_INTENT } from "~/components/kiosk/KiosksPanel";
import type { checkinOutIntents } from "./checkin-out.server";
import type { employeeIntents } from "./employees.server";

test("the kiosk components' intent names are in their page's table", () => {
  expectTypeOf<typeof KIOSK_PAIRING_INTENT>().toExtend<keyof ReturnType<typeof checkinOutIntents>>();
  expectTypeOf<typeof KIOSK_REVOKE_INTENT>().toExtend<keyof ReturnType<typeof checkinOutIntents>>();
  expectTypeOf<typeof KIOSK_PIN_INTENT>().toExtend<keyof ReturnType<typeof employeeIntents>>();
  expectTypeOf<typeof KIOSK_PIN_CLEAR_INTENT>().toExtend<keyof ReturnType<typeof employeeIntents>>();
});
