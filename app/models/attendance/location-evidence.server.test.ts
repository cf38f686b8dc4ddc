import { sql } from "drizzle-orm";
import { attendance } from "../../../db/schema";
import { assignMachine, insertMachine } from "../../../tests/fixtures/machines";
import { db } from "~/lib/db.server";
import { updateSettings } from "~/models/core/settings.server";
import { VisitSchema } from "~/models/machines/visit-schema";
import { sendVisit } from "~/models/machines/visit.server";
import { go, HQ, input, newEmployee, north, system } from "./attendance.test-helpers";
import { locationQueries } from "./location-evidence.server";

// The location flags through checkInOut and sendVisit: what each reads of the employee's earlier
// punches and visits, what it writes beside the side that raised it, and that the reads stay on
// their indexes.

const bkk = (local: string) => new Date(`${local}+07:00`);
/** An office 100 km north of HQ: being inside both within half an hour is not a trip anyone makes. */
const BRANCH = { name: "สาขาเหนือ", ...north(100_000), radius_m: 100 };

// Every test has its own employee: the reads are the employee's own.
beforeAll(() => updateSettings({ offices: [HQ, BRANCH], require_selfie: false }, system));
/** The flags besides no_selfie (these check-ins send no selfie). */
const flagsOf = (r: { flags: string[] }) => r.flags.filter((f) => f !== "no_selfie");

describe("impossible_travel", () => {
  test("check-in at HQ, check-out at the branch 100 km away 30 minutes later: flagged on the check-out with the two points", async () => {
    const e = newEmployee();
    const morning = bkk("2026-11-23T08:00:00");
    const checkin = await go(e.id, input(morning), null);
    expect(flagsOf(checkin)).toEqual([]);
    const later = bkk("2026-11-23T08:30:00");
    const out = await go(e.id, input(later, { type: "out", ...north(100_000) }), null);
    expect(flagsOf(out)).toEqual(["impossible_travel"]);
    expect(out.checkout_review).toBe("pending");
    expect(out.checkin_review).toBe("none");
    expect(out.flag_evidence).toEqual({
      impossible_travel: {
        checkout: {
          from: { ...north(0), at: morning.toISOString(), kind: "checkin" },
          to: { ...north(100_000), at: later.toISOString(), kind: "checkout" },
          distance_m: 100_000,
          minutes: 30,
          speed_kmh: 200,
        },
      },
    });
  });

  test("against the previous day's check-out, and not against a position from before: a day later it is no trip", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("2026-11-23T08:00:00"), { ...north(100_000) }), null);
    await go(e.id, input(bkk("2026-11-23T17:00:00"), { type: "out", ...north(100_000) }), null);
    const next = await go(e.id, input(bkk("2026-11-24T08:00:00")), null);
    expect(flagsOf(next)).toEqual([]);
  });

  test("GPS noise seconds apart is nothing: 400 m in 5 s (288 km/h) is under the 1 km floor", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("2026-11-23T08:00:00"), { ...north(-200), accuracy: 18 }), null);
    const out = await go(e.id, input(bkk("2026-11-23T08:00:05"), { type: "out", ...north(200), accuracy: 24 }), null);
    // Both points are outside the 100 m fence; no trip is made of them.
    expect(flagsOf(out)).toEqual(["outside"]);
    expect(out.flag_evidence).toEqual({});
  });

  test("a cabinet visit 300 km from the morning's check-in an hour later is flagged on the visit; the check-out after it against the visit", async () => {
    const e = newEmployee();
    const far = north(300_000);
    const machine = insertMachine(db(), { code: `LE-${e.id}`, type: 1, ...far });
    assignMachine(db(), machine.id, e.id);
    const morning = bkk("2026-11-23T08:00:00");
    await go(e.id, input(morning), null);
    const visitAt = bkk("2026-11-23T09:00:00");
    const visit = await sendVisit(e.id, VisitSchema.parse({ machine_id: machine.id, status: "normal", ...far, accuracy: 15 }), null, visitAt);
    expect(flagsOf(visit)).toEqual(["impossible_travel"]);
    expect(visit.flag_evidence).toEqual({
      impossible_travel: {
        from: { ...north(0), at: morning.toISOString(), kind: "checkin" },
        to: { ...far, at: visitAt.toISOString(), kind: "visit" },
        distance_m: 300_000,
        minutes: 60,
        speed_kmh: 300,
      },
    });
    const outAt = bkk("2026-11-23T10:00:00");
    const out = await go(e.id, input(outAt, { type: "out" }), null);
    expect(flagsOf(out)).toEqual(["impossible_travel"]);
    expect(out.flag_evidence).toMatchObject({ impossible_travel: { checkout: { from: { ...far, at: visitAt.toISOString(), kind: "visit" }, speed_kmh: 300 } } });
  });

  test("a visit without a position raises nothing and is no previous position", async () => {
    const e = newEmployee();
    const machine = insertMachine(db(), { code: `LN-${e.id}`, type: 1, ...north(300_000) });
    assignMachine(db(), machine.id, e.id);
    await go(e.id, input(bkk("2026-11-23T08:00:00")), null);
    const visit = await sendVisit(e.id, VisitSchema.parse({ machine_id: machine.id, status: "normal" }), null, bkk("2026-11-23T08:10:00"));
    expect(flagsOf(visit)).toEqual(["no_position"]);
    expect(visit.flag_evidence).toEqual({});
  });
});

