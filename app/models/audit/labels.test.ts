import { getTableColumns } from "drizzle-orm";
import { holidays, leavePetitions } from "../../../db/schema";
import { SETTINGS } from "~/models/core/settings.server";
import { EmployeeFields } from "~/models/employees/schema";
import { toHolidayDto } from "~/models/leave/holidays.server";
import { toPetitionDto } from "~/models/leave/leave.server";
import { GroupUpdateSchema } from "~/models/line/group.server";
import { ReplyCreateSchema } from "~/models/line/message-schema";
import { MachineFields } from "~/models/machines/schema";
import { actionLabel, entityLabel, fieldLabel } from "./labels";

const THAI = /[\u0E00-\u0E7F]/;

/** A row of a table with every column null but the given ones: enough for a DTO's keys. */
function blankRow<T extends Parameters<typeof getTableColumns>[0]>(table: T, values: Record<string, unknown>) {
  return { ...Object.fromEntries(Object.keys(getTableColumns(table)).map((k) => [k, null])), ...values };
}

// The fields each recordAudit call writes into `changes`, by entity: the inputs and DTOs it stores
// whole (from their schemas, so a new field shows up here), and the literal keys of the others.
const WRITTEN: Record<string, string[]> = {
  employee: [
    ...Object.keys(EmployeeFields),
    "resign_date",
    "photo_url",
    "face_url",
    "face_consent_at",
    "line_user_id",
    "note",
    "mode",
    "total",
    "created",
    "skipped",
    "push_id",
    "kind",
    "messages",
    "schedule",
    "effective_from",
  ],
  machine: [...Object.keys(MachineFields), "photo_url", "employee_id", "reason"],
  leave_petition: [
    ...Object.keys(toPetitionDto(blankRow(leavePetitions, { id: 1, type: 1, status: 1 }) as Parameters<typeof toPetitionDto>[0])),
    "note",
    "holiday_dates",
  ],
  leave_quota: ["year", "type", "quota"],
  holiday: Object.keys(toHolidayDto(blankRow(holidays, { date: "2026-12-05" }) as Parameters<typeof toHolidayDto>[0])),
  holiday_year: ["added", "offered"],
  attendance: ["review_status", "note", "checked", "checkin_at", "checkout_at", "late_minutes", "early_minutes", "created", "correction_id", "cutoff", "records", "photos"],
  attendance_correction: ["attendance_id", "checkin_at", "checkout_at", "reason", "status", "note"],
  overtime_request: ["employee_id", "date", "start", "end", "minutes", "reason", "status", "source", "decided_by", "decided_at", "decision_note", "created_at", "note"],
  reply_message: [...Object.keys(ReplyCreateSchema.shape), "sync_error", "synced_at", "created_at", "updated_at", "synced", "invalid"],
  line_group: [...Object.keys(GroupUpdateSchema.shape), "text"],
  admin: ["username", "full_name", "active", "password", "revoked_sessions", "session", "other_sessions", "line_user_id", "via"],
  settings: Object.keys(SETTINGS),
  payroll_month: ["month", "reason", "closed_at", "closed_by"],
  schedule: ["name", "days", "late_grace_minutes", "early_grace_minutes", "effective_from"],
  kiosk: ["office"],
};

test.each(Object.entries(WRITTEN))("every field a model writes on %s has a Thai label", (entity, fields) => {
  // A stored DTO's own id and its `x_label` copies are not shown (changes.ts).
  const shown = fields.filter((f) => f !== "id" && !f.endsWith("_label"));
  const unlabelled = shown.filter((f) => !THAI.test(fieldLabel(f, entity)));
  expect(unlabelled).toEqual([]);
});

test("labels: known words in Thai, unknown ones readable", () => {
  expect(actionLabel("resign")).toBe("บันทึกการลาออก");
  expect(actionLabel("backup_download")).toBe("ดาวน์โหลดไฟล์สำรอง");
  expect(actionLabel("new_thing")).toBe("new_thing");
  expect(entityLabel("leave_petition")).toBe("ใบลา");
  expect(entityLabel("widget")).toBe("widget");
  expect(fieldLabel("start_date", "employee")).toBe("วันเริ่มงาน");
  expect(fieldLabel("start_date", "leave_petition")).toBe("วันเริ่มลา");
  expect(fieldLabel("province_id")).toBe("จังหวัด");
  expect(fieldLabel("brand_new_field")).toBe("brand new field");
});
