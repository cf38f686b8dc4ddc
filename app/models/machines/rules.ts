// Machine rules shared by the server, the admin table and the LIFF screen (client-safe: no server imports).
import { metresText } from "~/lib/geo";
import { addDays } from "~/lib/iso-day";
import { MACHINE_VISIT_STATUSES, MachineType } from "~/lib/enums";

export { MACHINE_VISIT_STATUSES };
export type MachineVisitStatus = (typeof MACHINE_VISIT_STATUSES)[number];

/** A machine whose newest report has one of these has an open problem until a later normal/refilled report. */
export const PROBLEM_STATUSES: readonly MachineVisitStatus[] = ["out_of_stock", "broken"];

export const isProblemStatus = (status: string | null | undefined): boolean =>
  status != null && (PROBLEM_STATUSES as readonly string[]).includes(status);

/** Type 2 (tied to the cabinet) must be reported from inside its radius, with a photo. */
export const requiresPresence = (type: number): boolean => type === MachineType.sync;

export const DEFAULT_MACHINE_RADIUS_M = 100;

export const MAX_VISIT_NOTE = 500;

export const MACHINE_VISIT_MESSAGES = {
  notFound: "ไม่พบตู้นี้ หรือตู้ถูกปิดใช้งานแล้ว",
  notAssigned: "ตู้นี้ไม่ได้อยู่ในความรับผิดชอบของคุณ",
  positionRequired: "ตู้นี้ต้องส่งรายงานที่ตู้ กรุณาเปิดตำแหน่ง (GPS) แล้วลองใหม่",
  photoRequired: "กรุณาแนบรูปถ่ายตู้",
  outside: (distance: number, radius: number) =>
    `คุณอยู่นอกพื้นที่ของตู้ ห่างจากตู้ประมาณ ${metresText(distance)} เมตร (รัศมีที่กำหนด ${metresText(radius)} เมตร) กรุณาส่งรายงานเมื่ออยู่ที่ตู้`,
  noLocation: "ตู้นี้ยังไม่ได้กำหนดตำแหน่ง กรุณาติดต่อผู้ดูแลระบบ",
} as const;

/**
 * The date a machine must be visited by: `visit_every_days` after the last visit's business date
 * (or, never visited, after the date it was registered). Null when it has no schedule.
 */
export function machineDueDate(input: {
  visitEveryDays: number | null;
  lastVisitDate: string | null;
  sinceDate: string;
}): string | null {
  if (input.visitEveryDays == null) return null;
  return addDays(input.lastVisitDate ?? input.sinceDate, input.visitEveryDays);
}

/** Overdue once the business day is past the due date (the due date itself is still on time). */
export const isOverdue = (dueDate: string | null, today: string): boolean => dueDate !== null && today > dueDate;
