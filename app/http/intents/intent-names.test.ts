// app/http may not import components, so the intent tables spell out the names that a few
// components post from their own constants; this keeps the two in step (a type check: tsc and
// this test fail on a drift).
import { expectTypeOf, test } from "vitest";
import type { FACE_REVIEW_INTENT } from "~/components/attendance/FaceReviews";
import type { SETTINGS_INTENT } from "~/components/attendance/SettingsTab";
import type { BACKUP_KEEP_INTENT } from "~/components/settings/HubSections";
import type { checkinOutIntents } from "./checkin-out.server";
import type { settingsIntents } from "./settings.server";

test("the components' intent names are in their page's table", () => {
  expectTypeOf<typeof SETTINGS_INTENT>().toExtend<keyof ReturnType<typeof checkinOutIntents>>();
  expectTypeOf<typeof FACE_REVIEW_INTENT>().toExtend<keyof ReturnType<typeof checkinOutIntents>>();
  expectTypeOf<typeof BACKUP_KEEP_INTENT>().toExtend<keyof ReturnType<typeof settingsIntents>>();
});
