import { jsonAnswer } from "~/http/answers.server";
import { syncReplies } from "~/models/line/reply-message.server";
import { apiRoute } from "~/http/api-route.server";

/** Validates every active reply with LINE → `{synced, invalid:[{id, error}], synced_at}`; 502/503 when LINE fails. */
export const { loader, action } = apiRoute(
  { POST: async ({ actor }) => jsonAnswer(await syncReplies(actor)) },
  { auth: "admin" },
);
