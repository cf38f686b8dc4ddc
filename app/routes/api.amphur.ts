import { jsonAnswer, apiError } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { ADDRESS_MESSAGES, findProvince, listAmphurs } from "~/models/core/address.server";
import { apiRoute } from "~/http/api-route.server";

const CACHE = { "Cache-Control": "private, max-age=3600" };

/** GET /api/amphur?province_id= — the อำเภอ/เขต of one province, in Thai order. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const param = new URL(request.url).searchParams.get("province_id");
      const provinceId = intParam(param, 400, "กรุณาระบุรหัสจังหวัด (province_id) เป็นจำนวนเต็มบวก");
      if (!findProvince(provinceId)) return apiError(404, ADDRESS_MESSAGES.provinceNotFound);
      return jsonAnswer({ items: listAmphurs(provinceId) }, { headers: CACHE });
    },
  },
  { auth: "admin" },
);
