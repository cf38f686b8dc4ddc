import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { getSettings, updateSettings } from "~/models/core/settings.server";
import { apiRoute } from "~/http/api-route.server";

/** GET every setting; PUT a partial JSON object of settings → every setting (400 with Thai `fields`). */
export const { loader, action } = apiRoute(
  {
    GET: () => jsonAnswer({ settings: getSettings() }),
    PUT: async ({ request, actor }) => jsonAnswer({ settings: updateSettings(await readBody(request), actor) }),
  },
  { auth: "admin" },
);
