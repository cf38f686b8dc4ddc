import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { intParam } from "~/http/request.server";
import { cancelOwnOvertimeAndNotify } from "~/models/overtime/notices.server";

/** POST: the employee cancels their own pending request (or an approved one not begun) → `{overtime}`; another's → 404; otherwise 409. */
export const { loader, action } = apiRoute(
  {
    POST: ({ params, employee }) => jsonAnswer({ overtime: cancelOwnOvertimeAndNotify(employee.id, intParam(params.id)) }),
  },
  { auth: "employee" },
);
