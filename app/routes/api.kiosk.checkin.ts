import { apiError, jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { requireKioskApi } from "~/http/kiosk.server";
import { readMultipartOptionalImage } from "~/lib/multipart.server";
import { parseOrThrow } from "~/lib/validation";
import { kioskCheckIn, KioskCheckInSchema } from "~/models/kiosk/kiosk-checkin.server";

/**
 * POST multipart `employee_code, pin, type, photo` (the kiosk's cookie) → 201 `{ checkin: { type,
 * at, office, full_name, review } }`: a check-in at the kiosk without LINE (ADR 050).
 */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const kiosk = await requireKioskApi(request);
      if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
        return apiError(400, "ต้องส่งข้อมูลลงเวลาแบบ multipart/form-data");
      }
      const { file, form } = await readMultipartOptionalImage(request, "photo");
      const input = parseOrThrow(KioskCheckInSchema, Object.fromEntries(form), "ข้อมูลการลงเวลาไม่ถูกต้อง");
      return jsonAnswer(await kioskCheckIn(kiosk, input, file), { status: 201 });
    },
  },
  { auth: "none" },
);
