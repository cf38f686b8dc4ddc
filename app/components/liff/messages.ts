/** Shown on the face page and on the home page it returns to. */
export const FACE_REGISTERED_MESSAGE = "ลงทะเบียนใบหน้าเรียบร้อยแล้ว";
