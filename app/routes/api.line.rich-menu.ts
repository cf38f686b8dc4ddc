import { jsonAnswer } from "~/http/answers.server";
import { setUpRichMenu } from "~/models/line/rich-menu.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST → 200 {rich_menu_id, replaced}: the four-tile menu is the chat's default, the one made
 * before is deleted · 409 without a LIFF app or bot · 502/503 LINE.
 */
export const { loader, action } = apiRoute({ POST: async ({ actor }) => jsonAnswer(await setUpRichMenu(actor)) }, { auth: "admin" });
