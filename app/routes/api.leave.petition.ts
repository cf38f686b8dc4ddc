import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { petitionListQuery } from "~/models/leave-schema";
import { currentLeaveYear, listPetitions } from "~/models/leave.server";
import { apiRoute } from "~/server/api-route.server";

/** GET `?status=&year=&employee_id=&type=&page=&page_size=` → everyone's petitions, paged. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => json(listPetitions(parseQuery(petitionListQuery(currentLeaveYear()), request))),
  },
  { auth: "admin" },
);
