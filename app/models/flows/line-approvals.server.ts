// Decisions from the อนุมัติ / ไม่อนุมัติ buttons of LINE cards. Who pressed is the webhook event's
// source.userId (the signature proves LINE sent it), and it counts only when linked to an enabled
// admin.
// The decision goes through the same functions as the web page (decideLeave,
// decideCorrectionAndNotify, decideOvertimeAndNotify), so the state check, the audit log and the employee's notice are the
// same; the answer is a reply into the card's chat, never a push. A rejection needs a reason: the
// card's ไม่อนุมัติ is answered with a card of standard reasons, and only one of those rejects
// (the reason's Thai text becomes the decision note).
import { eq } from "drizzle-orm";
import { admins, attendanceCorrections, employees, leavePetitions, overtimeRequests } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus, LEAVE_TYPE_LABELS, rowFullName } from "~/lib/enums";
import type { LineMessage } from "~/lib/line.server";
import { DomainError } from "~/lib/errors";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import { adminDisplayName, findAdminByLineUser } from "~/models/admins/line-account.server";
import {
  APPROVAL_BUTTON_LABELS,
  parseApprovalPostback,
  rejectReasonButtons,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalPostback,
} from "./approval-postback";
import type { Actor } from "~/models/audit/audit.server";
import { decideCorrectionAndNotify } from "~/models/attendance/correction-notices.server";
import { decideLeave } from "~/models/leave/notices.server";
import { spanText } from "~/models/leave/labels";
import { cardRow, flexCard, NEGATIVE_COLOR } from "~/models/line/card.server";
import { decideOvertimeAndNotify } from "~/models/overtime/notices.server";
import { windowText } from "~/models/overtime/window";

export const APPROVAL_REPLIES = {
  notLinked:
    "ขออภัย บัญชี LINE นี้ยังไม่ได้เชื่อมกับผู้ดูแลระบบ จึงอนุมัติจาก LINE ไม่ได้ หากคุณเป็นผู้ดูแลระบบ กรุณาเชื่อมบัญชีที่หน้า บัญชีผู้ใช้ ในระบบ TN Management",
  leaveNotFound: "ไม่พบคำขอลานี้ในระบบ",
  correctionNotFound: "ไม่พบคำขอแก้ไขเวลานี้ในระบบ",
  overtimeNotFound: "ไม่พบคำขอทำงานล่วงเวลานี้ในระบบ",
} as const;

export const REASON_CARD_TITLE = "เลือกเหตุผลที่ไม่อนุมัติ";
const REASON_CARD_HINT =
  "เลือกเหตุผลจากปุ่มด้านล่าง พนักงานจะเห็นเหตุผลนี้ หากต้องการเขียนเหตุผลเอง กรุณาพิจารณาในระบบ TN Management";

const text = (t: string): LineMessage => ({ type: "text", text: t });

/** The answer to the card's ไม่อนุมัติ: the request, and a button per standard reason. */
function reasonCard(kind: ApprovalKind, id: number, subject: string): LineMessage {
  return flexCard({
    title: REASON_CARD_TITLE,
    color: NEGATIVE_COLOR,
    rows: [cardRow("คำขอ", subject), cardRow("หมายเหตุ", REASON_CARD_HINT)],
    buttons: rejectReasonButtons(kind, id),
    buttonLayout: "vertical",
    altText: `${REASON_CARD_TITLE}: ${subject}`,
  });
}

const verb = (decision: ApprovalDecision) => APPROVAL_BUTTON_LABELS[decision];
const when = (at: Date | null) => (at ? ` เมื่อ ${formatThaiDateTime(at)} น.` : "");

function adminName(adminId: number | null) {
  if (adminId === null) return "ผู้ดูแลระบบ";
  const a = db().select({ username: admins.username, fullName: admins.fullName }).from(admins).where(eq(admins.id, adminId)).get();
  return a ? adminDisplayName(a) : "ผู้ดูแลระบบ";
}

function petitionWithEmployee(id: number) {
  return db()
    .select({ p: leavePetitions, e: { title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName } })
    .from(leavePetitions)
    .innerJoin(employees, eq(employees.id, leavePetitions.employeeId))
    .where(eq(leavePetitions.id, id))
    .get();
}

