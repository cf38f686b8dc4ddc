// The intents of /admin/jobs.
import { intent } from "~/http/page-action.server";
import type { Actor } from "~/models/audit/audit.server";
import { JobScheduleSchema, updateJobSchedule } from "~/models/flows/scheduled-jobs.server";

/** The schedule form; no /api route calls updateJobSchedule, this page is its only caller. */
export const jobIntents = (actor: Actor) => ({
  schedule: intent({
    schema: JobScheduleSchema,
    invalid: "ข้อมูลเวลาไม่ถูกต้อง",
    run: (input) => updateJobSchedule(input, actor),
    done: "บันทึกเวลาของงานแล้ว",
  }),
});
