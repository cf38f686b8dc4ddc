import { employeePins, loginAttempts } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { KIOSK_MESSAGES } from "./labels";
import { clearPin, issuePin, pinState, tooEasyPin, verifyKioskPin } from "./pins.server";

const system = { type: "system" as const };
let n = 0;
function employee() {
  n += 1;
  return createEmployee(EmployeeCreateSchema.parse({ code: `PIN-${n}`, title: 1, first_name: "สมศรี", last_name: "ไม่มีไลน์" }), system);
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("not refused");
}

beforeEach(() => {
  db().delete(employeePins).run();
  db().delete(loginAttempts).run();
});

test("runs and repeats are too easy; other PINs are not", () => {
  for (const pin of ["0000", "1234", "4321", "567890", "890123", "999999"]) expect(tooEasyPin(pin), pin).toBe(true);
  for (const pin of ["1357", "2580", "120934"]) expect(tooEasyPin(pin), pin).toBe(false);
});

test("an issued PIN is shown once, stored as an argon2id hash, and lets its employee in at a kiosk", async () => {
  const e = employee();
  const issued = await issuePin(e.id, system);
  expect(issued.pin).toMatch(/^\d{6}$/);
  const row = db().select().from(employeePins).get();
  expect(row?.pinHash).toMatch(/^\$argon2id\$/);
  expect(pinState(e.id)).toEqual({ pin_set: true, issued_at: issued.issued_at });
  expect(await verifyKioskPin({ kioskId: 1, employeeCode: e.code.toLowerCase(), pin: issued.pin })).toBe(e.id);
  // A new PIN replaces the old one.
  await issuePin(e.id, system, "2580");
  const old = await refusal(() => verifyKioskPin({ kioskId: 1, employeeCode: e.code, pin: issued.pin }));
  expect([old.status, old.message, old.fields?.pin]).toEqual([400, KIOSK_MESSAGES.wrongPin, KIOSK_MESSAGES.wrongPin]);
  expect(await verifyKioskPin({ kioskId: 1, employeeCode: e.code, pin: "2580" })).toBe(e.id);
});

test("an admin's too-easy PIN is refused; an employee who left gets none, and their PIN stops working", async () => {
  const e = employee();
  expect((await refusal(() => issuePin(e.id, system, "1111"))).fields?.pin).toBe(KIOSK_MESSAGES.pinTooEasy);
  await issuePin(e.id, system, "2468");
  resignEmployee(e.id, "2020-01-01", system);
  expect((await refusal(() => issuePin(e.id, system))).status).toBe(409);
  expect((await refusal(() => verifyKioskPin({ kioskId: 1, employeeCode: e.code, pin: "2468" }))).status).toBe(400);
});

test("an unknown code, no PIN and a wrong PIN answer alike; five failures of one code at one kiosk are a 429", async () => {
  const e = employee();
  const none = await refusal(() => verifyKioskPin({ kioskId: 2, employeeCode: e.code, pin: "2468" }));
  const unknown = await refusal(() => verifyKioskPin({ kioskId: 2, employeeCode: "NO-SUCH", pin: "2468" }));
  expect([none.status, none.message]).toEqual([unknown.status, unknown.message]);
  await issuePin(e.id, system, "2468");
  for (let i = 0; i < 5; i++) expect((await refusal(() => verifyKioskPin({ kioskId: 3, employeeCode: e.code, pin: "1357" }))).status).toBe(400);
  const limited = await refusal(() => verifyKioskPin({ kioskId: 3, employeeCode: e.code, pin: "2468" }));
  expect(limited.status).toBe(429);
  expect(limited.extra.headers?.["Retry-After"]).toMatch(/^\d+$/);
  // Another kiosk is another "address".
  expect(await verifyKioskPin({ kioskId: 4, employeeCode: e.code, pin: "2468" })).toBe(e.id);
});

test("clearing a PIN ends it", async () => {
  const e = employee();
  await issuePin(e.id, system, "2468");
  expect(clearPin(e.id, system)).toEqual({ cleared: true });
  expect(clearPin(e.id, system)).toEqual({ cleared: false });
  expect(pinState(e.id)).toEqual({ pin_set: false, issued_at: null });
  expect((await refusal(() => verifyKioskPin({ kioskId: 1, employeeCode: e.code, pin: "2468" }))).status).toBe(400);
});
