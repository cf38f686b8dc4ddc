// The kiosk's Thai texts (ADR 050), client-safe: the kiosk page, the admin's kiosk list and the
// server's refusals say the same things.

export const PAIRING_CODE_LENGTH = 6;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

export const KIOSK_MESSAGES = {
  notPaired: "เครื่องนี้ยังไม่ได้จับคู่กับสำนักงาน กรุณาใส่รหัสจับคู่จากผู้ดูแลระบบ",
  revoked: "เครื่องนี้ถูกยกเลิกการจับคู่แล้ว กรุณาขอรหัสจับคู่ใหม่จากผู้ดูแลระบบ",
  codeFormat: `รหัสจับคู่ต้องเป็นตัวเลข ${PAIRING_CODE_LENGTH} หลัก`,
  badCode: "รหัสจับคู่ไม่ถูกต้อง กรุณาตรวจสอบรหัสจากผู้ดูแลระบบ",
  expiredCode: "รหัสจับคู่หมดอายุแล้ว กรุณาขอรหัสใหม่จากผู้ดูแลระบบ",
  usedCode: "รหัสจับคู่นี้ถูกใช้ไปแล้ว กรุณาขอรหัสใหม่จากผู้ดูแลระบบ",
  throttled: (seconds: number) => `ใส่รหัสไม่ถูกต้องหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${Math.ceil(seconds / 60)} นาที`,
  officeMissing: "กรุณาเลือกสำนักงาน",
  unknownOffice: "ไม่พบสำนักงานนี้ในการตั้งค่า กรุณาเลือกสำนักงานที่มีอยู่",
  officeGone: (office: string) => `สำนักงาน "${office}" ไม่มีในการตั้งค่าแล้ว กรุณาจับคู่เครื่องนี้ใหม่`,
  notFound: "ไม่พบเครื่องลงเวลานี้",
  alreadyRevoked: "เครื่องลงเวลานี้ถูกยกเลิกไปแล้ว",
  /** A PIN check-in at a kiosk of an office the employee may not use. */
  otherOffice: (office: string) => `เครื่องลงเวลานี้อยู่ที่สำนักงาน "${office}" ซึ่งไม่ใช่สำนักงานที่คุณลงเวลาได้`,
  employeeCode: "กรุณากรอกรหัสพนักงาน",
  pinFormat: `PIN ต้องเป็นตัวเลข ${PIN_MIN_LENGTH}–${PIN_MAX_LENGTH} หลัก`,
  pinTooEasy: "PIN นี้เดาง่ายเกินไป (เลขเดียวกันทั้งหมดหรือเลขเรียง) กรุณาตั้ง PIN อื่น",
  wrongPin: "รหัสพนักงานหรือ PIN ไม่ถูกต้อง",
  pinThrottled: (seconds: number) => `ใส่ PIN ไม่ถูกต้องหลายครั้งเกินไป กรุณาลองใหม่ในอีก ${Math.ceil(seconds / 60)} นาที`,
  photoNeeded: "กรุณาถ่ายรูปใบหน้าก่อนลงเวลา",
  resigned: "พนักงานคนนี้ลาออกแล้ว",
  type: "ประเภทต้องเป็น in (เข้างาน) หรือ out (ออกงาน)",
} as const;

/** What the kiosk screen and the admin's list call things. */
export const KIOSK_LABELS = {
  kiosk: "เครื่องลงเวลา",
  offline: "ออฟไลน์",
  pinCheckin: "ลงเวลาด้วยรหัสพนักงาน",
  scanHint: "สแกน QR ด้วยกล้องของ LINE เพื่อลงเวลา",
  revoked: "ยกเลิกแล้ว",
} as const;

/** The office QR's time step (office-qr.server.ts QR_STEP_SECONDS; a test keeps them equal): a code is accepted in its step and the next. */
export const OFFICE_QR_STEP_MS = 30_000;
