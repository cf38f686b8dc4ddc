import { json } from "@remix-run/node";
import { intParam } from "~/lib/http.server";
import { cancelOwnPetition } from "~/models/leave.server";
import { apiRoute } from "~/server/api-route.server";

/** POST: the employee cancels their own pending petition → `{petition}`; approved or decided → 409. */
export const { loader, action } = apiRoute(
  {
    POST: ({ params, employee }) => json({ petition: cancelOwnPetition(employee.id, intParam(params.id)).petition }),
  },
  { auth: "employee" },
);
