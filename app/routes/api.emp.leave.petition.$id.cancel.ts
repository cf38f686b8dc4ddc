import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { cancelOwnLeave } from "~/models/leave-notices.server";
import { apiRoute } from "~/server/api-route.server";

/** POST: the employee cancels their own pending petition → `{petition}`; approved or decided → 409. */
export const { loader, action } = apiRoute(
  {
    POST: ({ params, employee }) => json({ petition: cancelOwnLeave(employee.id, intParam(params.id)).petition }),
  },
  { auth: "employee" },
);
