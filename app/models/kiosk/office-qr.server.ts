import crypto from "node:crypto";
import { env } from "~/lib/env.server";
import { liffPageUrl } from "~/lib/liff-url";
import { DomainError } from "~/lib/errors";
import { sessionSecrets } from "~/lib/session.server";

// The office QR a paired kiosk shows (issue 38): a code that changes every QR_STEP_SECONDS, an
// HMAC over (office, time step) with a key derived from the server's secret, so only the server
// can make one and a photo of it stops working within a minute. Its value is a link to the LIFF
// check-in page (the LINE camera opens it), with the code in `qr`.

export const QR_STEP_SECONDS = 30;

/** The LIFF check-in page the QR opens (the LIFF endpoint is /employee: liffPageUrl). */
const CHECKIN_PAGE = "/employee/checkin-out";

export const OFFICE_QR_MESSAGES = {
  forged: "รหัส QR ไม่ถูกต้อง กรุณาสแกน QR ที่หน้าจอของสำนักงานอีกครั้ง",
  expired: "รหัส QR หมดอายุแล้ว กรุณาสแกน QR ที่หน้าจอของสำนักงานอีกครั้ง",
  otherOffice: (office: string) => `รหัส QR นี้เป็นของสำนักงาน "${office}" ซึ่งไม่ใช่สำนักงานที่คุณลงเวลาได้`,
  unknownOffice: "รหัส QR นี้เป็นของสำนักงานที่ไม่มีในการตั้งค่าแล้ว",
  used: "ใช้รหัส QR ลงเวลานี้ไปแล้ววันนี้",
} as const;

const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / QR_STEP_SECONDS);

function keyFor(secret: string) {
  return crypto.createHmac("sha256", secret).update("tn-office-qr").digest();
}

function mac(secret: string, office: string, step: number) {
  return crypto.createHmac("sha256", keyFor(secret)).update(`${office}\n${step}`).digest("base64url").slice(0, 22);
}

/** The code for an office at a step: `<step>.<office, base64url>.<mac>`. */
export function officeQrCode(office: string, now: Date = new Date()): string {
  const step = stepOf(now);
  return `${step}.${Buffer.from(office).toString("base64url")}.${mac(sessionSecrets()[0]!, office, step)}`;
}

/** The page the code opens: the LIFF check-in page (the LINE app), or this server's own in demo mode. */
export function officeQrValue(office: string, baseUrl: string, now: Date = new Date()) {
  const code = officeQrCode(office, now);
  const e = env();
  // Demo mode (no LIFF_ID): this server's own page.
  const page = e.LIFF_ID ? liffPageUrl(e.LIFF_ID, CHECKIN_PAGE) : `${baseUrl.replace(/\/+$/, "")}${CHECKIN_PAGE}`;
  return { value: `${page}?qr=${encodeURIComponent(code)}`, expires_at: new Date((stepOf(now) + 1) * QR_STEP_SECONDS * 1000).toISOString() };
}

/** The code inside a scanned value: the link's `qr` parameter, or the code itself. */
export function codeOf(value: string): string {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed).searchParams.get("qr") ?? "";
  } catch {
    return "";
  }
}

/**
 * The office a scanned value places the employee at, and its step: the current or the previous
 * step (a scan at the turn of the code), signed with the server's secret (any of SESSION_SECRET's
 * keys, newest first, so a key rotation does not refuse a code shown a moment before). 400 in
 * Thai for a forged or unreadable code, an expired one.
 */
export function verifyOfficeQr(value: string, now: Date = new Date()): { office: string; step: number } {
  const [stepText, officeText, given, extra] = codeOf(value).split(".");
  if (!stepText || !officeText || !given || extra !== undefined || !/^\d{1,12}$/.test(stepText)) {
    throw new DomainError(400, OFFICE_QR_MESSAGES.forged, { qr: OFFICE_QR_MESSAGES.forged });
  }
  const step = Number(stepText);
  const office = Buffer.from(officeText, "base64url").toString();
  const genuine = sessionSecrets().some((secret) => {
    const expected = Buffer.from(mac(secret, office, step));
    const actual = Buffer.from(given);
    return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  });
  if (!genuine) throw new DomainError(400, OFFICE_QR_MESSAGES.forged, { qr: OFFICE_QR_MESSAGES.forged });
  const current = stepOf(now);
  if (step !== current && step !== current - 1) {
    throw new DomainError(400, OFFICE_QR_MESSAGES.expired, { qr: OFFICE_QR_MESSAGES.expired });
  }
  return { office, step };
}
