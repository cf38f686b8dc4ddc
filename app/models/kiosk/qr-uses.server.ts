import { officeQrUses } from "../../../db/schema";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { OFFICE_QR_MESSAGES } from "./office-qr.server";

/**
 * Marks the office QR used for the employee's side of the day, inside the check-in's transaction:
 * 409 when that side was already placed by a QR today (the primary key decides, so two requests
 * racing with one code cannot both pass).
 */
export function useOfficeQr(
  tx: Db,
  use: { employeeId: number; workDate: string; type: "in" | "out"; office: string; step: number; now: Date },
) {
  const inserted = tx
    .insert(officeQrUses)
    .values({ employeeId: use.employeeId, workDate: use.workDate, type: use.type, office: use.office, step: use.step, usedAt: use.now })
    .onConflictDoNothing()
    .returning({ step: officeQrUses.step })
    .get();
  if (!inserted) throw new DomainError(409, OFFICE_QR_MESSAGES.used, { qr: OFFICE_QR_MESSAGES.used });
}
