import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { leaveTypeList } from "~/models/leave/leave-types.server";

/** GET → `{items: [{id, name_th, quota_days, per, unit, paid_days, half_day, certificate_from_days, active, …}]}`, every type by id. */
export const { loader, action } = apiRoute({ GET: () => jsonAnswer({ items: leaveTypeList() }) }, { auth: "admin" });
