import { json } from "~/lib/answer-bytes.server";
import { apiError, intParam } from "~/lib/http.server";
import { ADDRESS_MESSAGES, findProvince, listAmphurs } from "~/models/address.server";
import { apiRoute } from "~/server/api-route.server";

const CACHE = { "Cache-Control": "private, max-age=3600" };

/** GET /api/amphur?province_id= — the อำเภอ/เขต of one province, in Thai order. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const param = new URL(request.url).searchParams.get("province_id");
      const provinceId = intParam(param, 400, "กรุณาระบุรหัสจังหวัด (province_id) เป็นจำนวนเต็มบวก");
      if (!findProvince(provinceId)) return apiError(404, ADDRESS_MESSAGES.provinceNotFound);
      return json({ items: listAmphurs(provinceId) }, { headers: CACHE });
    },
  },
  { auth: "admin" },
);
