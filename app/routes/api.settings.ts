import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { apiRoute } from "~/server/api-route.server";

/** GET every setting; PUT a partial JSON object of settings → every setting (400 with Thai `fields`). */
export const { loader, action } = apiRoute(
  {
    GET: () => json({ settings: getSettings() }),
    PUT: async ({ request, actor }) => json({ settings: updateSettings(await readBody(request), actor) }),
  },
  { auth: "admin" },
);
