// The intents of /admin/checkin-out: the settings tab, the review tab's record and face checks,
// and the correction parts (./attendance-corrections.server).
import { DomainError } from "~/lib/errors";
import { intent, PAGE_ACTION_MESSAGES, type Fields } from "~/http/page-action.server";
import { parseOrThrow } from "~/lib/validation";
import { CheckedSchema, ReviewDecisionSchema, reviewAttendance, setAttendanceChecked } from "~/models/attendance/review.server";
import { REVIEW_SIDE_LABELS } from "~/models/attendance/review-state";
import type { Actor } from "~/models/audit/audit.server";
import { updateSettings } from "~/models/core/settings.server";
import { FaceReviewDecisionSchema, reviewFace } from "~/models/employees/face-review.server";
import { correctionIntents } from "./attendance-corrections.server";
import { kioskIntents } from "./kiosks.server";

/** The settings form posts its values as one JSON field; updateSettings (as PUT /api/settings) checks them. */
function settingsJson(fields: Fields): unknown {
  try {
    return JSON.parse(fields.settings ?? "");
  } catch {
    throw new DomainError(400, PAGE_ACTION_MESSAGES.badBody);
  }
}

/** The same model functions as /api/checkin-out/correct, /api/checkin-out/corrections/:id/decision, PUT /api/settings, /api/checkin-out/:id/checked, /api/checkin-out/:id/review and /api/employee/:id/face/review. */
export const checkinOutIntents = (actor: Actor) => ({
  ...correctionIntents(actor),
  ...kioskIntents(actor),
  // `settings` and `face_review` are what SettingsTab (SETTINGS_INTENT) and FaceReviews (FACE_REVIEW_INTENT) post.
  settings: intent({
    schema: settingsJson,
    run: (input) => void updateSettings(input, actor),
    done: "บันทึกการตั้งค่าแล้ว",
  }),
  checked: intent({
    id: true,
    schema: (fields) => parseOrThrow(CheckedSchema, { checked: fields.checked }, "ข้อมูลการตรวจแล้วไม่ถูกต้อง"),
    run: (input, ctx) => void setAttendanceChecked(ctx.id(), input.checked, actor),
    done: (_, input) => (input.checked ? "ทำเครื่องหมายตรวจแล้ว" : "ยกเลิกเครื่องหมายตรวจแล้ว"),
  }),
  review: intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(
        ReviewDecisionSchema,
        // The card posts `side` for one side's buttons and none for the whole record's.
        { decision: fields.decision, note: fields.note ?? "", ...(fields.side ? { side: fields.side } : {}) },
        "ข้อมูลการตรวจสอบไม่ถูกต้อง",
      ),
    run: (input, ctx) => void reviewAttendance(ctx.id(), input, actor),
    done: (_, input) => {
      const what = input.side ? REVIEW_SIDE_LABELS[input.side] : "การลงเวลา";
      return input.decision === "accept" ? `ยอมรับ${what}แล้ว` : `ปฏิเสธ${what}แล้ว`;
    },
  }),
  face_review: intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(FaceReviewDecisionSchema, { decision: fields.decision, note: fields.note ?? "", face_url: fields.face_url }, "ข้อมูลการตรวจใบหน้าไม่ถูกต้อง"),
    run: (input, ctx) => void reviewFace(ctx.id(), input, actor),
    done: (_, input) => (input.decision === "confirm" ? "ยืนยันใบหน้าแล้ว" : "ลบใบหน้าแล้ว พนักงานต้องลงทะเบียนใบหน้าใหม่"),
  }),
});
