import { DomainError } from "~/lib/errors";
import { keptUntilWrite, preparedQuery } from "~/lib/db.server";
import { formatThaiMonth } from "~/lib/thai-date";

// The months closed for payroll. The day ledger refuses, inside the writer's transaction, any
// write that would change a day of a closed month: a refused write leaves nothing behind.

const closedStatement = preparedQuery((d) => d.$client.prepare<[], string>("select month from payroll_closes order by month").pluck());

/** The closed months (YYYY-MM); kept until a write (inside a transaction, read fresh). */
export const closedMonths = (): ReadonlySet<string> => keptUntilWrite("closed months", "", () => new Set(closedStatement().all()));

/** The closed month a date (YYYY-MM-DD) falls in, or null. */
export function closedMonthOf(date: string): string | null {
  const month = date.slice(0, 7);
  return closedMonths().has(month) ? month : null;
}

export const CLOSED_MONTH_MESSAGE = (month: string) =>
  `เดือน${formatThaiMonth(month)} ปิดงวดเงินเดือนแล้ว จึงแก้ไขข้อมูลของวันในเดือนนั้นไม่ได้ (ผู้ดูแลต้องเปิดงวดอีกครั้งก่อน)`;

/** 409 naming the closed month. */
export const closedMonthError = (month: string) => new DomainError(409, CLOSED_MONTH_MESSAGE(month), undefined, { body: { closed_month: month } });
