import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { admins, payrollCloses } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addDays } from "~/lib/iso-day";
import { formatThaiMonth } from "~/lib/thai-date";
import { cleanText } from "~/lib/validation";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { monthField } from "~/models/attendance/monthly.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import type { PayrollClose } from "./labels";
import { monthSpan, payrollMonthOf } from "./month";

export type { PayrollClose };

// Closing a month for payroll and opening it again (docs/decisions/047-payroll-close-and-export.md).
// A month closes only once it is over; its ledger is filled first, in the same transaction as the
// close, so the rows payroll takes are the ones the close froze. While it is closed the day
// ledger's writers refuse to change its days (closed-months.server.ts).

export const PAYROLL_MESSAGES = {
  notOver: (month: string) =>
    `เดือน${formatThaiMonth(month)} ยังไม่สิ้นสุด จึงยังปิดงวดไม่ได้ (ปิดได้ตั้งแต่วันถัดจากวันสุดท้ายของเดือน)`,
  alreadyClosed: (month: string) => `เดือน${formatThaiMonth(month)} ปิดงวดเงินเดือนไปแล้ว`,
  notClosed: (month: string) => `เดือน${formatThaiMonth(month)} ยังไม่ได้ปิดงวด จึงไม่มีงวดให้เปิดอีกครั้ง`,
  invalid: "ข้อมูลงวดเงินเดือนไม่ถูกต้อง",
} as const;

/** `POST /api/payroll/close` and the page's `close`. */
export const CloseSchema = z.strictObject({ month: monthField }, { error: PAYROLL_MESSAGES.invalid });

/** `POST /api/payroll/reopen` and the page's `reopen`: the reason is required and kept in the audit log. */
export const ReopenSchema = z.strictObject(
  { month: monthField, reason: cleanText({ label: "เหตุผลที่เปิดงวดอีกครั้ง", min: 1, max: 500, multiline: true }) },
  { error: PAYROLL_MESSAGES.invalid },
);
export type ReopenInput = z.infer<typeof ReopenSchema>;

const closeColumns = {
  month: payrollCloses.month,
  closedAt: payrollCloses.closedAt,
  closedBy: payrollCloses.closedBy,
  username: admins.username,
  fullName: admins.fullName,
};

type CloseRow = { month: string; closedAt: Date; closedBy: number | null; username: string | null; fullName: string | null };

const toClose = (r: CloseRow): PayrollClose => ({
  month: r.month,
  closed_at: r.closedAt.toISOString(),
  closed_by: r.closedBy,
  closed_by_name: r.fullName || r.username || null,
});

const closesQuery = (d: Db) => d.select(closeColumns).from(payrollCloses).leftJoin(admins, eq(admins.id, payrollCloses.closedBy));

/** Every closed month, newest first (`GET /api/payroll/closes`). */
export function listCloses(): PayrollClose[] {
  return closesQuery(db()).orderBy(desc(payrollCloses.month)).all().map(toClose);
}

/** The close of `month`, or null while it is open. */
export function closeOf(month: string, d: Db = db()): PayrollClose | null {
  const row = closesQuery(d).where(eq(payrollCloses.month, month)).get();
  return row ? toClose(row) : null;
}

/** Whether `month` is over as of `now`: its last day is before today's work date. */
export const monthIsOver = (month: string, now: Date = new Date()) => monthSpan(month).last < workDate(now);

/**
 * Closes `month` (admins): 400 while it is not over, 409 when it is closed already. The month's
 * ledger is filled (ensureLedger) inside the close's transaction, then the close is written and
 * audit-logged.
 */
export function closeMonth(month: string, actor: Actor, now: Date = new Date()): PayrollClose {
  const { first, last } = monthSpan(month);
  if (!monthIsOver(month, now)) throw new DomainError(400, PAYROLL_MESSAGES.notOver(month));
  return immediate((tx) => {
    if (closeOf(month, tx)) throw new DomainError(409, PAYROLL_MESSAGES.alreadyClosed(month), undefined, { body: { closed_month: month } });
    ensureLedger(first, last, now);
    tx.insert(payrollCloses)
      .values({ month, closedBy: actor.type === "admin" ? (actor.id ?? null) : null, closedAt: now })
      .run();
    recordAudit({ actor, action: "close_payroll", entity: "payroll_month", entityId: month, changes: { month } });
    const close = closeOf(month, tx);
    if (!close) throw new Error(`the close of ${month} was not written`);
    return close;
  });
}

export type PayrollReopen = { month: string; reopened_at: string; reopened_by: number | null; reason: string };

/** Opens a closed month again (admins), with a reason kept in the audit log; 409 when it is not closed. */
export function reopenMonth(input: ReopenInput, actor: Actor, now: Date = new Date()): PayrollReopen {
  return immediate((tx) => {
    const close = closeOf(input.month, tx);
    if (!close) throw new DomainError(409, PAYROLL_MESSAGES.notClosed(input.month));
    tx.delete(payrollCloses).where(eq(payrollCloses.month, input.month)).run();
    recordAudit({
      actor,
      action: "reopen_payroll",
      entity: "payroll_month",
      entityId: input.month,
      changes: { month: input.month, reason: input.reason, closed_at: close.closed_at, closed_by: close.closed_by_name },
    });
    return {
      month: input.month,
      reopened_at: now.toISOString(),
      reopened_by: actor.type === "admin" ? (actor.id ?? null) : null,
      reason: input.reason,
    };
  });
}

/**
 * The /admin/payroll page's data: the month in the address (a hand-edited bad one shows the
 * month before today's), its state, and every closed month.
 */
export function payrollPage(params: URLSearchParams, now: Date = new Date()) {
  const asked = monthField.safeParse(params.get("month"));
  const month = asked.success ? asked.data : payrollMonthOf(workDate(now));
  return {
    month,
    over: monthIsOver(month, now),
    closable_from: addDays(monthSpan(month).last, 1),
    close: closeOf(month),
    closes: listCloses(),
  };
}
