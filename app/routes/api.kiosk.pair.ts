import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { kioskCookieHeader } from "~/http/kiosk.server";
import { clientIp, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { KIOSK_MESSAGES } from "~/models/kiosk/labels";
import { pairKiosk, PairSchema } from "~/models/kiosk/pairing.server";

/** POST `{ code }` → sets the kiosk's device cookie, `{ kiosk: { id, office } }` (ADR 050). */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const { code } = parseOrThrow(PairSchema, await readBody(request), KIOSK_MESSAGES.codeFormat);
      const { token, kiosk } = pairKiosk(code, clientIp(request));
      return jsonAnswer({ kiosk }, { headers: { "Set-Cookie": await kioskCookieHeader(token) } });
    },
  },
  { auth: "none" },
);
