// Leave notices on LINE: a new petition goes to every group flagged notify_leave, a decision to the
// employee, a cancellation to the groups (and to the employee when an admin cancelled), and an
// approved petition whose days a holiday change recounted to the employee (notifyRecounted).
//
// The leave model functions stay transactional and know nothing of LINE; the wrappers here
// (fileLeave, decideLeave, cancelOwnLeave, cancelLeave) are what the API routes and the page
// intents call. Each runs the model function, then starts the notice after the commit without
// waiting for LINE: the notifier writes the line_pushes row (with its retry key) synchronously, in
// the same tick, so the row exists before the HTTP answer; only the sending and its retries run on.
import { LeaveStatus, LEAVE_TYPE_LABELS } from "~/lib/enums";
import type { LineMessage } from "~/lib/line.server";
import { spanText } from "./labels";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployee } from "~/models/employees/employee.server";
import type { PetitionInput } from "./schema";
import {
  cancelOwnPetition,
  createPetition,
  decidePetition,
  leaveBalances,
  toPetitionDto,
  transitionPetition,
  type PetitionDto,
} from "./leave.server";
import { dispatchNotice, hasGroupsFlagged, pushToEmployee, pushToGroups } from "~/models/line/notifier.server";
import { approvalButtons } from "~/models/flows/approval-postback";
import { cardRow, flexCard, liffButtons, MAX_CARD_TEXT, NEGATIVE_COLOR, truncate } from "~/models/line/card.server";
import { thaiDecimal } from "~/lib/thai-number";
import { formatThaiDate } from "~/lib/thai-date";
import { requireRejectionNote } from "./approvals.server";
import type { RecountedPetition } from "./holiday-years.server";

export type LeaveNoticeKind = "request" | "approve" | "reject" | "cancel";

export const NOTICE_TITLES: Record<LeaveNoticeKind, string> = {
  request: "คำขอลาใหม่",
  approve: "อนุมัติคำขอลา",
  reject: "ไม่อนุมัติคำขอลา",
  cancel: "ยกเลิกคำขอลา",
};

const HEADER_COLORS: Record<LeaveNoticeKind, string> = {
  request: "#1C7ED6",
  approve: "#2F9E44",
  reject: "#E03131",
  cancel: "#868E96",
};

export type LeaveNoticeData = {
  employee: { code: string; full_name: string };
  petition: Pick<PetitionDto, "type" | "start_date" | "end_date" | "half" | "days" | "reason" | "decision_note" | "cancelled_by"> & {
    /** With the id, a new petition's card carries the อนุมัติ / ไม่อนุมัติ buttons. */
    id?: number;
  };
  /** The type's remaining days once this petition is counted (quota − approved − pending). */
  remaining: number;
};

const daysText = (days: number) => `${thaiDecimal(days)} วัน`;

/**
 * The flex card of one notice: a coloured header with the kind, then one row per fact; a new
 * petition's card (given its id) ends with the approve / reject buttons, a decision (sent to the
 * employee) with a button to their leave page in LINE.
 */
export function leaveNoticeMessage(kind: LeaveNoticeKind, data: LeaveNoticeData): LineMessage {
  const { employee, petition: p, remaining } = data;
  const type = LEAVE_TYPE_LABELS[p.type] ?? String(p.type);
  const span = spanText(p);
  const balanceLabel = kind === "request" ? "คงเหลือหากอนุมัติ" : "คงเหลือ";
  const rows = [
    cardRow("พนักงาน", `${employee.full_name} (${employee.code})`),
    cardRow("ประเภท", type),
    cardRow("วันที่", span),
    cardRow("จำนวน", daysText(p.days)),
    cardRow("เหตุผล", truncate(p.reason, MAX_CARD_TEXT)),
    cardRow(`${balanceLabel} (${type})`, daysText(remaining), remaining < 0 ? NEGATIVE_COLOR : undefined),
  ];
  if (kind === "cancel" && p.cancelled_by) rows.push(cardRow("ยกเลิกโดย", p.cancelled_by === "admin" ? "ผู้ดูแล" : "พนักงาน"));
  if (p.decision_note) rows.push(cardRow("หมายเหตุ", truncate(p.decision_note, MAX_CARD_TEXT)));

  return flexCard({
    title: NOTICE_TITLES[kind],
    color: HEADER_COLORS[kind],
    rows,
    buttons:
      kind === "request" && p.id !== undefined
        ? approvalButtons("leave", p.id)
        : kind === "approve" || kind === "reject"
          ? liffButtons("ดูการลาของฉัน", "petition")
          : undefined,
    altText: `${NOTICE_TITLES[kind]}: ${employee.full_name} (${employee.code}) ${type} ${span} ${daysText(p.days)}`,
  });
}

export const RECOUNT_TITLE = "ปรับจำนวนวันลาตามวันหยุด";
const RECOUNT_COLOR = "#F08C00";

/**
 * The card an employee gets when a holiday change recounted their approved leave: the days before
 * and now, the changed holiday dates, and the balance after it.
 */
