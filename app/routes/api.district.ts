import { json } from "~/lib/answer-bytes.server";
import { apiError, intParam } from "~/lib/http.server";
import { ADDRESS_MESSAGES, findAmphur, listDistricts } from "~/models/address.server";
import { apiRoute } from "~/server/api-route.server";

const CACHE = { "Cache-Control": "private, max-age=3600" };

/** GET /api/district?amphur_id= — the ตำบล/แขวง of one amphur with their zipcodes, in Thai order. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const param = new URL(request.url).searchParams.get("amphur_id");
      const amphurId = intParam(param, 400, "กรุณาระบุรหัสอำเภอ (amphur_id) เป็นจำนวนเต็มบวก");
      if (!findAmphur(amphurId)) return apiError(404, ADDRESS_MESSAGES.amphurNotFound);
      return json({ items: listDistricts(amphurId) }, { headers: CACHE });
    },
  },
  { auth: "admin" },
);
