import { addDays, shiftMonth } from "~/lib/iso-day";

// A payroll month (YYYY-MM) as dates (client-safe).

/** The first and last date of a month. */
export function monthSpan(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The month payroll usually takes as of `today` (YYYY-MM-DD): the one before today's. */
export const payrollMonthOf = (today: string) => shiftMonth(today.slice(0, 7), -1);