export function recountNoticeMessage(data: LeaveNoticeData & { before: number; dates: readonly string[] }): LineMessage {
  const { employee, petition: p, remaining, before, dates } = data;
  const type = LEAVE_TYPE_LABELS[p.type] ?? String(p.type);
  const span = spanText(p);
  const why = `วันหยุดมีการเปลี่ยนแปลง: ${dates.map((d) => formatThaiDate(d)).join(", ")}`;
  return flexCard({
    title: RECOUNT_TITLE,
    color: RECOUNT_COLOR,
    rows: [
      cardRow("ประเภท", type),
      cardRow("วันที่", span),
      cardRow("จำนวนเดิม", daysText(before)),
      cardRow("จำนวนใหม่", daysText(p.days)),
      cardRow("สาเหตุ", truncate(why, MAX_CARD_TEXT)),
      cardRow(`คงเหลือ (${type})`, daysText(remaining), remaining < 0 ? NEGATIVE_COLOR : undefined),
    ],
    buttons: liffButtons("ดูการลาของฉัน", "petition"),
    altText: `${RECOUNT_TITLE}: ${employee.full_name} (${employee.code}) ${type} ${span} ${daysText(before)} → ${daysText(p.days)}`,
  });
}

/** The card's facts as they stand now (after the commit), and whether LINE reaches the employee. */
function noticeData(petition: PetitionDto): (LeaveNoticeData & { reachable: boolean }) | null {
  const employee = getEmployee(petition.employee_id);
  if (!employee) return null;
  const balance = leaveBalances(petition.employee_id, petition.year).find((b) => b.type === petition.type);
  return {
    employee: { code: employee.code, full_name: employee.full_name },
    petition,
    remaining: balance?.remaining ?? 0,
    reachable: employee.line_linked && employee.working,
  };
}

/** The groups flagged notify_leave hear of a new petition. Never rejects. */
export async function notifyNewPetition(petition: PetitionDto) {
  if (!hasGroupsFlagged("notify_leave")) return [];
  const data = noticeData(petition);
  if (!data) return [];
  return pushToGroups({ flag: "notify_leave", messages: [leaveNoticeMessage("request", data)], kind: "leave_request" });
}

/** The employee hears of the decision; an employee without LINE (or resigned) is skipped. */
export async function notifyDecision(petition: PetitionDto) {
  const data = noticeData(petition);
  if (!data?.reachable) return null;
  const kind = petition.status === LeaveStatus.approve ? "approve" : "reject";
  return pushToEmployee({ employeeId: petition.employee_id, messages: [leaveNoticeMessage(kind, data)], kind: "leave_decision", bestEffort: true });
}

/** A cancellation goes to the leave groups, and to the employee when it was not their own doing. */
export async function notifyCancellation(petition: PetitionDto) {
  const data = noticeData(petition);
  if (!data) return;
  const message = leaveNoticeMessage("cancel", data);
  const toEmployee =
    petition.cancelled_by === "admin" && data.reachable
      ? pushToEmployee({ employeeId: petition.employee_id, messages: [message], kind: "leave_decision", bestEffort: true })
      : null;
  const toGroups = hasGroupsFlagged("notify_leave") ? pushToGroups({ flag: "notify_leave", messages: [message], kind: "leave_request" }) : null;
  await Promise.all([toEmployee, toGroups]);
}

/** The employee hears that a holiday change recounted their approved petition; without LINE (or resigned) nobody is told. */
export async function notifyRecount(petition: PetitionDto, before: number, dates: readonly string[]) {
  const data = noticeData(petition);
  if (!data?.reachable) return null;
  return pushToEmployee({
    employeeId: petition.employee_id,
    messages: [recountNoticeMessage({ ...data, before, dates })],
    kind: "leave_recount",
    bestEffort: true,
  });
}

/**
 * After the commit that recounted them: each approved petition whose days changed is told to its
 * employee (their balance moved). A pending one is not: the approver sees its new days.
 */
export function notifyRecounted(recounted: readonly RecountedPetition[]) {
  for (const { petition, before, dates } of recounted) {
    if (petition.status !== LeaveStatus.approve || petition.days === before) continue;
    const dto = toPetitionDto(petition);
    dispatchNotice("recount", () => notifyRecount(dto, before, dates));
  }
}

/** createPetition, then the groups' notice. */
export async function fileLeave(employeeId: number, input: PetitionInput, attachment: Uint8Array | null, actor: Actor) {
  const petition = await createPetition(employeeId, input, attachment, actor);
  dispatchNotice("new petition", () => notifyNewPetition(petition));
  return petition;
}

/** decidePetition (a rejection only with a note), then the employee's notice. */
export function decideLeave(input: Parameters<typeof decidePetition>[0], actor: Actor) {
  requireRejectionNote(input);
  const result = decidePetition(input, actor);
  dispatchNotice("decision", () => notifyDecision(result.petition));
  return result;
}

/** The employee cancels their own petition, then the groups' notice. */
export function cancelOwnLeave(employeeId: number, id: number, note = "") {
  const result = cancelOwnPetition(employeeId, id, note);
  dispatchNotice("cancellation", () => notifyCancellation(result.petition));
  return result;
}

/** An admin cancels a petition, then the employee's and the groups' notices. */
export function cancelLeave(id: number, actor: Actor, note = "") {
  const result = transitionPetition(id, LeaveStatus.cancel, actor, { note });
  dispatchNotice("cancellation", () => notifyCancellation(result.petition));
  return result;
}
