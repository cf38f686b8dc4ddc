// Cabinet problem notices on LINE: a visit report saying out of stock or broken goes to every
// group flagged notify_machine. As with leave notices (leave/notices.server.ts), the report itself
// stays transactional and knows nothing of LINE: `reportVisit` runs it, then starts the notice after
// the commit without waiting for LINE (the push rows are written before the HTTP answer).
import { isBotConfigured, type LineMessage } from "~/lib/line.server";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { cardRow, flexCard, MAX_CARD_TEXT, truncate } from "~/models/line/card.server";
import { isProblemStatus, MACHINE_VISIT_STATUS_LABELS } from "./rules";
import type { VisitInput } from "./visit-schema";
import { sendVisit, type VisitDto } from "./visit.server";
import { hasGroupsFlagged, pushToGroups } from "~/models/line/notifier.server";

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

const inFlight = new Set<Promise<void>>();

/** Starts the notice without making the caller wait for LINE; a failure is logged, never thrown. */
function dispatch(send: () => Promise<unknown>) {
  // Without a bot (demo mode) there is nobody to tell: no push rows that can only fail.
  if (!isBotConfigured()) return;
  let started: Promise<unknown>;
  try {
    started = send();
  } catch (error) {
    started = Promise.reject(error);
  }
  const tracked: Promise<void> = started.then(
    () => undefined,
    (error: unknown) => console.warn(`Machine notice not sent: ${String(error)}`),
  );
  inFlight.add(tracked);
  void tracked.finally(() => inFlight.delete(tracked));
}

/** Waits for the notices under way (tests, and a graceful stop). */
export async function settleMachineNotices() {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** sendVisit, then (for out of stock or broken) the groups' notice. */
export async function reportVisit(employeeId: number, input: VisitInput, photo: Uint8Array | null) {
  const visit = await sendVisit(employeeId, input, photo);
  if (isProblemStatus(visit.status)) dispatch(() => notifyMachineProblem(visit));
  return visit;
}
