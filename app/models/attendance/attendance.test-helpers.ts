// Shared set-up for the attendance model tests (not a test file itself).
import { attendance, uploads } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import type { CheckInOutInput } from "./rules";
import { checkInOut } from "./attendance.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { updateSettings } from "~/models/core/settings.server";

export const system = { type: "system" as const };
export const HQ = {
  name: "สำนักงานใหญ่",
  lat: 13.7563,
  lng: 100.5018,
  radius_m: 100,
};
const METRES_PER_DEGREE_LAT = 111_195;

/** A point `metres` north of the office. */
export const north = (metres: number) => ({
  lat: HQ.lat + metres / METRES_PER_DEGREE_LAT,
  lng: HQ.lng,
});

let n = 0;
export function newEmployee() {
  n += 1;
  return createEmployee(
    EmployeeCreateSchema.parse({
      code: `AT${n}-${Date.now() % 100000}`,
      title: 1,
      first_name: "สมชาย",
      last_name: "ลงเวลา",
    }),
    system
  );
}

/** A check-in's fields at `now` on the office's centre; `now` rides along as the server's clock. */
export function input(now: Date, over: Partial<CheckInOutInput> = {}): CheckInOutInput & { now: Date } {
  return {
    type: "in",
    ...north(0),
    accuracy: 10,
    position_at: now,
    client_time: now,
    ...over,
    now,
  };
}

/** checkInOut with the server's clock at the input's `now`. */
export const go = (employeeId: number, i: CheckInOutInput & { now: Date }, photo: Uint8Array | null) =>
  checkInOut(employeeId, i, photo, i.now);

export function useOffice(extra: Record<string, unknown> = {}) {
  updateSettings({ offices: [HQ], require_selfie: false, ...extra }, system);
}

export const counts = () => ({
  rows: db().select().from(attendance).all().length,
  uploads: db().select().from(uploads).all().length,
});

export async function refused(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}
