import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { requireKioskApi } from "~/http/kiosk.server";
import { requestOrigin } from "~/http/request.server";
import { kioskQr } from "~/models/kiosk/kiosks.server";

/** GET (the kiosk's cookie) → `{ value, expires_at }`: what the kiosk's QR encodes now (ADR 050). */
export const { loader, action } = apiRoute(
  {
    GET: async ({ request }) => {
      const kiosk = await requireKioskApi(request);
      return jsonAnswer(kioskQr(kiosk, requestOrigin(request)), { headers: { "Cache-Control": "no-store" } });
    },
  },
  { auth: "none" },
);
