import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { cancelOwnLeave } from "~/models/leave/notices.server";
import { apiRoute } from "~/http/api-route.server";

/** POST: the employee cancels their own pending petition → `{petition}`; approved or decided → 409. */
export const { loader, action } = apiRoute(
  {
    POST: ({ params, employee }) => jsonAnswer({ petition: cancelOwnLeave(employee.id, intParam(params.id)).petition }),
  },
  { auth: "employee" },
);
