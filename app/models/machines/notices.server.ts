// Cabinet problem notices on LINE: a visit report saying out of stock or broken goes to every
// group flagged notify_machine. As with leave notices (leave/notices.server.ts), the report itself
// stays transactional and knows nothing of LINE: `reportVisit` runs it, then starts the notice after
// the commit without waiting for LINE (the push rows are written before the HTTP answer).
import type { LineMessage } from "~/lib/line.server";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { cardRow, flexCard, MAX_CARD_TEXT, truncate } from "~/models/line/card.server";
import { isProblemStatus } from "./rules";
import { MACHINE_VISIT_STATUS_LABELS } from "./labels";
import type { VisitInput } from "./visit-schema";
import { sendVisit, type VisitDto } from "./visit.server";
import { dispatchNotice, hasGroupsFlagged, pushToGroups } from "~/models/line/notifier.server";

export const MACHINE_NOTICE_TITLE = "แจ้งปัญหาตู้";
const HEADER_COLOR = "#E8590C";

export type MachineNoticeData = Pick<VisitDto, "machine" | "employee" | "status" | "note" | "visited_at" | "visit_date">;

/** The card: the machine, what was found, the note, who reported it and when. */
export function machineNoticeMessage(visit: MachineNoticeData): LineMessage {
  const status = MACHINE_VISIT_STATUS_LABELS[visit.status];
  const machine = `${visit.machine.code} ${visit.machine.name}`;
  const when = `${formatThaiDate(visit.visit_date)} ${clockTimeOf(visit.visited_at)} น.`;
  const rows = [
    cardRow("ตู้", machine),
    cardRow("สถานะ", status),
    cardRow("หมายเหตุ", truncate(visit.note, MAX_CARD_TEXT)),
    cardRow("ผู้รายงาน", `${visit.employee.full_name} (${visit.employee.code})`),
    cardRow("เวลา", when),
  ];
  return flexCard({
    title: MACHINE_NOTICE_TITLE,
    color: HEADER_COLOR,
    rows,
    altText: `${MACHINE_NOTICE_TITLE}: ${machine} ${status} โดย ${visit.employee.full_name} ${when}`,
  });
}

/** The groups flagged notify_machine hear of a problem report. Never rejects. */
export async function notifyMachineProblem(visit: VisitDto) {
  if (!isProblemStatus(visit.status) || !hasGroupsFlagged("notify_machine")) return [];
  return pushToGroups({ flag: "notify_machine", messages: [machineNoticeMessage(visit)], kind: "machine_visit" });
}

/** sendVisit, then (for out of stock or broken) the groups' notice. */
export async function reportVisit(employeeId: number, input: VisitInput, photo: Uint8Array | null) {
  const visit = await sendVisit(employeeId, input, photo);
  if (isProblemStatus(visit.status)) dispatchNotice("machine problem", () => notifyMachineProblem(visit));
  return visit;
}
