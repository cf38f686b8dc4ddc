// Overtime notices on LINE, the way leave and correction notices go: an employee's request goes as
// a card with อนุมัติ / ไม่อนุมัติ buttons to the groups flagged notify_leave (where the approvers
// are; a button counts only for a LINE account linked to an enabled admin); a decision, an admin's
// record and an admin's cancel go to the employee; the employee's own cancel goes to the groups.
// Each wrapper runs the model function, then starts the notice after the commit (dispatchNotice).
import type { LineMessage } from "~/lib/line.server";
import { formatThaiDate } from "~/lib/thai-date";
import { thaiDecimal } from "~/lib/thai-number";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployee } from "~/models/employees/employee.server";
import { approvalButtons } from "~/models/flows/approval-postback";
import { cardRow, flexCard, liffButtons, MAX_CARD_TEXT, NEGATIVE_COLOR, truncate } from "~/models/line/card.server";
import { dispatchNotice, hasGroupsFlagged, pushToEmployee, pushToGroups } from "~/models/line/notifier.server";
import { weeklyLimitWarning } from "./labels";
import {
  cancelOvertime,
  cancelOwnOvertime,
  decideOvertime,
  recordOvertime,
  requestOvertime,
  type OvertimeDto,
} from "./overtime.server";
import type { AdminOvertime, OvertimeDecision, OvertimeRequest } from "./schema";
import { durationText, windowText } from "./window";

export type OvertimeNoticeKind = "request" | "approved" | "rejected" | "recorded" | "cancelled";

export const OVERTIME_NOTICE_TITLES: Record<OvertimeNoticeKind, string> = {
  request: "คำขอทำงานล่วงเวลาใหม่",
  approved: "อนุมัติคำขอทำงานล่วงเวลา",
  rejected: "ไม่อนุมัติคำขอทำงานล่วงเวลา",
  recorded: "ผู้ดูแลบันทึกการทำงานล่วงเวลาให้คุณ",
  cancelled: "ยกเลิกคำขอทำงานล่วงเวลา",
};

const HEADER_COLORS: Record<OvertimeNoticeKind, string> = {
  request: "#7048E8",
  approved: "#2F9E44",
  rejected: "#E03131",
  recorded: "#2F9E44",
  cancelled: "#868E96",
};

export type OvertimeNoticeData = {
  employee: { code: string; full_name: string };
  overtime: Pick<OvertimeDto, "id" | "date" | "start" | "end" | "minutes" | "reason" | "decision_note" | "week_hours" | "over_weekly_limit">;
};

/**
 * The card of one notice: who, the date (Buddhist era), the window, its length, the reason, the
 * week's hours (red, with the regulation's warning, past 36), a decision note; a request's card ends
 * with the approve / reject buttons, the employee's cards with a button to their overtime page.
 */
export function overtimeNoticeMessage(kind: OvertimeNoticeKind, data: OvertimeNoticeData): LineMessage {
  const { employee, overtime: o } = data;
  const date = formatThaiDate(o.date);
  const week = `${thaiDecimal(o.week_hours)} ชม.`;
  const rows = [
    cardRow("พนักงาน", `${employee.full_name} (${employee.code})`),
    cardRow("วันที่", date),
    cardRow("เวลา", windowText(o.start, o.end)),
    cardRow("จำนวน", durationText(o.minutes)),
    cardRow("เหตุผล", truncate(o.reason, MAX_CARD_TEXT)),
    cardRow(kind === "request" ? "รวมสัปดาห์นี้หากอนุมัติ" : "รวมสัปดาห์นี้", week, o.over_weekly_limit ? NEGATIVE_COLOR : undefined),
  ];
  if (o.over_weekly_limit) rows.push(cardRow("คำเตือน", weeklyLimitWarning(thaiDecimal(o.week_hours)), NEGATIVE_COLOR));
  if (kind !== "request" && o.decision_note) rows.push(cardRow("หมายเหตุ", truncate(o.decision_note, MAX_CARD_TEXT)));
  return flexCard({
    title: OVERTIME_NOTICE_TITLES[kind],
    color: HEADER_COLORS[kind],
    rows,
    buttons: kind === "request" ? approvalButtons("overtime", o.id) : kind === "cancelled" ? undefined : liffButtons("ดูการทำงานล่วงเวลาของฉัน", "overtime"),
    altText: `${OVERTIME_NOTICE_TITLES[kind]}: ${employee.full_name} (${employee.code}) วันที่ ${date} ${windowText(o.start, o.end)}${o.over_weekly_limit ? " (เกิน 36 ชม./สัปดาห์)" : ""}`,
  });
}

function noticeData(overtime: OvertimeDto) {
  const employee = getEmployee(overtime.employee_id);
  if (!employee) return null;
  return { employee: { code: employee.code, full_name: employee.full_name }, overtime, reachable: employee.line_linked && employee.working };
}

/** The groups flagged notify_leave hear of a request (or of the employee's cancel). Never rejects. */
async function notifyGroups(kind: "request" | "cancelled", overtime: OvertimeDto) {
  if (!hasGroupsFlagged("notify_leave")) return [];
  const data = noticeData(overtime);
  if (!data) return [];
  return pushToGroups({ flag: "notify_leave", messages: [overtimeNoticeMessage(kind, data)], kind: "overtime_request" });
}

/** The employee hears of a decision, a record or an admin's cancel; one without LINE (or resigned) is skipped. */
async function notifyEmployee(kind: "approved" | "rejected" | "recorded" | "cancelled", overtime: OvertimeDto) {
  const data = noticeData(overtime);
  if (!data?.reachable) return null;
  return pushToEmployee({ employeeId: overtime.employee_id, messages: [overtimeNoticeMessage(kind, data)], kind: "overtime_decision", bestEffort: true });
}

/** requestOvertime, then the approvers' card. */
export function askOvertime(employeeId: number, input: OvertimeRequest, now: Date = new Date()) {
  const overtime = requestOvertime(employeeId, input, now);
  dispatchNotice("new overtime request", () => notifyGroups("request", overtime));
  return overtime;
}

/** recordOvertime, then the employee's card. */
export function recordOvertimeAndNotify(input: AdminOvertime, actor: Actor, now: Date = new Date()) {
  const overtime = recordOvertime(input, actor, now);
  dispatchNotice("overtime recorded", () => notifyEmployee("recorded", overtime));
  return overtime;
}

/** decideOvertime, then the employee's card: what the API, the page and LINE all call. */
export function decideOvertimeAndNotify(id: number, input: OvertimeDecision, actor: Actor, now: Date = new Date()) {
  const overtime = decideOvertime(id, input, actor, now);
  dispatchNotice("overtime decision", () => notifyEmployee(overtime.status === "approved" ? "approved" : "rejected", overtime));
  return overtime;
}

/** The employee cancels their own request, then the groups' card (their buttons are stale now). */
export function cancelOwnOvertimeAndNotify(employeeId: number, id: number, now: Date = new Date()) {
  const overtime = cancelOwnOvertime(employeeId, id, now);
  dispatchNotice("overtime cancellation", () => notifyGroups("cancelled", overtime));
  return overtime;
}

/** An admin cancels a request, then the employee's card. */
export function cancelOvertimeAndNotify(id: number, note: string, actor: Actor, now: Date = new Date()) {
  const overtime = cancelOvertime(id, note, actor, now);
  dispatchNotice("overtime cancellation", () => notifyEmployee("cancelled", overtime));
  return overtime;
}
