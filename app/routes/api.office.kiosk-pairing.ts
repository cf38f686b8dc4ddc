import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { issuePairingCode, PairingRequestSchema } from "~/models/kiosk/pairing.server";

/** POST `{ office }` (its name or index in the `offices` setting) → `{ code, expires_at, office }`: a kiosk pairing code (ADR 050). */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(PairingRequestSchema, await readBody(request), "กรุณาเลือกสำนักงาน");
      return jsonAnswer(issuePairingCode(input.office, actor));
    },
  },
  { auth: "admin" },
);
