import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { DecisionSchema } from "~/models/leave-schema";
import { decideLeave } from "~/models/leave-notices.server";
import { apiRoute } from "~/server/api-route.server";

/** POST `{id, action: "accept"|"reject", note}` → `{petition}`; not pending → 409. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(DecisionSchema, await readBody(request), "ข้อมูลการพิจารณาไม่ถูกต้อง");
      return json({ petition: decideLeave(input, actor).petition });
    },
  },
  { auth: "admin" },
);
