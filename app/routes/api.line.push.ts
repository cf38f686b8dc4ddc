import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { listPushes, PushListQuery } from "~/models/notifier.server";
import { apiRoute } from "~/server/api-route.server";

/** GET ?employee_id=&status=&page=&page_size= → {items, total, page, page_size}, newest first. */
export const { loader, action } = apiRoute(
  { GET: ({ request }) => json(listPushes(parseQuery(PushListQuery, request))) },
  { auth: "admin" },
);
