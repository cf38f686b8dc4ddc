import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import { isCommonPassword } from "./common-passwords";

// OWASP's argon2id baseline. Not bcrypt: it silently cuts at 72 bytes, about 24 Thai characters.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  missing: "กรุณากรอกรหัสผ่านใหม่",
  blank: "รหัสผ่านต้องไม่เป็นช่องว่างล้วน",
  tooShort: `รหัสผ่านต้องยาวอย่างน้อย ${PASSWORD_MIN_LENGTH} ตัวอักษร`,
  tooLong: "รหัสผ่านยาวเกินไป",
  sameAsUsername: "รหัสผ่านต้องไม่เหมือนชื่อผู้ใช้",
  sameAsCurrent: "รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน",
  common: "รหัสผ่านนี้ใช้กันทั่วไปและเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น",
} as const;

/**
 * What is wrong with a new password, or null. Length counts characters (code points), so an
 * emoji is one. Username and the current password compare case-insensitively, like the list.
 */
export function newPasswordProblem(password: string, context: { username?: string; currentPassword?: string } = {}) {
  if (password.length === 0) return PASSWORD_MESSAGES.missing;
  if (password.trim().length === 0) return PASSWORD_MESSAGES.blank;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const folded = password.trim().toLowerCase();
  if (context.username && folded === context.username.trim().toLowerCase()) return PASSWORD_MESSAGES.sameAsUsername;
  if (context.currentPassword !== undefined && folded === context.currentPassword.trim().toLowerCase()) {
    return PASSWORD_MESSAGES.sameAsCurrent;
  }
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}

// argon2id takes 19 MiB and a libuv thread per hash: a burst of sign-ins would take every thread
// (file and DNS work wait behind them) and the memory of the whole burst. At most two at a time
// (38 MiB); the rest wait their turn in order.
export const MAX_CONCURRENT_HASHES = 2;
const withHashSlot = pLimit(MAX_CONCURRENT_HASHES);

export function hashPassword(password: string) {
  return withHashSlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    // A malformed stored hash is treated as a wrong password, never as a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}

// No I, O, l, 0 or 1: the password is read off a log and typed by hand.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

export function randomPassword(length = 20) {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
