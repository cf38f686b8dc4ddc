import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { listPushes, PushListQuery } from "~/models/line/notifier.server";
import { apiRoute } from "~/http/api-route.server";

/** GET ?employee_id=&status=&page=&page_size= → {items, total, page, page_size}, newest first. */
export const { loader, action } = apiRoute(
  { GET: ({ request }) => jsonAnswer(listPushes(parseQuery(PushListQuery, request))) },
  { auth: "admin" },
);
