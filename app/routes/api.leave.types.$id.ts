import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";
import { parseOrThrow } from "~/lib/validation";
import { LeaveTypePatchSchema } from "~/models/leave/leave-type-schema";
import { updateLeaveType } from "~/models/leave/leave-types.server";

/** PATCH `{quota_days?, per?, unit?, paid_days?, pay_percent?, half_day?, certificate_from_days?, event_window_days?, active?}` → `{type}`. */
export const { loader, action } = apiRoute(
  {
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(LeaveTypePatchSchema, await readBody(request), "ข้อมูลประเภทการลาไม่ถูกต้อง");
      return jsonAnswer({ type: updateLeaveType(id, input, actor) });
    },
  },
  { auth: "admin" },
);
