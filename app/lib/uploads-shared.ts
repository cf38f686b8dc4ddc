// What the browser and the server share about uploads: the Thai messages and the thumbnail URL.
/** The Thai messages every step of an upload answers with (reading, decoding, serving). */
export const UPLOAD_MESSAGES = {
  tooLarge: "ไฟล์มีขนาดใหญ่เกิน 10 MB",
  missing: "กรุณาแนบรูปภาพ",
  unsupported: "รองรับเฉพาะไฟล์รูปภาพ JPEG, PNG, WebP หรือ HEIC",
  heicUnreadable:
    "ระบบยังอ่านไฟล์ HEIC/HEIF นี้ไม่ได้ กรุณาบันทึกหรือส่งรูปเป็น JPEG แล้วลองอีกครั้ง",
  corrupt: "ไฟล์รูปภาพเสียหายหรือไม่สมบูรณ์ กรุณาเลือกรูปใหม่",
  tooManyPixels: "รูปภาพมีความละเอียดสูงเกินไป (เกิน 50 ล้านพิกเซล)",
  notFound: "ไม่พบไฟล์",
} as const;

/** The small version of a stored picture (same URL, same authorisation), for avatars and lists. */
export function thumbUrl(url: string): string;
export function thumbUrl(url: string | null | undefined): string | null;
export function thumbUrl(url: string | null | undefined): string | null {
  return url ? `${url}?size=thumb` : null;
}
