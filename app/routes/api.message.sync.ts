import { json } from "~/lib/answer-bytes.server";
import { syncReplies } from "~/models/reply-message.server";
import { apiRoute } from "~/server/api-route.server";

/** Validates every active reply with LINE → `{synced, invalid:[{id, error}], synced_at}`; 502/503 when LINE fails. */
export const { loader, action } = apiRoute(
  { POST: async ({ actor }) => json(await syncReplies(actor)) },
  { auth: "admin" },
);
