import { jsonAnswer, apiError } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { ADDRESS_MESSAGES, findAmphur, listDistricts } from "~/models/core/address.server";
import { apiRoute } from "~/http/api-route.server";

const CACHE = { "Cache-Control": "private, max-age=3600" };

/** GET /api/district?amphur_id= — the ตำบล/แขวง of one amphur with their zipcodes, in Thai order. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const param = new URL(request.url).searchParams.get("amphur_id");
      const amphurId = intParam(param, 400, "กรุณาระบุรหัสอำเภอ (amphur_id) เป็นจำนวนเต็มบวก");
      if (!findAmphur(amphurId)) return apiError(404, ADDRESS_MESSAGES.amphurNotFound);
      return jsonAnswer({ items: listDistricts(amphurId) }, { headers: CACHE });
    },
  },
  { auth: "admin" },
);