function leaveSubject(row: NonNullable<ReturnType<typeof petitionWithEmployee>>) {
  const { p, e } = row;
  const span = spanText({ start_date: p.startDate, end_date: p.endDate, half: p.half ?? "full" });
  return `คำขอลาของ ${rowFullName(e)} (${LEAVE_TYPE_LABELS[p.type] ?? p.type} ${span})`;
}

/** Who decided (or cancelled) the petition and when, for a button pressed after the fact. */
function leaveAlreadyDecided(row: NonNullable<ReturnType<typeof petitionWithEmployee>>) {
  const { p } = row;
  if (p.status === LeaveStatus.cancel) {
    const by = p.cancelledBy === "employee" ? "พนักงาน" : "ผู้ดูแลระบบ";
    return `${leaveSubject(row)} ถูกยกเลิกแล้ว โดย${by}${when(p.cancelledAt)} จึงไม่มีการเปลี่ยนแปลง`;
  }
  const state = p.status === LeaveStatus.approve ? "อนุมัติ" : "ไม่อนุมัติ";
  return `${leaveSubject(row)} ได้รับการพิจารณาแล้ว: ${state} โดย ${adminName(p.decidedBy)}${when(p.decidedAt)} จึงไม่มีการเปลี่ยนแปลง`;
}

/** The Thai note a postback decides with, or null for a rejection that must first ask for a reason. */
const noteOf = (postback: ApprovalPostback) => (postback.decision === "approve" ? "" : (postback.reason?.text ?? null));

/** `แล้ว โดย …`, and the reason of a rejection. */
const decidedBy = (admin: { name: string }, note: string) => `แล้ว โดย ${admin.name}${note ? ` เหตุผล: ${note}` : ""}`;

function decideLeaveFromLine(postback: ApprovalPostback, admin: { id: number; name: string }): LineMessage {
  const { id, decision } = postback;
  const row = petitionWithEmployee(id);
  if (!row) return text(APPROVAL_REPLIES.leaveNotFound);
  if (row.p.status !== LeaveStatus.request) return text(leaveAlreadyDecided(row));
  const note = noteOf(postback);
  if (note === null) return reasonCard("leave", id, leaveSubject(row));
  const actor: Actor = { type: "admin", id: admin.id };
  try {
    decideLeave({ id, action: decision === "approve" ? "accept" : "reject", note }, actor);
  } catch (error) {
    // Another admin decided between the look and the transition: say who.
    const after = petitionWithEmployee(id);
    if (error instanceof DomainError && error.status === 409 && after) return text(leaveAlreadyDecided(after));
    throw error;
  }
  return text(`${verb(decision)}${leaveSubject(row)} ${decidedBy(admin, note)}`);
}

function correctionWithEmployee(id: number) {
  return db()
    .select({
      c: attendanceCorrections,
      e: { title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName },
    })
    .from(attendanceCorrections)
    .innerJoin(employees, eq(employees.id, attendanceCorrections.employeeId))
    .where(eq(attendanceCorrections.id, id))
    .get();
}

const correctionSubject = (row: NonNullable<ReturnType<typeof correctionWithEmployee>>) =>
  `คำขอแก้ไขเวลาของ ${rowFullName(row.e)} (วันที่ ${formatThaiDate(row.c.workDate)})`;

function correctionAlreadyDecided(row: NonNullable<ReturnType<typeof correctionWithEmployee>>) {
  const state = row.c.status === "approved" ? "อนุมัติ" : "ไม่อนุมัติ";
  return `${correctionSubject(row)} ได้รับการพิจารณาแล้ว: ${state} โดย ${adminName(row.c.decidedBy)}${when(row.c.decidedAt)} จึงไม่มีการเปลี่ยนแปลง`;
}

