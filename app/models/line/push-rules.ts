// The rules for pushing a LINE message to one employee, shared by the server (notifier) and
// the push dialog, so the dialog can say no before asking and both say it in the same words.
import { forbiddenCharactersMessage, hasForbiddenCharacters } from "~/lib/validation";

/** Longest text an admin may push to one employee (LINE allows 5,000; a notice should be short). */
export const PUSH_TEXT_MAX = 2000;

export const PUSH_MESSAGES = {
  empty: "กรุณากรอกข้อความ",
  tooLong: `ข้อความยาวเกิน ${PUSH_TEXT_MAX} ตัวอักษร`,
  forbidden: forbiddenCharactersMessage("ข้อความ"),
  notLinked: "พนักงานคนนี้ยังไม่ได้เชื่อมบัญชี LINE",
  resigned: "พนักงานคนนี้ลาออกแล้ว ส่งข้อความ LINE ไม่ได้",
} as const;

/** What is wrong with this text (checked after trimming), or null. */
export function pushTextProblem(text: string): string | null {
  if (hasForbiddenCharacters(text, true)) return PUSH_MESSAGES.forbidden;
  const trimmed = text.trim();
  if (!trimmed) return PUSH_MESSAGES.empty;
  if (trimmed.length > PUSH_TEXT_MAX) return PUSH_MESSAGES.tooLong;
  return null;
}

/** Why this employee cannot receive a push (resigned, or LINE not linked), or null. */
export function pushTargetProblem(employee: { resigned: boolean; linked: boolean }): string | null {
  if (employee.resigned) return PUSH_MESSAGES.resigned;
  if (!employee.linked) return PUSH_MESSAGES.notLinked;
  return null;
}