describe("repeated_position", () => {
  const P = { lat: 13.756312, lng: 100.501845 };

  test("the same point to 6 decimals as a punch on another day: flagged with that day, its side and its point", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("2026-11-20T08:00:00"), { ...P, accuracy: 12 }), null);
    // The same point the same day (check-out from the desk) is not a replay of another day.
    const sameDay = await go(e.id, input(bkk("2026-11-20T17:00:00"), { type: "out", ...P, accuracy: 9 }), null);
    expect(flagsOf(sameDay)).toEqual([]);
    const replay = await go(e.id, input(bkk("2026-11-23T08:00:00"), { lat: 13.7563121, lng: 100.5018449, accuracy: 15 }), null);
    expect(flagsOf(replay)).toEqual(["repeated_position"]);
    expect(replay.checkin_review).toBe("pending");
    expect(replay.flag_evidence).toEqual({ repeated_position: { checkin: { date: "2026-11-20", side: "checkin", ...P } } });
    // Both sides of a day raise it: the check-out's evidence goes beside the check-in's.
    const out = await go(e.id, input(bkk("2026-11-23T17:00:00"), { type: "out", ...P, accuracy: 11 }), null);
    expect(out.flag_evidence).toEqual({
      repeated_position: {
        checkin: { date: "2026-11-20", side: "checkin", ...P },
        checkout: { date: "2026-11-20", side: "checkin", ...P },
      },
    });
  });

  test("one millionth of a degree away is another reading", async () => {
    const e = newEmployee();
    await go(e.id, input(bkk("2026-11-20T08:00:00"), { ...P, accuracy: 12 }), null);
    const next = await go(e.id, input(bkk("2026-11-23T08:00:00"), { lat: P.lat + 0.000001, lng: P.lng, accuracy: 12.5 }), null);
    expect(flagsOf(next)).toEqual([]);
  });
});

describe("position_accuracy_suspect", () => {
  test("the same accuracy on the last five punches: flagged on the fifth with the five accuracies", async () => {
    const e = newEmployee();
    const days = ["2026-11-23", "2026-11-24", "2026-11-25"];
    const flags: string[][] = [];
    for (const [i, day] of days.entries()) {
      flags.push(flagsOf(await go(e.id, input(bkk(`${day}T08:00:00`), { ...north(i), accuracy: 20 }), null)));
      if (i < 2) flags.push(flagsOf(await go(e.id, input(bkk(`${day}T17:00:00`), { type: "out", ...north(10 + i), accuracy: 20 }), null)));
    }
    expect(flags).toEqual([[], [], [], [], ["position_accuracy_suspect"]]);
    const [fifth] = db().select({ e: attendance.flagEvidence }).from(attendance).where(sql`work_date = '2026-11-25' and employee_id = ${e.id}`).all();
    expect(fifth.e).toEqual({ position_accuracy_suspect: { checkin: { accuracies: [20, 20, 20, 20, 20], rule: "same" } } });
  });

  test("below 1 m at once", async () => {
    const e = newEmployee();
    const record = await go(e.id, input(bkk("2026-11-23T08:00:00"), { accuracy: 0.5 }), null);
    expect(flagsOf(record)).toEqual(["position_accuracy_suspect"]);
    expect(record.flag_evidence).toEqual({ position_accuracy_suspect: { checkin: { accuracies: [0.5], rule: "below_1m" } } });
  });
});

test("each read walks its employee's index, never a whole table", () => {
  const plans = locationQueries(db()).map(({ sql: text, params }) =>
    db()
      .$client.prepare(`explain query plan ${text}`)
      .all(...params.map((p) => (typeof p === "object" ? 1 : p)))
      .map((r) => (r as { detail: string }).detail)
      .join("\n"),
  );
  expect(plans).toHaveLength(3);
  for (const plan of plans) {
    expect(plan).toMatch(/USING (COVERING )?INDEX (attendance_employee_date_unique|machine_visits_employee_idx)/);
    expect(plan).not.toMatch(/SCAN (attendance|machine_visits)(?! USING)/);
  }
});
