import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { intParam } from "~/http/request.server";
import { revokeKiosk } from "~/models/kiosk/kiosks.server";

/** POST → `{ kiosk }`: the kiosk's cookie no longer gets a QR (ADR 050). */
export const { loader, action } = apiRoute(
  { POST: ({ params, actor }) => jsonAnswer({ kiosk: revokeKiosk(intParam(params.id, 404, "ไม่พบเครื่องลงเวลานี้"), actor) }) },
  { auth: "admin" },
);
