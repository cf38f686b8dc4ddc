import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { petitionListQuery } from "~/models/leave/schema";
import { currentLeaveYear, listPetitions } from "~/models/leave/leave.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?status=&year=&employee_id=&type=&page=&page_size=` → everyone's petitions, paged. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => jsonAnswer(listPetitions(parseQuery(petitionListQuery(currentLeaveYear()), request))),
  },
  { auth: "admin" },
);
