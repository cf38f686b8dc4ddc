import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { checkInOutAtKiosk } from "~/models/attendance/attendance.server";
import { requireEmployee } from "~/models/employees/employee.server";
import type { Kiosk } from "./kiosks.server";
import { KIOSK_MESSAGES } from "./labels";
import { PinSchema, verifyKioskPin } from "./pins.server";

/** The fields of `POST /api/kiosk/checkin` besides the photo. */
export const KioskCheckInSchema = z.object({
  employee_code: z.string({ error: KIOSK_MESSAGES.employeeCode }).trim().min(1, KIOSK_MESSAGES.employeeCode).max(20, KIOSK_MESSAGES.wrongPin),
  pin: PinSchema,
  type: z.enum(["in", "out"], { error: KIOSK_MESSAGES.type }),
});
export type KioskCheckInInput = z.infer<typeof KioskCheckInSchema>;

/**
 * A check-in or check-out at the kiosk's screen by an employee without LINE: employee code and
 * PIN (checked and throttled like a sign-in), then the kiosk camera's selfie goes through
 * checkInOut like any other, placed inside the kiosk's office with proof "pin" and the face
 * matched on the server. The kiosk gets only what it shows: who, which side, when, and whether
 * an admin will look at it.
 */
export async function kioskCheckIn(kiosk: Kiosk, input: KioskCheckInInput, photo: Uint8Array | null, now = new Date()) {
  if (!photo) throw new DomainError(400, KIOSK_MESSAGES.photoNeeded, { photo: KIOSK_MESSAGES.photoNeeded });
  const employeeId = await verifyKioskPin({ kioskId: kiosk.id, employeeCode: input.employee_code, pin: input.pin, now: now.getTime() });
  // The kiosk's clock is the server's: no phone clock to compare.
  const record = await checkInOutAtKiosk(employeeId, kiosk.office, { type: input.type, client_time: now }, photo, now);
  const at = input.type === "in" ? record.checkin_at : record.checkout_at;
  const review = input.type === "in" ? record.checkin_review : record.checkout_review;
  return {
    checkin: {
      type: input.type,
      at,
      office: kiosk.office,
      full_name: requireEmployee(employeeId).full_name,
      review: review === "pending",
    },
  };
}
