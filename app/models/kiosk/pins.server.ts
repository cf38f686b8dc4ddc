import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { employeePins, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/lib/password.server";
import { forgiveLoginAttempt, reserveLoginAttempt } from "~/lib/rate-limit.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireEmployee, workingColumn } from "~/models/employees/employee.server";
import { KIOSK_MESSAGES, PIN_MAX_LENGTH, PIN_MIN_LENGTH } from "./labels";

export const PinSchema = z
  .string({ error: KIOSK_MESSAGES.pinFormat })
  .regex(new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`), KIOSK_MESSAGES.pinFormat);

/** `POST /api/employee/:id/pin { pin? }`: the admin's own PIN, or none for a random 6-digit one. */
export const IssuePinSchema = z.object({
  pin: z.preprocess((v) => (v === "" ? undefined : v), PinSchema.optional()),
});

/** All one digit (0000) or a run up or down, round the keypad too (1234, 654321, 7890): the first PINs anyone tries. */
export function tooEasyPin(pin: string) {
  const steps = [...pin].slice(1).map((d, i) => (Number(d) - Number(pin[i]) + 10) % 10);
  return [0, 1, 9].some((step) => steps.every((s) => s === step));
}

function randomPin() {
  for (;;) {
    const pin = String(crypto.randomInt(0, 10 ** PIN_MAX_LENGTH)).padStart(PIN_MAX_LENGTH, "0");
    if (!tooEasyPin(pin)) return pin;
  }
}

/**
 * An admin issues the employee's kiosk PIN (their own choice, or a random one), shown once; only
 * its argon2id hash is kept, replacing any earlier PIN. 409 for an employee who has left.
 */
export async function issuePin(employeeId: number, actor: Actor, chosen?: string, now = Date.now()) {
  const employee = requireEmployee(employeeId);
  if (!employee.working) throw new DomainError(409, KIOSK_MESSAGES.resigned);
  if (chosen !== undefined && tooEasyPin(chosen)) throw new DomainError(400, KIOSK_MESSAGES.pinTooEasy, { pin: KIOSK_MESSAGES.pinTooEasy });
  const pin = chosen ?? randomPin();
  const pinHash = await hashPassword(pin);
  const issuedAt = new Date(now);
  const issuedBy = actor.type === "admin" ? (actor.id ?? null) : null;
  immediate((tx) => {
    // The hash took a while: the employee may have left meanwhile.
    if (!requireEmployee(employeeId).working) throw new DomainError(409, KIOSK_MESSAGES.resigned);
    tx.insert(employeePins)
      .values({ employeeId, pinHash, issuedAt, issuedBy })
      .onConflictDoUpdate({ target: employeePins.employeeId, set: { pinHash, issuedAt, issuedBy } })
      .run();
    recordAudit({ actor, action: "issue_kiosk_pin", entity: "employee", entityId: employeeId });
  });
  return { pin, issued_at: issuedAt.toISOString() };
}

/** An admin takes the employee's PIN away; `cleared` says whether there was one. */
export function clearPin(employeeId: number, actor: Actor) {
  requireEmployee(employeeId);
  return immediate((tx) => {
    const gone = tx.delete(employeePins).where(eq(employeePins.employeeId, employeeId)).returning({ id: employeePins.employeeId }).get();
    if (gone) recordAudit({ actor, action: "clear_kiosk_pin", entity: "employee", entityId: employeeId });
    return { cleared: !!gone };
  });
}

/** Whether the employee has a PIN, and since when (the profile shows it). */
export function pinState(employeeId: number) {
  const row = db().select({ issuedAt: employeePins.issuedAt }).from(employeePins).where(eq(employeePins.employeeId, employeeId)).get();
  return { pin_set: !!row, issued_at: row ? row.issuedAt.toISOString() : null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The employee whose code and PIN these are, checked like an admin's sign-in: the attempt is
 * reserved (counted as a failure) before the hash under the pair (employee code, kiosk), 5 per 15
 * minutes, and 20 per kiosk, then 429; a success forgives it. An unknown code, no PIN, a wrong PIN
 * and an employee who has left all get the same 400 and take the same time.
 */
export async function verifyKioskPin(input: { kioskId: number; employeeCode: string; pin: string; now?: number }): Promise<number> {
  const attempt = { username: `pin:${input.employeeCode}`, ip: `kiosk:${input.kioskId}`, now: input.now };
  const reservation = reserveLoginAttempt(attempt);
  if (reservation.limited) {
    throw new DomainError(429, KIOSK_MESSAGES.pinThrottled(reservation.retryAfterSeconds), undefined, {
      headers: { "Retry-After": String(reservation.retryAfterSeconds) },
    });
  }
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);
  const row = db()
    .select({ id: employees.id, working: workingColumn(workDate(new Date(input.now ?? Date.now()))), pinHash: employeePins.pinHash })
    .from(employees)
    .innerJoin(employeePins, eq(employeePins.employeeId, employees.id))
    .where(eq(sql`lower(${employees.code})`, input.employeeCode.toLowerCase()))
    .get();
  const ok = row ? await verifyPassword(row.pinHash, input.pin) : await verifyAgainstDummy(input.pin);
  if (!row || !ok || !row.working) throw new DomainError(400, KIOSK_MESSAGES.wrongPin, { pin: KIOSK_MESSAGES.wrongPin });
  forgiveLoginAttempt({ username: attempt.username, ip: attempt.ip, attemptId: reservation.attemptId });
  return row.id;
}
