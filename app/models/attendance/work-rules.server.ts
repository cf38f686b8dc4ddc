import { desc } from "drizzle-orm";
import { workRules } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, keptUntilWrite, preparedQuery, type Db } from "~/lib/db.server";
import { getSettings } from "~/models/core/settings.server";
import type { DayRules } from "./ledger-day";

// The work hours and days in force on a date. The settings hold today's; a change is recorded
// here from its date on, with the rules it replaced from the start of time, so past days keep the
// rules they were worked under (ADR 043).

export const RULE_KEYS = [
  "work_start",
  "work_end",
  "break_start",
  "break_end",
  "late_grace_minutes",
  "early_grace_minutes",
  "missing_checkout_hour",
  "work_days",
] as const;

const FIRST_DAY = "0001-01-01";

const currentRules = (): DayRules => getSettings(RULE_KEYS);

const historyStatement = preparedQuery((d) => d.select().from(workRules).orderBy(desc(workRules.effectiveFrom)).prepare());

// `d` is the connection or the transaction on it: drizzle's transaction is the same object here.
function historyRows(d: Db = db()) {
  return d === db() ? historyStatement().all() : d.select().from(workRules).orderBy(desc(workRules.effectiveFrom)).all();
}

/** The recorded rule changes, newest first; kept until a write. */
const history = () => keptUntilWrite("work rules", "", () => historyRows());

function pick(stored: Record<string, unknown>, fallback: DayRules): DayRules {
  return { ...fallback, ...Object.fromEntries(RULE_KEYS.filter((k) => k in stored).map((k) => [k, stored[k]])) } as DayRules;
}

/**
 * The rules in force on `date`: the settings, unless a later change was recorded after it (then
 * the latest recorded change on or before the date).
 */
export function rulesOn(date: string, d?: Db): DayRules {
  const rows = d ? historyRows(d) : history();
  const current = currentRules();
  if (rows.length === 0 || date >= rows[0].effectiveFrom) return current;
  const row = rows.find((r) => r.effectiveFrom <= date);
  return row ? pick(row.rules, current) : current;
}

const sameRules = (a: DayRules, b: DayRules) => RULE_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** Only the rule keys are recorded (a caller may pass every setting as `before`). */
const ruleValues = (rules: DayRules): Record<string, unknown> => Object.fromEntries(RULE_KEYS.map((k) => [k, rules[k]]));

/**
 * Records that the rules changed from `before` to the settings now stored, in force from `from`
 * (today by default): the first change also records `before` as the rules of every earlier day.
 * Returns whether anything changed. Runs inside the settings write's transaction.
 */
export function recordRulesChange(tx: Db, before: DayRules, from: string = workDate()): boolean {
  const after = currentRules();
  if (sameRules(before, after)) return false;
  const rows = historyRows(tx);
  if (rows.length === 0) tx.insert(workRules).values({ effectiveFrom: FIRST_DAY, rules: ruleValues(before) }).run();
  tx.insert(workRules)
    .values({ effectiveFrom: from, rules: ruleValues(after) })
    .onConflictDoUpdate({ target: workRules.effectiveFrom, set: { rules: ruleValues(after), createdAt: new Date() } })
    .run();
  return true;
}

export { currentRules };
