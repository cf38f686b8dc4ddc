// Attendance correction notices on LINE, the way leave notices go: an employee's request goes as a
// card with อนุมัติ / ไม่อนุมัติ buttons to the groups flagged notify_leave; a decision (from the
// web or from LINE) goes to the employee. Both start after the commit and never hold up the answer.
import type { LineMessage } from "~/lib/line.server";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { approvalButtons } from "~/models/flows/approval-postback";
import {
  decideCorrection,
  requestCorrection,
  type CorrectionDecision,
  type CorrectionDto,
  type CorrectionRequest,
} from "./correction.server";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployee } from "~/models/employees/employee.server";
import { cardRow, flexCard, MAX_CARD_TEXT, truncate } from "~/models/line/card.server";
import { dispatchNotice, hasGroupsFlagged, pushToEmployee, pushToGroups } from "~/models/line/notifier.server";

export type CorrectionNoticeKind = "request" | "approved" | "rejected";

export const CORRECTION_NOTICE_TITLES: Record<CorrectionNoticeKind, string> = {
  request: "คำขอแก้ไขเวลาใหม่",
  approved: "อนุมัติคำขอแก้ไขเวลา",
  rejected: "ไม่อนุมัติคำขอแก้ไขเวลา",
};

const HEADER_COLORS: Record<CorrectionNoticeKind, string> = {
  request: "#F08C00",
  approved: "#2F9E44",
  rejected: "#E03131",
};

export type CorrectionNoticeData = {
  employee: { code: string; full_name: string };
  correction: Pick<
    CorrectionDto,
    "id" | "work_date" | "checkin_at" | "checkout_at" | "original_checkin_at" | "original_checkout_at" | "reason" | "decision_note"
  >;
};

const clock = (iso: string | null) => (iso ? `${clockTimeOf(iso)} น.` : "-");

/** `08:45 น. → 08:30 น.`, or the old time alone when the request leaves it as it is. */
function changeText(from: string | null, to: string | null) {
  return to === null ? `${clock(from)} (ไม่เปลี่ยน)` : `${clock(from)} → ${clock(to)}`;
}

/** The card of one correction notice; a request's card ends with the approve / reject buttons. */
export function correctionNoticeMessage(kind: CorrectionNoticeKind, data: CorrectionNoticeData): LineMessage {
  const { employee, correction: c } = data;
  const date = formatThaiDate(c.work_date);
  const rows = [
    cardRow("พนักงาน", `${employee.full_name} (${employee.code})`),
    cardRow("วันที่", date),
    cardRow("เวลาเข้า", changeText(c.original_checkin_at, c.checkin_at)),
    cardRow("เวลาออก", changeText(c.original_checkout_at, c.checkout_at)),
    cardRow("เหตุผล", truncate(c.reason, MAX_CARD_TEXT)),
  ];
  if (kind !== "request" && c.decision_note) rows.push(cardRow("หมายเหตุ", truncate(c.decision_note, MAX_CARD_TEXT)));
  return flexCard({
    title: CORRECTION_NOTICE_TITLES[kind],
    color: HEADER_COLORS[kind],
    rows,
    buttons: kind === "request" ? approvalButtons("correction", c.id) : undefined,
    altText: `${CORRECTION_NOTICE_TITLES[kind]}: ${employee.full_name} (${employee.code}) วันที่ ${date}`,
  });
}

function noticeData(correction: CorrectionDto) {
  const employee = getEmployee(correction.employee_id);
  if (!employee) return null;
  return {
    employee: { code: employee.code, full_name: employee.full_name },
    correction,
    reachable: employee.line_linked && employee.working,
  };
}

/** The groups flagged notify_leave hear of a new request. Never rejects. */
export async function notifyNewCorrection(correction: CorrectionDto) {
  if (!hasGroupsFlagged("notify_leave")) return [];
  const data = noticeData(correction);
  if (!data) return [];
  return pushToGroups({ flag: "notify_leave", messages: [correctionNoticeMessage("request", data)], kind: "correction_request" });
}

/** The employee hears of the decision; one without LINE (or resigned) is skipped. */
export async function notifyCorrectionDecision(correction: CorrectionDto) {
  const data = noticeData(correction);
  if (!data?.reachable) return null;
  const kind = correction.status === "approved" ? "approved" : "rejected";
  return pushToEmployee({
    employeeId: correction.employee_id,
    messages: [correctionNoticeMessage(kind, data)],
    kind: "correction_decision",
    bestEffort: true,
  });
}

/** requestCorrection, then the groups' card. */
export function fileCorrection(employeeId: number, input: CorrectionRequest, now: Date = new Date()) {
  const correction = requestCorrection(employeeId, input, now);
  dispatchNotice("new correction", () => notifyNewCorrection(correction));
  return correction;
}

/** decideCorrection, then the employee's notice: what the web page, the API and LINE all call. */
export function decideCorrectionAndNotify(id: number, input: CorrectionDecision, actor: Actor, now: Date = new Date()) {
  const result = decideCorrection(id, input, actor, now);
  dispatchNotice("correction decision", () => notifyCorrectionDecision(result.correction));
  return result;
}
