import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { clearPin, IssuePinSchema, issuePin } from "~/models/kiosk/pins.server";

/** POST `{ pin? }` → `{ pin, issued_at }` (shown once); DELETE → `{ cleared }`: the employee's kiosk PIN (ADR 050). */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(IssuePinSchema, await readBody(request), "PIN ไม่ถูกต้อง");
      return jsonAnswer(await issuePin(id, actor, input.pin));
    },
    DELETE: ({ params, actor }) => jsonAnswer(clearPin(intParam(params.id), actor)),
  },
  { auth: "admin" },
);
