// The check-in page's own Thai texts (the server's refusals come with their own message).

export const GEO_MESSAGES = {
  unsupported: "โทรศัพท์หรือแอปนี้หาตำแหน่งไม่ได้ กรุณาเปิดหน้านี้ใน LINE บนโทรศัพท์",
  denied:
    "ยังไม่ได้อนุญาตให้ LINE ใช้ตำแหน่ง: iPhone ไปที่ การตั้งค่า › LINE › ตำแหน่ง แล้วเลือก “ขณะใช้แอป” และเปิด “ตำแหน่งที่แม่นยำ”; Android ไปที่ การตั้งค่า › แอป › LINE › สิทธิ์ › ตำแหน่ง แล้วเลือก “อนุญาตขณะใช้แอป” จากนั้นกด “หาตำแหน่งอีกครั้ง”",
  unavailable: "หาตำแหน่งไม่ได้ กรุณาเปิด GPS (บริการตำแหน่ง) ของโทรศัพท์ แล้วกด “หาตำแหน่งอีกครั้ง”",
  timeout: "หาตำแหน่งนานเกินไป กรุณาออกไปในที่โล่งหรือใกล้หน้าต่าง แล้วกด “หาตำแหน่งอีกครั้ง”",
  poorAccuracy: (accuracy: number, max: number) =>
    `ตำแหน่งยังไม่แม่นพอ (คลาดเคลื่อน ±${accuracy} ม. เกิน ${max} ม.) ลองใหม่ในที่โล่ง ห่างจากอาคารสูง แล้วกด “หาตำแหน่งอีกครั้ง”`,
} as const;

export const CHECKIN_MESSAGES = {
  selfieNeeded: "กรุณาถ่ายรูปใบหน้าก่อนลงเวลา",
  doneIn: "ลงเวลาเข้างานแล้ว",
  doneOut: "ลงเวลาออกงานแล้ว",
  allDone: "วันนี้ลงเวลาเข้าและออกงานครบแล้ว",
  /** After the pre-check's face problem: the server takes such a check-in for an admin's review. */
  faceReview: "ลงเวลาด้วยรูปนี้ได้ แต่ผู้ดูแลระบบจะตรวจสอบใบหน้าอีกครั้ง",
} as const;

/** Why the check-in button is off, said next to it. */
export const BLOCKED_MESSAGES = {
  locating: "กำลังหาตำแหน่ง รอสักครู่จึงจะลงเวลาได้",
  noPosition: "ยังไม่ได้ตำแหน่ง กด “หาตำแหน่งอีกครั้ง” ก่อนจึงจะลงเวลาได้",
  poorAccuracy: "ตำแหน่งยังไม่แม่นพอ หาตำแหน่งอีกครั้งก่อนจึงจะลงเวลาได้",
  selfie: "ถ่ายรูปเซลฟีก่อนจึงจะลงเวลาได้",
} as const;

/** The position hint's own titles (uncertain and outside-for-review are presence.ts's). */
export const PRESENCE_TEXT = {
  inside: "อยู่ในรัศมีลงเวลา",
  refused: "อยู่นอกพื้นที่ — ลงเวลาไม่ได้",
} as const;

export const GEOFENCE_TEXT = {
  inside: "อยู่ในพื้นที่",
  outside: "นอกพื้นที่ (รอตรวจสอบ)",
  uncertain: "ไม่แน่ชัด (รอตรวจสอบ)",
} as const;

/** The server's face decision: 1 matched, 0 not matched, null still to be reviewed. */
export function faceText(match: number | null) {
  return match === 1 ? "ตรง" : match === 0 ? "ไม่ตรง" : "รอตรวจ";
}