function decideCorrectionFromLine(postback: ApprovalPostback, admin: { id: number; name: string }, now: Date): LineMessage {
  const { id, decision } = postback;
  const row = correctionWithEmployee(id);
  // Admins' own corrections are not requests: nobody decides them from LINE.
  if (!row || row.c.source !== "employee") return text(APPROVAL_REPLIES.correctionNotFound);
  if (row.c.status !== "pending") return text(correctionAlreadyDecided(row));
  const note = noteOf(postback);
  if (note === null) return reasonCard("correction", id, correctionSubject(row));
  try {
    decideCorrectionAndNotify(id, { decision, note }, { type: "admin", id: admin.id }, now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const after = correctionWithEmployee(id);
    if (error.status === 409 && after) return text(correctionAlreadyDecided(after));
    // A rule refused it (e.g. the times no longer fit the day): nothing changed; say why.
    return text(`${verb(decision)}${correctionSubject(row)} ไม่สำเร็จ: ${error.message}`);
  }
  return text(`${verb(decision)}${correctionSubject(row)} ${decidedBy(admin, note)}`);
}

function overtimeWithEmployee(id: number) {
  return db()
    .select({
      o: overtimeRequests,
      e: { title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName },
    })
    .from(overtimeRequests)
    .innerJoin(employees, eq(employees.id, overtimeRequests.employeeId))
    .where(eq(overtimeRequests.id, id))
    .get();
}

const overtimeSubject = (row: NonNullable<ReturnType<typeof overtimeWithEmployee>>) =>
  `คำขอทำงานล่วงเวลาของ ${rowFullName(row.e)} (วันที่ ${formatThaiDate(row.o.workDate)} ${windowText(row.o.startTime, row.o.endTime)})`;

function overtimeAlreadyDecided(row: NonNullable<ReturnType<typeof overtimeWithEmployee>>) {
  const { o } = row;
  if (o.status === "cancelled") return `${overtimeSubject(row)} ถูกยกเลิกแล้ว${when(o.updatedAt)} จึงไม่มีการเปลี่ยนแปลง`;
  const state = o.status === "approved" ? "อนุมัติ" : "ไม่อนุมัติ";
  return `${overtimeSubject(row)} ได้รับการพิจารณาแล้ว: ${state} โดย ${adminName(o.decidedBy)}${when(o.decidedAt)} จึงไม่มีการเปลี่ยนแปลง`;
}

function decideOvertimeFromLine(postback: ApprovalPostback, admin: { id: number; name: string }, now: Date): LineMessage {
  const { id, decision } = postback;
  const row = overtimeWithEmployee(id);
  if (!row) return text(APPROVAL_REPLIES.overtimeNotFound);
  if (row.o.status !== "pending") return text(overtimeAlreadyDecided(row));
  const note = noteOf(postback);
  if (note === null) return reasonCard("overtime", id, overtimeSubject(row));
  try {
    decideOvertimeAndNotify(id, { decision, note }, { type: "admin", id: admin.id }, now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const after = overtimeWithEmployee(id);
    if (error.status === 409 && after && after.o.status !== "pending") return text(overtimeAlreadyDecided(after));
    // A rule refused it (a closed payroll month): nothing changed; say why.
    return text(`${verb(decision)}${overtimeSubject(row)} ไม่สำเร็จ: ${error.message}`);
  }
  return text(`${verb(decision)}${overtimeSubject(row)} ${decidedBy(admin, note)}`);
}

/**
 * A postback from a LINE user: the message to reply with (Thai text, or the card of reasons for a
 * ไม่อนุมัติ without one), or null to ignore it (data that is not an approval button's). Only a
 * LINE user linked to an enabled admin changes anything, or is offered the reasons; an event
 * without a user id (LINE leaves it out for some users in groups) is treated as not linked.
 */
export function handleApprovalPostback(input: { lineUserId: string | undefined; data: unknown }, now: Date = new Date()): LineMessage | null {
  const postback = parseApprovalPostback(input.data);
  if (!postback) return null;
  const found = input.lineUserId ? findAdminByLineUser(input.lineUserId) : null;
  if (!found) return text(APPROVAL_REPLIES.notLinked);
  const admin = { id: found.id, name: adminDisplayName(found) };
  if (postback.action === "overtime") return decideOvertimeFromLine(postback, admin, now);
  return postback.action === "leave" ? decideLeaveFromLine(postback, admin) : decideCorrectionFromLine(postback, admin, now);
}
