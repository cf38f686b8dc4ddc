import { eq } from "drizzle-orm";
import { attendance } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { setSetting } from "~/models/core/settings.server";
import { TODAY_BUCKETS } from "~/models/dashboard/buckets";
import { dailySummaryMessage } from "./reminder-cards.server";
import { dailySummaryData } from "./reminders.server";
import { bkk, checkIn, checkOut, leave, person } from "./reminders.test-helpers";

// The LINE daily summary counts the day ledger (ADR 043): the dashboard's buckets in person-days.

const DAY = "2026-11-24"; // a Tuesday

beforeAll(() => setSetting("attendance_start", "2020-01-01"));

test("half days count half: a morning leave back at 12:55 is half worked, an afternoon leave who never came is half absent", () => {
  const onTime = person();
  checkIn(onTime.id, DAY, "08:20");
  checkOut(onTime.id, DAY, "17:35");
  const morning = person();
  leave(morning.id, DAY, { half: "morning" });
  checkIn(morning.id, DAY, "12:55");
  checkOut(morning.id, DAY, "17:30");
  const afternoon = person();
  leave(afternoon.id, DAY, { half: "afternoon" });
  person(); // no show
  const outRejected = person();
  checkIn(outRejected.id, DAY, "08:25");
  checkOut(outRejected.id, DAY, "17:40");
  db().update(attendance).set({ checkoutReview: "rejected", reviewStatus: "rejected" }).where(eq(attendance.employeeId, outRejected.id)).run();

  const data = dailySummaryData(DAY, bkk(DAY, "18:00"));
  expect(data.headcount).toBe(5);
  expect(data.counts).toEqual({
    present: 1.5,
    late: 0,
    early_leave: 0,
    missing_checkout: 1, // the check-out was rejected: the good check-in stays
    pending_review: 0,
    leave: 1,
    absent: 1.5,
    off: 0,
  });
  expect(TODAY_BUCKETS.reduce((n, b) => n + data.counts[b], 0)).toBe(data.headcount);
  expect(dailySummaryMessage(data).altText).toContain("มา 1.5 สาย 0 ขาด 1.5 ลา 1 ไม่ลงเวลาออก 1");
});
